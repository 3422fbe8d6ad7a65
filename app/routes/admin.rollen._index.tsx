import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { DataTable } from "~/components/data-table";
import { ListFilterForm, ListHeading, ListSearchField } from "~/components/list-filter-form";
import { Pagination } from "~/components/pagination";
import { RolleAngebote, RolleLabels } from "~/features/rollen/rolle-fields";
import { pageTitle, type I18nHandle } from "~/i18n";
import { mayOpen } from "~/permissions";
import { pathOf, withReturnPath } from "~/return-path";
import { loadRollenPage, RollenListParams } from "~/features/rollen/rollen.server";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { assertPageInRange } from "~/.server/list-params.server";
import { withUpstreamSession } from "~/.server/responses.server";

export const handle: I18nHandle = { i18n: "rollen" };

const LIST_PATH = "/admin/rollen";

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const params = RollenListParams.parse(Object.fromEntries(new URL(request.url).searchParams));
    // One wave: the page of roles carries their offers and their level's name and Kennung.
    const [user, page] = await guardWhileLoading(requireAdmin(request, { permissions: ["rollenverwaltung"] }), () =>
      loadRollenPage(request, params),
    );
    assertPageInRange(request, params, page.total);
    return { params, rows: page.rows, total: page.total, mayCreate: mayOpen(user.rights, "/admin/rollen/new") };
  });
}

export default function RollenList() {
  const { t } = useTranslation();
  const { params, rows, total, mayCreate } = useLoaderData<typeof loader>();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const backHere = pathOf(location);

  return (
    <>
      <ListHeading
        title={t("rollen:list.title")}
        create={mayCreate ? { to: withReturnPath("/admin/rollen/new", backHere, LIST_PATH), label: t("rollen:list.create") } : null}
      />
      <ListFilterForm key={JSON.stringify(params)} label={t("rollen:list.filter")} resetTo={LIST_PATH} pageSize={params.anzahl}>
        <ListSearchField label={t("rollen:list.search")} value={params.suche} />
      </ListFilterForm>

      <p role="status" className="mb-2 font-semibold">
        {t("rollen:list.count", { count: total })}
      </p>

      {rows.length === 0 ? null : (
        // The upstream sorts by name and offers no other order: plain headers, and the caption says the order.
        <DataTable caption={t("rollen:list.caption")}>
          <thead>
            <tr className="border-b-2 border-primary">
              <th scope="col" className="p-2">
                {t("rollen:fields.name")}
              </th>
              <th scope="col" className="p-2">
                {t("rollen:fields.rollenart")}
              </th>
              <th scope="col" className="p-2">
                {t("rollen:fields.merkmale")}
              </th>
              <th scope="col" className="p-2">
                {t("rollen:fields.angebote")}
              </th>
              <th scope="col" className="p-2">
                {t("rollen:fields.ebene")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b border-gray-300 align-top hover:bg-primary-light">
                <th scope="row" className="p-2 text-left font-semibold">
                  <AppLink to={withReturnPath(`/admin/rollen/${row.id}`, backHere, LIST_PATH)} className="text-primary underline">
                    {row.name}
                  </AppLink>
                </th>
                <td className="p-2">{t(row.rollenart.key, row.rollenart.values)}</td>
                <td className="p-2">
                  <RolleLabels labels={row.merkmale} />
                </td>
                <td className="p-2">
                  <RolleAngebote angebote={row.angebote} />
                </td>
                <td className="p-2">{row.ebene}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}

      <Pagination search={search} page={params.seite} pageSize={params.anzahl} total={total} />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = () => [{ title: pageTitle("rollen:list.title") }];
