import type { FieldMetadata } from "@conform-to/react";
import { useId, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";
import { ChoiceGroup, type FieldOption } from "./choice-group";

export type { FieldOption } from "./choice-group";

/**
 * Several choices from a long list (schools, roles, classes). Without JavaScript: checkboxes in a scrolling box,
 * which is plain HTML and posts like any checkbox group. With JavaScript a filter box narrows the list (hidden
 * options keep their state and are still posted) and a line counts what is chosen.
 *
 * No listbox widget: a list of real checkboxes is what screen readers and keyboards know best, and it is the same
 * markup with and without JavaScript.
 */
export function MultiSelect<Schema>({
  field,
  legend,
  options,
  hint,
}: {
  field: FieldMetadata<Schema, Record<string, unknown>, string[]>;
  legend: string;
  options: FieldOption[];
  hint?: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const filterId = useId();
  const [query, setQuery] = useState("");
  const [chosen, setChosen] = useState(() => new Set(initialValues(field.initialValue)));
  const shown = options.filter((option) => matchesFilter(option.label, query));

  const toggle = (value: string, checked: boolean) =>
    setChosen((before) => {
      const after = new Set(before);
      if (checked) after.add(value);
      else after.delete(value);
      return after;
    });

  const filter = hydrated ? (
    <div className="mb-2">
      <label htmlFor={filterId} className="mb-1 block">
        {t("fields.multiSelect.filter")}
      </label>
      <input
        id={filterId}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        onKeyDown={keepEnterFromSubmitting}
        autoComplete="off"
        className="input max-w-md"
      />
      {/* Polite and only about the filter: ticking a box is announced by the box itself. */}
      <p role="status" className="mt-1 text-sm text-gray-700">
        {query
          ? shown.length
            ? t("fields.multiSelect.shown", { shown: shown.length, total: options.length })
            : t("fields.multiSelect.noMatch")
          : ""}
      </p>
      <p className="text-sm text-gray-700">{t("fields.multiSelect.chosen", { count: chosen.size })}</p>
    </div>
  ) : null;

  return (
    <ChoiceGroup
      type="checkbox"
      field={field}
      legend={legend}
      options={options}
      hint={hint}
      above={filter}
      // Focusable options inside make the scrolling box reachable by keyboard; no tabindex of its own needed.
      listClassName="max-h-72 overflow-y-auto rounded border border-gray-600 px-3 py-2"
      isHidden={(option) => !matchesFilter(option.label, query)}
      onToggle={toggle}
    />
  );
}

/** Case and accents do not matter: "lubeck" finds "Grundschule Lübeck". */
export function matchesFilter(label: string, query: string): boolean {
  const needle = fold(query.trim());
  return needle === "" || fold(label).includes(needle);
}

function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("de");
}

function initialValues(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

// Enter in a filter box means "filter", not "send the form".
function keepEnterFromSubmitting(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === "Enter") event.preventDefault();
}
