import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { ColumnHeaders, DataTable } from "~/components/data-table";
import { Pagination } from "~/components/pagination";
import { SortHeader } from "~/components/sort-header";
import type { TranslationKey } from "~/i18n";
import { pageCount } from "~/list-state";
import { withReturnPath } from "~/return-path";
import { MehrfachLeiste } from "~/features/mehrfach/mehrfach-leiste";
import type { MehrfachAktion } from "~/features/mehrfach/aktionen";
import { PARAM, sortValue, type PersonenListParams, type SortField } from "./personen-list-params";

export interface PersonRow {
  id: string;
  familienname: string;
  vorname: string;
  username: string | null;
  personalnummer: { kind: "value"; value: string } | { kind: "missing" } | null;
  rollen: string[];
  zuordnungen: string[];
  klassen: string[];
}

interface Props {
  params: PersonenListParams;
  rows: PersonRow[];
  total: number;
  /** with BULK_VERWALTEN: a checkbox per row, the selection kept in the URL while paging */
  selectable: boolean;
  /** The bulk actions the user may start (with BULK_VERWALTEN), in menu order. */
  bulkAktionen: readonly MehrfachAktion[];
  search: string;
  hierher: string;
}

const SELECTION_FORM = "personen-auswahl";
const EMPTY = "---";

const COLUMNS: Array<{ field: SortField; label: TranslationKey; hint?: TranslationKey }> = [
  { field: "familienname", label: "personen:columns.familienname" },
  { field: "vorname", label: "personen:columns.vorname" },
  { field: "username", label: "personen:columns.username" },
  // The upstream sorts KoPers numbers as text, and it pages: the portal cannot sort them as numbers, so it says so.
  { field: "personalnummer", label: "personen:columns.personalnummer", hint: "personen:columns.personalnummerSortierung" },
];

/**
 * The result table. The selection lives in a GET form of its own: its hidden fields repeat the applied filter and
 * the persons chosen on other pages, and its paging buttons send the checkboxes of this page along, so a selection
 * survives paging without JavaScript. The filter form does not carry it: a new filter starts a new selection.
 */
export function PersonenTabelle({ params, rows, total, selectable, bulkAktionen, search, hierher }: Props) {
  const { t } = useTranslation();
  const current = new URLSearchParams(search);
  current.delete("index");
  const onPage = new Set(rows.map((row) => row.id));
  // With JavaScript the count follows the ticks at once; without it the count is the address's, updated by any button.
  const [ticked, setTicked] = useState(() => new Set(params.auswahl.filter((id) => onPage.has(id))));
  // Boxes ticked before React ran (the page works before its scripts start) count as well.
  useEffect(() => {
    const boxes = document.querySelectorAll<HTMLInputElement>(`input[form="${SELECTION_FORM}"][name="${PARAM.auswahl}"]`);
    setTicked(new Set([...boxes].filter((box) => box.checked && onPage.has(box.value)).map((box) => box.value)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when React takes over the server's page
  }, []);
  const toggle = (id: string, checked: boolean) =>
    setTicked((previous) => {
      const next = new Set(previous);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  if (rows.length === 0) {
    return (
      <p role="status" className="font-semibold">
        {t("personen:list.empty")}
      </p>
    );
  }

  const table = (
    <DataTable caption={t("personen:list.caption")}>
      <thead>
        <tr className="border-b-2 border-primary">
          {selectable ? (
            <th scope="col" className="p-2">
              <span className="sr-only">{t("personen:selection.column")}</span>
            </th>
          ) : null}
          {COLUMNS.map((column) => (
            <SortHeader
              key={column.field}
              field={column.field}
              label={t(column.label)}
              hint={column.hint ? t(column.hint) : undefined}
              sortierung={sortValue(params.sortField, params.sortOrder)}
              search={current}
            />
          ))}
          <ColumnHeaders columns={[t("personen:columns.rollen"), t("personen:columns.zuordnungen"), t("personen:columns.klassen")]} />
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} className="border-b border-gray-300 hover:bg-primary-light">
            {selectable ? (
              <td className="p-2">
                <input
                  type="checkbox"
                  form={SELECTION_FORM}
                  name={PARAM.auswahl}
                  value={row.id}
                  defaultChecked={params.auswahl.includes(row.id)}
                  onChange={(event) => toggle(row.id, event.currentTarget.checked)}
                  aria-label={t("personen:selection.select", { name: `${row.vorname} ${row.familienname}` })}
                />
              </td>
            ) : null}
            <td className="p-2">
              <AppLink
                to={withReturnPath(`/admin/personen/${row.id}`, hierher, "/admin/personen")}
                className="font-semibold text-primary underline"
              >
                {row.familienname || EMPTY}
              </AppLink>
            </td>
            <td className="p-2">{row.vorname || EMPTY}</td>
            {/* A username has no place to wrap; breaking it where needed keeps the table within 1280 px. */}
            <td className="p-2 [overflow-wrap:anywhere]">{row.username ?? EMPTY}</td>
            <td className="p-2">
              {row.personalnummer === null ? EMPTY : row.personalnummer.kind === "value" ? row.personalnummer.value : <Missing />}
            </td>
            <td className="p-2">{row.rollen.join(", ") || EMPTY}</td>
            <td className="p-2">{row.zuordnungen.join(", ") || EMPTY}</td>
            <td className="p-2">{row.klassen.join(", ") || EMPTY}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );

  if (!selectable) {
    return (
      <>
        {table}
        <Pagination search={current} page={params.seite} pageSize={params.anzahl} total={total} />
      </>
    );
  }

  // The bulk bar's own fields are sent anew by its form; carrying old ones would make them repeat in the address.
  const carried = [...current.entries()].filter(
    ([key]) => key !== PARAM.seite && key !== PARAM.auswahl && key !== "aktion" && key !== "umfang",
  );
  const elsewhere = params.auswahl.filter((id) => !onPage.has(id));
  const selected = elsewhere.length + ticked.size;
  return (
    <>
      {/* Without JavaScript the count cannot follow the ticks: it says what it counts (what was taken over so far). */}
      <p role="status" className="mb-2">
        <span className="hidden-with-scripts">{t("personen:selection.countAtLoad", { count: selected })}</span>
        <span className="hidden-without-scripts">{t("personen:selection.count", { count: selected })}</span>
      </p>
      {table}
      <Form
        method="get"
        action="/admin/personen"
        id={SELECTION_FORM}
        aria-label={t("list.pagination")}
        className="mt-4 flex flex-wrap items-center gap-4"
      >
        {carried.map(([key, value], index) => (
          <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
        ))}
        {elsewhere.map((id) => (
          <input key={id} type="hidden" name={PARAM.auswahl} value={id} />
        ))}
        <SelectionPager page={params.seite} pageSize={params.anzahl} total={total} />
        {bulkAktionen.length ? <MehrfachLeiste aktionen={bulkAktionen} ausgewaehlt={selected} total={total} /> : null}
      </Form>
    </>
  );
}

function Missing() {
  const { t } = useTranslation();
  return <span className="font-semibold text-danger">{t("personen:list.koPersMissing")}</span>;
}

/** Paging as buttons of the selection form: moving on sends this page's checkboxes along. */
function SelectionPager({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const { t } = useTranslation();
  const pages = pageCount(total, pageSize);
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return (
    <>
      <p>{t("list.range", { from, to, total })}</p>
      <p>{t("list.pageOf", { page: Math.min(page, pages), pages })}</p>
      {page > 1 ? (
        <button type="submit" name={PARAM.seite} value={page - 1} className="btn-secondary">
          {t("list.previous")}
        </button>
      ) : null}
      <button type="submit" name={PARAM.seite} value={page} className="btn-secondary">
        {t("personen:selection.keep")}
      </button>
      {page < pages ? (
        <button type="submit" name={PARAM.seite} value={page + 1} className="btn-secondary">
          {t("list.next")}
        </button>
      ) : null}
    </>
  );
}
