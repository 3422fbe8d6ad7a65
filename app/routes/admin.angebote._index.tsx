import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FoldedList } from "~/components/folded-list";
import { AppLink } from "~/components/app-link";
import { DataTable } from "~/components/data-table";
import { ListFilterForm, ListHeading } from "~/components/list-filter-form";
import { Pagination } from "~/components/pagination";
import { pageTitle, type I18nHandle } from "~/i18n";
import { pathOf, withReturnPath } from "~/return-path";
import { AngeboteListParams, angebotRows } from "~/features/angebote/angebote.server";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { assertPageInRange } from "~/.server/list-params.server";
import { withUpstreamSession } from "~/.server/responses.server";
import { findManageableAngebote } from "~/.server/upstream/angebote.server";

export const handle: I18nHandle = { i18n: "angebote" };

const LIST_PATH = "/admin/angebote";

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const params = AngeboteListParams.parse(Object.fromEntries(new URL(request.url).searchParams));
    // One wave: the page of offers carries their roles and owners.
    const [, page] = await guardWhileLoading(requireAdmin(request, { permissions: ["angebotsverwaltung"] }), () =>
      findManageableAngebote(request, { offset: (params.seite - 1) * params.anzahl, limit: params.anzahl }),
    );
    assertPageInRange(request, params, page.total);
    return { params, rows: angebotRows(page.items), total: page.total };
  });
}

export default function AngeboteList() {
  const { t } = useTranslation();
  const { params, rows, total } = useLoaderData<typeof loader>();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const backHere = pathOf(location);

  return (
    <>
      <ListHeading title={t("angebote:list.title")} />
      <ListFilterForm key={JSON.stringify(params)} label={t("angebote:list.filter")} resetTo={LIST_PATH} pageSize={params.anzahl} />

      <p role="status" className="mb-2 font-semibold">
        {t("angebote:list.count", { count: total })}
      </p>

      {rows.length === 0 ? null : (
        <DataTable caption={t("angebote:list.caption")}>
          <thead>
            <tr className="border-b-2 border-primary">
              <th scope="col" className="p-2">
                {t("angebote:fields.kategorie")}
              </th>
              <th scope="col" className="p-2">
                {t("angebote:fields.name")}
              </th>
              <th scope="col" className="p-2">
                {t("angebote:fields.ebene")}
              </th>
              <th scope="col" className="p-2">
                {t("angebote:fields.rollen")}
              </th>
              <th scope="col" className="p-2">
                {t("angebote:fields.erweitert")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b border-gray-300 align-top hover:bg-primary-light">
                <td className="p-2">{t(row.kategorie)}</td>
                <th scope="row" className="p-2 text-left font-semibold">
                  <AppLink to={withReturnPath(`/admin/angebote/${row.id}`, backHere, LIST_PATH)} className="text-primary underline">
                    {row.name}
                  </AppLink>
                </th>
                <td className="p-2">{row.ebene}</td>
                <td className="p-2">
                  <RollenCell rollen={row.rollen} />
                </td>
                <td className="p-2">{row.erweitert ? t("angebote:ja") : t("angebote:nein")}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}

      <Pagination search={search} page={params.seite} pageSize={params.anzahl} total={total} />
    </>
  );
}

/** Up to this many roles are listed openly; more fold into a disclosure that names their number. */
const OPEN_ROLLEN = 3;

/** An offer's roles: a long list folds into a native disclosure, which opens by keyboard and works without JavaScript. */
function RollenCell({ rollen }: { rollen: string[] }) {
  const { t } = useTranslation();
  return (
    <FoldedList
      items={rollen.map((rolle, index) => ({ key: `${index}-${rolle}`, label: rolle }))}
      openUpTo={OPEN_ROLLEN}
      empty={t("angebote:list.keineRollen")}
      summary={t("angebote:list.rollenCount", { count: rollen.length })}
    />
  );
}

export const meta: MetaFunction<typeof loader> = () => [{ title: pageTitle("angebote:list.title") }];
