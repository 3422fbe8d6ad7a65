import { Fragment, type ReactElement, type ReactNode } from "react";
import { useListLinks } from "~/hooks/use-list-links";
import { AppLink } from "./app-link";
import { DataTable } from "./data-table";
import { ListFilterForm, ListHeading, ListSearchField } from "./list-filter-form";
import { Pagination } from "./pagination";

/**
 * The list screen (docs/architecture.md §5, "Lists"): heading with the create link, the GET filter form, the count,
 * the table, the pager, and a row dialog, which without JavaScript is a page of its own (decision 012).
 */

/** A list's heading; the create link (when the user may) leads back to the list as it is. */
export function ListPageHeading({ title, listPath, create }: { title: string; listPath: string; create: ListCreate | null }) {
  const { linkTo } = useListLinks(listPath);
  return <ListHeading title={title} create={create ? { to: linkTo(create.path), label: create.label } : null} />;
}

interface ListCreate {
  path: string;
  label: string;
}

/** The list's count, announced when it changes. */
export function ListCount({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mb-2 font-semibold">
      {children}
    </p>
  );
}

interface ListScreenProps {
  title: string;
  listPath: string;
  /** Offered when the user may create an entry. */
  create?: ListCreate | null;
  params: { seite: number; anzahl: number; sortierung?: string; suche?: string };
  total: number;
  filterLabel: string;
  /** The search field's label; a list without a search passes none. */
  searchLabel?: string;
  /** Filter fields before the search field. */
  filters?: ReactNode;
  count: string;
  /** The table (`ListTable`). */
  children: ReactNode;
  /** The open row dialog; as a page of its own when `dialogIsPage` (the dialog's address loaded as a document). */
  dialog?: ReactNode;
  dialogIsPage?: boolean;
}

export function ListScreen(props: ListScreenProps) {
  const { title, listPath, create = null, params, total, filterLabel, searchLabel, filters, count, children, dialog, dialogIsPage } = props;
  const { search } = useListLinks(listPath);
  if (dialogIsPage && dialog) return <>{dialog}</>;
  return (
    <>
      <ListPageHeading title={title} listPath={listPath} create={create} />
      {/* A new address (a link, "back", the reset) starts the form afresh: its fields show what the list shows. */}
      <ListFilterForm
        key={JSON.stringify(params)}
        label={filterLabel}
        resetTo={listPath}
        pageSize={params.anzahl}
        sortierung={params.sortierung}
      >
        {filters}
        {searchLabel ? <ListSearchField label={searchLabel} value={params.suche} /> : null}
      </ListFilterForm>
      <ListCount>{count}</ListCount>
      {children}
      <Pagination search={search} page={params.seite} pageSize={params.anzahl} total={total} />
      {dialog}
    </>
  );
}

export interface ListColumn<Row> {
  /** The column's name; a sortable column gives its header cell (`SortHeader`). */
  header: string | ReactElement;
  cell: (row: Row) => ReactNode;
  /** The cell that names the row (`<th scope="row">`). */
  rowHeader?: boolean;
  /** The row's own screen: the cell becomes its link, which leads back to the list as it is. */
  link?: (row: Row) => string;
  /** The row's actions, kept in view at the end while the table scrolls. */
  actions?: boolean;
}

const ROW = "border-b border-gray-300 align-top hover:bg-primary-light";
const cellClass = (column: { actions?: boolean }) => (column.actions ? "cell-sticky-end p-2" : "p-2");

/** A list's table by its columns; an empty list has none (the count says so). */
export function ListTable<Row extends { id: string }>({
  caption,
  listPath,
  rows,
  columns,
  rowClassName = ROW,
}: {
  caption: string;
  listPath: string;
  rows: readonly Row[];
  columns: readonly ListColumn<Row>[];
  rowClassName?: string;
}) {
  const { linkTo } = useListLinks(listPath);
  if (rows.length === 0) return null;
  const content = (column: ListColumn<Row>, row: Row) =>
    column.link ? (
      <AppLink
        to={linkTo(column.link(row))}
        className={column.rowHeader ? "text-primary underline" : "font-semibold text-primary underline"}
      >
        {column.cell(row)}
      </AppLink>
    ) : (
      column.cell(row)
    );
  return (
    <DataTable caption={caption}>
      <thead>
        <tr className="border-b-2 border-primary">
          {columns.map((column, index) =>
            typeof column.header === "string" ? (
              <th key={index} scope="col" className={cellClass(column)}>
                {column.header}
              </th>
            ) : (
              <Fragment key={index}>{column.header}</Fragment>
            ),
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} className={rowClassName}>
            {columns.map((column, index) =>
              column.rowHeader ? (
                <th key={index} scope="row" className="p-2 text-left font-semibold">
                  {content(column, row)}
                </th>
              ) : (
                <td key={index} className={cellClass(column)}>
                  {content(column, row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
