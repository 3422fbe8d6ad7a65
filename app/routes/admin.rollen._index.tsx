import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ROLLEN_MERKMALE, ROLLENARTEN } from "@contract";
import { ListCheckboxFilter, ListSelectFilter } from "~/components/list-filter-form";
import { ListScreen, ListTable, type ListColumn } from "~/components/list-screen";
import { Notice } from "~/components/notice";
import { RolleAngebote, RolleLabels } from "~/features/rollen/rolle-fields";
import { pageTitle, type I18nHandle } from "~/i18n";
import { organisationLabel } from "~/organisation-label";
import { loadRollenPage, ROLLEN_LIST_REPEATED, rollenFilterIgnored, RollenListParams } from "~/features/rollen/rollen.server";
import { loadListPage } from "~/.server/list-page.server";
import { findEbenen } from "~/.server/upstream/ebenen.server";
import { withUpstreamSession } from "~/.server/responses.server";

export const handle: I18nHandle = { i18n: "rollen" };

const LIST_PATH = "/admin/rollen";

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const { params, data, total, mayCreate } = await loadListPage(request, {
      schema: RollenListParams,
      repeated: ROLLEN_LIST_REPEATED,
      access: { permissions: ["rollenverwaltung"] },
      create: "/admin/rollen/new",
      // One wave: the page of roles carries their offers and their level's name and Kennung; the levels of the filter
      // are read alongside.
      load: (params) => Promise.all([loadRollenPage(request, params), findEbenen(request, "ROLLEN_VERWALTEN", undefined)]),
      total: ([page]) => page.total,
    });
    const [page, ebenen] = data;
    return {
      params,
      rows: page.rows,
      total,
      mayCreate,
      ebenen: ebenen.items.map((ebene) => ({ id: ebene.id, label: organisationLabel(ebene) })),
      filterIgnoriert: rollenFilterIgnored(params, page.rows),
    };
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function RollenList() {
  const { t } = useTranslation();
  const { params, rows, total, mayCreate, ebenen, filterIgnoriert } = useLoaderData<typeof loader>();
  // The upstream sorts by name and offers no other order: plain headers, and the caption says the order.
  const columns: ListColumn<Row>[] = [
    { header: t("rollen:fields.name"), rowHeader: true, cell: (row) => row.name, link: (row) => `/admin/rollen/${row.id}` },
    { header: t("rollen:fields.rollenart"), cell: (row) => t(row.rollenart.key, row.rollenart.values) },
    { header: t("rollen:fields.merkmale"), cell: (row) => <RolleLabels labels={row.merkmale} /> },
    { header: t("rollen:fields.angebote"), cell: (row) => <RolleAngebote angebote={row.angebote} /> },
    { header: t("rollen:fields.ebene"), cell: (row) => row.ebene },
  ];

  return (
    <ListScreen
      title={t("rollen:list.title")}
      listPath={LIST_PATH}
      create={mayCreate ? { path: "/admin/rollen/new", label: t("rollen:list.create") } : null}
      params={params}
      total={total}
      filterLabel={t("rollen:list.filter")}
      searchLabel={t("rollen:list.search")}
      filters={
        <>
          <ListSelectFilter
            name="organisation"
            label={t("rollen:list.ebeneFilter")}
            allLabel={t("rollen:list.alleEbenen")}
            options={ebenen}
            chosen={params.organisation}
          />
          <ListCheckboxFilter
            name="rollenart"
            legend={t("rollen:fields.rollenart")}
            options={ROLLENARTEN.map((rollenart) => ({ value: rollenart, label: t(`rollen:rollenart.${rollenart}`) }))}
            chosen={params.rollenart}
          />
          <ListCheckboxFilter
            name="merkmal"
            legend={t("rollen:fields.merkmale")}
            options={ROLLEN_MERKMALE.map((merkmal) => ({ value: merkmal, label: t(`rollen:merkmal.${merkmal}`) }))}
            chosen={params.merkmal}
          />
        </>
      }
      count={t("rollen:list.count", { count: total })}
    >
      {filterIgnoriert ? (
        <Notice tone="warning" className="mb-4">
          {t("rollen:list.filterIgnoriert")}
        </Notice>
      ) : null}
      <ListTable caption={t("rollen:list.caption")} listPath={LIST_PATH} rows={rows} columns={columns} />
    </ListScreen>
  );
}

export const meta: MetaFunction<typeof loader> = () => [{ title: pageTitle("rollen:list.title") }];
