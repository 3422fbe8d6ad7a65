import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FoldedList } from "~/components/folded-list";
import { ListScreen, ListTable, type ListColumn } from "~/components/list-screen";
import { useListLinks } from "~/hooks/use-list-links";
import { SortHeader } from "~/components/sort-header";
import { pageTitle, type I18nHandle } from "~/i18n";
import { SchultraegerListParams, schultraegerQuery, schultraegerRows, schulenOfTraeger } from "~/features/schultraeger/schultraeger.server";
import { loadListPage } from "~/.server/list-page.server";
import { withUpstreamSession } from "~/.server/responses.server";
import { findOrganisationen, getRootChildren } from "~/.server/upstream/organisationen.server";

export const handle: I18nHandle = { i18n: "schultraeger" };

const LIST_PATH = "/admin/schultraeger";

/** Up to this many schools are listed openly; more fold into a disclosure that names their number. */
const OPEN_SCHULEN = 5;

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const { params, data, total, mayCreate } = await loadListPage(request, {
      schema: SchultraegerListParams,
      access: { permissions: ["schultraegerverwaltung"] },
      create: "/admin/schultraeger/new",
      load: (params) => Promise.all([getRootChildren(request), findOrganisationen(request, schultraegerQuery(params))]),
      total: ([, traeger]) => traeger.total,
    });
    const [forms, traeger] = data;
    // The schools of the page's Träger, all of them: the second and last wave.
    const schulen = await schulenOfTraeger(
      request,
      traeger.items.map((entry) => entry.id),
    );
    return { params, rows: schultraegerRows(traeger.items, forms, schulen), total, mayCreate };
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function SchultraegerList() {
  const { t } = useTranslation();
  const { params, rows, total, mayCreate } = useLoaderData<typeof loader>();
  const { search } = useListLinks(LIST_PATH);
  const columns: ListColumn<Row>[] = [
    {
      header: <SortHeader field="name" label={t("schultraeger:fields.name")} sortierung={params.sortierung} search={search} />,
      rowHeader: true,
      cell: (row) => row.name,
      link: (row) => `/admin/schultraeger/${row.id}`,
    },
    { header: t("schultraeger:fields.form"), cell: (row) => t(row.form) },
    {
      header: t("schultraeger:fields.schulen"),
      // Every one of a Träger's schools (the original cut the page's schools at 30); a long list stays compact.
      cell: (row) => (
        <FoldedList
          items={row.schulen.map((schule) => ({ key: schule.id, label: `${schule.kennung} ${schule.name}` }))}
          openUpTo={OPEN_SCHULEN}
          empty={t("schultraeger:list.keineSchulen")}
          summary={t("schultraeger:list.schulenCount", { count: row.schulen.length })}
        />
      ),
    },
  ];

  return (
    <ListScreen
      title={t("schultraeger:list.title")}
      listPath={LIST_PATH}
      create={mayCreate ? { path: "/admin/schultraeger/new", label: t("schultraeger:list.create") } : null}
      params={params}
      total={total}
      filterLabel={t("schultraeger:list.filter")}
      searchLabel={t("schultraeger:list.search")}
      count={t("schultraeger:list.count", { count: total })}
    >
      <ListTable caption={t("schultraeger:list.caption")} listPath={LIST_PATH} rows={rows} columns={columns} />
    </ListScreen>
  );
}

export const meta: MetaFunction<typeof loader> = () => [{ title: pageTitle("schultraeger:list.title") }];
