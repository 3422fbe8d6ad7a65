import { useTranslation } from "react-i18next";
import { withParams } from "~/list-state";
import { AppLink } from "./app-link";

/**
 * A sortable column's header for lists sorted by `sortierung=<field>` (ascending) or `sortierung=-<field>`
 * (descending): a link to the list sorted by this column, ascending first and then the other way, from page 1 and
 * with the list's other parameters kept; `aria-sort` marks the column the list is sorted by.
 */
export function SortHeader({
  field,
  label,
  sortierung,
  search,
  hint,
}: {
  field: string;
  /** The column's name, translated */
  label: string;
  /** The list's current sort order, as in the URL */
  sortierung: string;
  search: URLSearchParams;
  /** How the column sorts, translated, where a user would expect otherwise; shown under the name. */
  hint?: string;
}) {
  const { t } = useTranslation();
  const descending = sortierung === `-${field}`;
  const active = descending || sortierung === field;
  return (
    <th scope="col" className="p-2" aria-sort={active ? (descending ? "descending" : "ascending") : undefined}>
      <AppLink
        to={withParams(search, { sortierung: active && !descending ? `-${field}` : field, seite: 1 })}
        aria-label={t(active && !descending ? "list.sortDescending" : "list.sortAscending", { column: label })}
        className="text-primary underline"
      >
        {label}
        {/* A no-break space keeps the arrow with the column's name. */}
        {active ? <span aria-hidden="true">{descending ? "\u00a0▼" : "\u00a0▲"}</span> : null}
      </AppLink>
      {hint ? <span className="block text-xs font-normal">{hint}</span> : null}
    </th>
  );
}
