import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Label, Field } from "@headlessui/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChosenOptions, type ChoiceProps, type FilterOption, type OptionFilterProps, type StandInHandover } from "./option-filter";

/** How long typing may pause before the options are asked for. */
const DEBOUNCE_MS = 250;

/**
 * The option filter with JavaScript: a Headless UI combobox (several values) whose options come from
 * `/admin/personen/optionen` as the user types. The chosen values are shown as removable chips and travel in hidden
 * inputs of the surrounding GET form, under the same names the checkbox list uses. The choice itself is kept by
 * `OptionFilter`, which shows a stand-in until this code is there.
 */
export default function OptionCombobox({
  art,
  name,
  legend,
  options,
  schulen,
  disabledHint,
  selected,
  onSelect,
  onShown,
}: OptionFilterProps & ChoiceProps & { onSelect: (next: FilterOption[]) => void; onShown: () => StandInHandover }) {
  const { t } = useTranslation();
  const id = useId();
  const fetcher = useFetcher<{ options: FilterOption[] }>();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const disabled = disabledHint !== undefined;

  const load = (text: string) => {
    const search = new URLSearchParams({ art, suche: text });
    for (const schule of schulen ?? []) search.append("schule", schule);
    fetcher.load(`/admin/personen/optionen?${search.toString()}`);
  };

  // Before the first paint with it the stand-in goes, so the filter never shows twice; the focus it had (in its field
  // or on its button) moves on to this field first, so it never falls back to the page.
  // What was typed into the stand-in meanwhile comes along: not a keystroke is lost while this code loads.
  useLayoutEffect(() => {
    const { focused, typed } = onShown();
    if (typed !== "" && input.current) {
      input.current.value = typed;
      ask(typed);
    }
    if (focused) input.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when it appears
  }, []);
  useEffect(() => {
    // Schools chosen in the form (not yet applied): their classes are not in the page's data, so they are asked for.
    if (!disabled && options.length === 0) load("");
    return () => clearTimeout(timer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the filter appears
  }, []);

  const ask = (text: string) => {
    setQuery(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => load(text), DEBOUNCE_MS);
  };

  const choose = (next: FilterOption[], { close = true } = {}) => {
    onSelect(next);
    // The typed text did its job: the field is empty for the next search (else "Deich" + "Seeblick" finds nothing).
    if (query !== "") {
      clearTimeout(timer.current);
      setQuery("");
      load("");
    }
    // A choice closes the list, as one would expect of a filter: Headless UI keeps a multiple combobox open, and
    // offers no call to close it, so the field gets the Escape its own keyboard handling closes it with.
    if (close) requestAnimationFrame(() => input.current?.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true })));
  };
  const shown = fetcher.data?.options ?? options;

  return (
    <Field disabled={disabled} className="min-w-0">
      <Label className="mb-1 block font-semibold">{legend}</Label>
      {disabled ? (
        <p id={`${id}-hint`} className="text-sm">
          {disabledHint}
        </p>
      ) : null}
      <Combobox multiple value={selected} by="id" onChange={choose} onClose={() => setQuery("")} immediate>
        <div className="relative flex">
          <ComboboxInput
            className="input min-w-0 flex-1"
            placeholder={t("personen:filter.narrowPlaceholder")}
            aria-describedby={disabled ? `${id}-hint` : undefined}
            ref={input}
            displayValue={() => query}
            onChange={(event) => ask(event.target.value)}
          />
          <ComboboxButton className="btn-secondary ml-1" aria-label={t("personen:filter.showOptions", { what: legend })}>
            <span aria-hidden="true">▾</span>
          </ComboboxButton>
        </div>
        {/* Not modal: the rest of the page stays usable while the list is open (the first click elsewhere counts). */}
        <ComboboxOptions
          modal={false}
          anchor="bottom start"
          className="z-20 max-h-60 w-[var(--input-width)] overflow-y-auto rounded border border-gray-400 bg-white p-1 shadow-lg empty:invisible"
        >
          {shown.length === 0 ? (
            <div className="p-2 text-sm">{t("personen:filter.noOptions")}</div>
          ) : (
            shown.map((option) => (
              <ComboboxOption
                key={option.id}
                value={option}
                className="flex cursor-pointer items-start gap-2 p-1 data-[focus]:bg-primary-light"
              >
                {({ selected: isChosen }) => (
                  <>
                    <span aria-hidden="true" className="w-4">
                      {isChosen ? "✓" : ""}
                    </span>
                    <span>{option.label}</span>
                  </>
                )}
              </ComboboxOption>
            ))
          )}
        </ComboboxOptions>
      </Combobox>
      <ChosenOptions
        legend={legend}
        name={name}
        chosen={selected}
        onRemove={(option) =>
          choose(
            selected.filter((other) => other.id !== option.id),
            { close: false },
          )
        }
      />
    </Field>
  );
}
