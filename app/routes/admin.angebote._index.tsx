import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FoldedList } from "~/components/folded-list";
import { ListCheckboxFilter } from "~/components/list-filter-form";
import { ListScreen, ListTable, type ListColumn } from "~/components/list-screen";
import { Notice } from "~/components/notice";
import { pageTitle, type I18nHandle } from "~/i18n";
import {
  AngeboteListParams,
  angebotRows,
  FILTER_KATEGORIEN,
  kategorieFilterIgnored,
  kategorieLabel,
} from "~/features/angebote/angebote.server";
import { loadListPage } from "~/.server/list-page.server";
import { loadFunktionen } from "~/.server/upstream/config.server";
import { withUpstreamSession } from "~/.server/responses.server";
import { findManageableAngebote } from "~/.server/upstream/angebote.server";

export const handle: I18nHandle = { i18n: "angebote" };

const LIST_PATH = "/admin/angebote";

/** Up to this many roles are listed openly; more fold into a disclosure that names their number. */
const OPEN_ROLLEN = 3;

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const { params, data, total, mayCreate } = await loadListPage(request, {
      schema: AngeboteListParams,
      repeated: ["kategorie"],
      access: { permissions: ["angebotsverwaltung"] },
      create: "/admin/angebote/new",
      // One wave: the page of offers carries their roles and owners; the switches say whether offers may be created.
      load: (params) =>
        Promise.all([
          findManageableAngebote(request, {
            offset: (params.seite - 1) * params.anzahl,
            limit: params.anzahl,
            kategorien: params.kategorie.length > 0 ? params.kategorie : undefined,
          }),
          loadFunktionen(request),
        ]),
      total: ([page]) => page.total,
    });
    const [page, funktionen] = data;
    return {
      params,
      rows: angebotRows(page.items),
      mayCreate: mayCreate && funktionen.angeboteErstellen,
      total,
      kategorien: FILTER_KATEGORIEN.map((kategorie) => ({ value: kategorie, label: kategorieLabel(kategorie) })),
      filterIgnoriert: kategorieFilterIgnored(params.kategorie, page.items),
    };
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AngeboteList() {
  const { t } = useTranslation();
  const { params, rows, total, kategorien, filterIgnoriert, mayCreate } = useLoaderData<typeof loader>();
  const columns: ListColumn<Row>[] = [
    { header: t("angebote:fields.kategorie"), cell: (row) => t(row.kategorie) },
    { header: t("angebote:fields.name"), rowHeader: true, cell: (row) => row.name, link: (row) => `/admin/angebote/${row.id}` },
    { header: t("angebote:fields.ebene"), cell: (row) => row.ebene },
    {
      header: t("angebote:fields.rollen"),
      // A long list of roles folds into a native disclosure, which opens by keyboard and works without JavaScript.
      cell: (row) => (
        <FoldedList
          items={row.rollen.map((rolle, index) => ({ key: `${index}-${rolle}`, label: rolle }))}
          openUpTo={OPEN_ROLLEN}
          empty={t("angebote:list.keineRollen")}
          summary={t("angebote:list.rollenCount", { count: row.rollen.length })}
        />
      ),
    },
    { header: t("angebote:fields.erweitert"), cell: (row) => (row.erweitert ? t("angebote:ja") : t("angebote:nein")) },
  ];

  return (
    <ListScreen
      title={t("angebote:list.title")}
      listPath={LIST_PATH}
      create={mayCreate ? { path: "/admin/angebote/new", label: t("angebote:create.title") } : null}
      params={params}
      total={total}
      filterLabel={t("angebote:list.filter")}
      filters={
        <ListCheckboxFilter
          name="kategorie"
          legend={t("angebote:list.kategorieFilter")}
          options={kategorien.map((kategorie) => ({ value: kategorie.value, label: t(kategorie.label) }))}
          chosen={params.kategorie}
        />
      }
      count={t("angebote:list.count", { count: total })}
    >
      {filterIgnoriert ? (
        <Notice tone="warning" className="mb-4">
          {t("angebote:list.kategorieIgnoriert")}
        </Notice>
      ) : null}
      <ListTable caption={t("angebote:list.caption")} listPath={LIST_PATH} rows={rows} columns={columns} />
    </ListScreen>
  );
}

export const meta: MetaFunction<typeof loader> = () => [{ title: pageTitle("angebote:list.title") }];
