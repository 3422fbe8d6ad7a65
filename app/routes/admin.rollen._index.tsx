import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListScreen, ListTable, type ListColumn } from "~/components/list-screen";
import { RolleAngebote, RolleLabels } from "~/features/rollen/rolle-fields";
import { pageTitle, type I18nHandle } from "~/i18n";
import { loadRollenPage, RollenListParams } from "~/features/rollen/rollen.server";
import { loadListPage } from "~/.server/list-page.server";
import { withUpstreamSession } from "~/.server/responses.server";

export const handle: I18nHandle = { i18n: "rollen" };

const LIST_PATH = "/admin/rollen";

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const { params, data, total, mayCreate } = await loadListPage(request, {
      schema: RollenListParams,
      access: { permissions: ["rollenverwaltung"] },
      create: "/admin/rollen/new",
      // One wave: the page of roles carries their offers and their level's name and Kennung.
      load: (params) => loadRollenPage(request, params),
      total: (page) => page.total,
    });
    return { params, rows: data.rows, total, mayCreate };
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function RollenList() {
  const { t } = useTranslation();
  const { params, rows, total, mayCreate } = useLoaderData<typeof loader>();
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
      count={t("rollen:list.count", { count: total })}
    >
      <ListTable caption={t("rollen:list.caption")} listPath={LIST_PATH} rows={rows} columns={columns} />
    </ListScreen>
  );
}

export const meta: MetaFunction<typeof loader> = () => [{ title: pageTitle("rollen:list.title") }];
