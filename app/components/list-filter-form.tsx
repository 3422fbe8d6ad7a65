import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { SEARCH_TEXT_MAX } from "~/list-state";
import { FieldLabel } from "./field-label";
import { PageSizeField } from "./pagination";

/** A list's heading, with the button to create a new entry when the user may. */
export function ListHeading({ title, create }: { title: string; create?: { to: string; label: string } | null }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      {create ? (
        <Link to={create.to} className="btn-primary">
          {create.label}
        </Link>
      ) : null}
    </div>
  );
}

/**
 * A list's GET form for its filters and search (docs/architecture.md, "Lists"): the page size, the current sort order
 * kept, "apply" and "reset". Give it `key={JSON.stringify(params)}`: a new address (a link, "back", the reset) then
 * starts the form afresh, so its fields show what the list shows.
 */
export function ListFilterForm({
  label,
  resetTo,
  pageSize,
  sortierung,
  children,
}: {
  label: string;
  resetTo: string;
  pageSize: number;
  /** The current sort order, kept; a list without sorting passes none. */
  sortierung?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form method="get" role="search" aria-label={label} className="mb-4 flex flex-wrap items-end gap-4">
      {children}
      <PageSizeField value={pageSize} />
      {sortierung ? <input type="hidden" name="sortierung" value={sortierung} /> : null}
      <button type="submit" className="btn-primary">
        {t("list.apply")}
      </button>
      <Link to={resetTo} className="btn-secondary">
        {t("list.reset")}
      </Link>
    </Form>
  );
}

/** The list's search text (`suche`). */
export function ListSearchField({ label, value }: { label: string; value: string | undefined }) {
  return (
    <div>
      <FieldLabel id="filter-suche" label={label} />
      <input id="filter-suche" name="suche" type="search" defaultValue={value ?? ""} maxLength={SEARCH_TEXT_MAX} className="input" />
    </div>
  );
}

/**
 * A filter of a short, fixed set (categories, role types): checkboxes under a legend, each checked one a repeated
 * parameter of the GET form. The same plain HTML with and without JavaScript; a long or searchable set takes the
 * person list's option filter instead.
 */
export function ListCheckboxFilter({
  name,
  legend,
  options,
  chosen,
}: {
  name: string;
  legend: string;
  options: { value: string; label: string }[];
  chosen: readonly string[];
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {options.map((option, index) => (
          <label key={option.value} htmlFor={`filter-${name}-${index}`} className="flex items-center gap-2 py-1">
            <input
              id={`filter-${name}-${index}`}
              type="checkbox"
              name={name}
              value={option.value}
              defaultChecked={chosen.includes(option.value)}
              className="h-5 w-5"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A filter of one choice from a list the page holds whole (a school, a level): a select whose first option means
 * "all", its value a parameter of the GET form.
 */
export function ListSelectFilter({
  name,
  label,
  allLabel,
  options,
  chosen,
}: {
  name: string;
  label: string;
  allLabel: string;
  options: { id: string; label: string }[];
  chosen: string | undefined;
}) {
  const id = `filter-${name}`;
  return (
    <div>
      <FieldLabel id={id} label={label} />
      <select id={id} name={name} defaultValue={chosen ?? ""} className="input max-w-md">
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
