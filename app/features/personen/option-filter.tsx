import { lazy, Suspense, useId, useRef, useState, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { FieldLabel } from "~/components/field-label";
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

// The combobox brings Headless UI (about 50 kB gzip, more than a screen's own budget): like the dialogs
// (docs/decisions/004) its code loads when the pointer reaches the filter, not with the page, and it takes the
// stand-in's place when the focus reaches the field or its button.
const loadCombobox = () => import("./option-combobox");
const OptionCombobox = lazy(loadCombobox);

/**
 * Several choices from a list that may have hundreds of entries. Without JavaScript: a search field that narrows
 * the options when the form is sent (it is part of the same GET form) and a list of checkboxes. With JavaScript: a
 * combobox that loads matching options from the server while the user types; until its code is there, a stand-in
 * that looks the same and carries the chosen values. The server's page holds both the list and the stand-in, and the
 * document's scripts mark shows one of them from the first frame on (document/scripts-mark.tsx): the much taller
 * list would otherwise turn into the stand-in at hydration and pull the table up under the reader's pointer.
 */
export function OptionFilter(props: OptionFilterProps) {
  const hydrated = useHydrated();
  const [wanted, setWanted] = useState(false);
  const [comboboxShown, setComboboxShown] = useState(false);
  const standIn = useRef<HTMLDivElement>(null);
  // The choice lives here, not in the combobox: a chip removed on the stand-in is gone in the combobox as well.
  const [selected, setSelected] = useState(() => props.options.filter((option) => props.chosen.includes(option.id)));
  const select = (next: FilterOption[]) => {
    setSelected(next);
    props.onChange?.(next.map((option) => option.id));
  };
  return (
    <div className="min-w-0">
      {/* The stand-in keeps its place (and the focus, and the element under the pointer) until the combobox's code is
          there and the combobox is in the page; then it goes in the same frame. */}
      {comboboxShown ? null : (
        <ComboboxStandIn
          {...props}
          rootRef={standIn}
          selected={selected}
          onRemove={(option) => select(selected.filter((other) => other.id !== option.id))}
          // Before hydration the checkboxes carry the chosen values; the stand-in would send them a second time.
          carriesValues={hydrated}
          onWant={() => setWanted(true)}
        />
      )}
      {wanted ? (
        <Suspense fallback={null}>
          <OptionCombobox
            {...props}
            selected={selected}
            onSelect={select}
            onShown={() => {
              setComboboxShown(true);
              // The focus and the text typed so far are in the stand-in, which goes now: the combobox takes both over.
              return {
                focused: standIn.current?.contains(document.activeElement) ?? false,
                typed: standIn.current?.querySelector("input")?.value ?? "",
              };
            }}
          />
        </Suspense>
      ) : null}
      {hydrated ? null : <CheckboxOptions {...props} />}
    </div>
  );
}

export type ChoiceProps = { selected: FilterOption[] };

/** What the stand-in hands over to the combobox that replaces it. */
export interface StandInHandover {
  focused: boolean;
  typed: string;
}

/**
 * The combobox's look without its code. The pointer on it loads the code; the focus in its field or on its button
 * hands over to the combobox, which then takes the focus. Its chips work on their own (a chip's button takes the
 * focus without a hand-over: the chip it meant would be gone under it).
 */
function ComboboxStandIn({
  legend,
  name,
  disabledHint,
  selected,
  onRemove,
  carriesValues,
  onWant,
  rootRef,
}: OptionFilterProps &
  ChoiceProps & {
    onRemove: (option: FilterOption) => void;
    carriesValues: boolean;
    onWant: () => void;
    rootRef: RefObject<HTMLDivElement>;
  }) {
  const { t } = useTranslation();
  const id = useId();
  const disabled = disabledHint !== undefined;
  return (
    <div ref={rootRef} className="hidden-without-scripts" onPointerEnter={() => void loadCombobox()}>
      <FieldLabel id={`${id}-input`} label={legend} />
      {disabled ? (
        <p id={`${id}-hint`} className="text-sm">
          {disabledHint}
        </p>
      ) : null}
      <div className="relative flex">
        <input
          id={`${id}-input`}
          type="text"
          aria-describedby={disabled ? `${id}-hint` : undefined}
          disabled={disabled}
          placeholder={t("personen:filter.narrowPlaceholder")}
          className="input min-w-0 flex-1"
          onFocus={onWant}
        />
        <button
          type="button"
          disabled={disabled}
          className="btn-secondary ml-1"
          aria-label={t("personen:filter.showOptions", { what: legend })}
          onFocus={onWant}
        >
          <span aria-hidden="true">▾</span>
        </button>
      </div>
      <ChosenOptions legend={legend} name={carriesValues ? name : undefined} chosen={selected} onRemove={onRemove} />
    </div>
  );
}

/** The chosen values as chips with a remove button each; their hidden inputs (with a name) carry them in the GET form. */
export function ChosenOptions({
  legend,
  name,
  chosen,
  onRemove,
}: {
  legend: string;
  name: string | undefined;
  chosen: FilterOption[];
  onRemove?: (option: FilterOption) => void;
}) {
  const { t } = useTranslation();
  if (chosen.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={t("personen:filter.chosen", { what: legend })}>
      {chosen.map((option) => (
        <li key={option.id} className="flex items-center gap-1 rounded border border-primary px-2 py-0.5 text-sm">
          {option.label}
          <button
            type="button"
            // 24 × 24 px at least: a target a finger can hit (WCAG 2.2, 2.5.8)
            className="inline-flex h-6 min-w-6 items-center justify-center text-primary underline"
            aria-label={t("personen:filter.remove", { label: option.label })}
            onClick={() => onRemove?.(option)}
          >
            <span aria-hidden="true">×</span>
          </button>
          {name ? <input type="hidden" name={name} value={option.id} /> : null}
        </li>
      ))}
    </ul>
  );
}

function CheckboxOptions({ name, searchName, legend, options, chosen, search, disabledHint }: OptionFilterProps) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const disabled = disabledHint !== undefined;
  return (
    <fieldset disabled={disabled} aria-describedby={disabled ? hintId : undefined} className="hidden-with-scripts min-w-0">
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
