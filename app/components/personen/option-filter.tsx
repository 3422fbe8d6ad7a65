import { lazy, Suspense, useId } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";

export interface FilterOption {
  id: string;
  label: string;
}

export type OptionArt = "organisation" | "rolle" | "klasse";

export interface OptionFilterProps {
  art: OptionArt;
  /** parameter of the chosen ids (repeated) */
  name: string;
  /** parameter of the text that narrows the options */
  searchName: string;
  legend: string;
  options: FilterOption[];
  chosen: string[];
  search: string | undefined;
  /** the schools whose classes the class filter offers */
  schulen?: string[];
  /** set: the filter cannot be used yet, and this says why */
  disabledHint?: string;
  onChange?: (chosen: string[]) => void;
}

// The combobox brings Headless UI; it loads after the page, the checkbox list serves until then.
const OptionCombobox = lazy(() => import("./option-combobox"));

/**
 * Several choices from a list that may have hundreds of entries. Without JavaScript: a search field that narrows
 * the options when the form is sent (it is part of the same GET form) and a list of checkboxes. With JavaScript: a
 * combobox that loads matching options from the server while the user types.
 */
export function OptionFilter(props: OptionFilterProps) {
  const hydrated = useHydrated();
  const fallback = <CheckboxOptions {...props} />;
  if (!hydrated) return fallback;
  return (
    <Suspense fallback={fallback}>
      <OptionCombobox {...props} />
    </Suspense>
  );
}

function CheckboxOptions({ name, searchName, legend, options, chosen, search, disabledHint }: OptionFilterProps) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const disabled = disabledHint !== undefined;
  return (
    <fieldset disabled={disabled} aria-describedby={disabled ? hintId : undefined} className="min-w-0">
      <legend className="mb-1 font-semibold">{legend}</legend>
      {disabled ? (
        <p id={hintId} className="text-sm">
          {disabledHint}
        </p>
      ) : (
        <>
          <div className="mb-2 flex gap-2">
            <label htmlFor={`${id}-search`} className="sr-only">
              {t("personen:filter.narrow", { what: legend })}
            </label>
            <input
              id={`${id}-search`}
              name={searchName}
              type="search"
              defaultValue={search ?? ""}
              placeholder={t("personen:filter.narrowPlaceholder")}
              className="input min-w-0 flex-1"
            />
            <button type="submit" className="btn-secondary" aria-label={t("personen:filter.narrowButtonFor", { what: legend })}>
              {t("personen:filter.narrowButton")}
            </button>
          </div>
          {options.length === 0 ? (
            <p className="text-sm">{t("personen:filter.noOptions")}</p>
          ) : (
            <ul className="max-h-48 overflow-y-auto rounded border border-gray-400 p-2">
              {options.map((option) => (
                <li key={option.id}>
                  <label className="flex items-start gap-2 py-0.5">
                    <input type="checkbox" name={name} value={option.id} defaultChecked={chosen.includes(option.id)} className="mt-1" />
                    <span>{option.label}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </fieldset>
  );
}
