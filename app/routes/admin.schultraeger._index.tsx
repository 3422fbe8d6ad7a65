import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FoldedList } from "~/components/folded-list";
import { AppLink } from "~/components/app-link";
import { DataTable } from "~/components/data-table";
import { ListFilterForm, ListHeading, ListSearchField } from "~/components/list-filter-form";
import { Pagination } from "~/components/pagination";
import { SortHeader } from "~/components/sort-header";
import { pageTitle, type I18nHandle } from "~/i18n";
import { mayOpen } from "~/permissions";
import { pathOf, withReturnPath } from "~/return-path";
import {
  SchultraegerListParams,
  schultraegerQuery,
  schultraegerRows,
  schulenOfTraeger,
  type TraegerSchule,
} from "~/features/schultraeger/schultraeger.server";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { assertPageInRange } from "~/.server/list-params.server";
import { withUpstreamSession } from "~/.server/responses.server";
import { findOrganisationen, getRootChildren } from "~/.server/upstream/organisationen.server";

export const handle: I18nHandle = { i18n: "schultraeger" };

const LIST_PATH = "/admin/schultraeger";

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const params = SchultraegerListParams.parse(Object.fromEntries(new URL(request.url).searchParams));
    const [user, [forms, traeger]] = await guardWhileLoading(requireAdmin(request, { permissions: ["schultraegerverwaltung"] }), () =>
      Promise.all([getRootChildren(request), findOrganisationen(request, schultraegerQuery(params))]),
    );
    assertPageInRange(request, params, traeger.total);
    // The schools of the page's Träger, all of them: the second and last wave.
    const schulen = await schulenOfTraeger(
      request,
      traeger.items.map((entry) => entry.id),
    );
    return {
      params,
      rows: schultraegerRows(traeger.items, forms, schulen),
      total: traeger.total,
      mayCreate: mayOpen(user.rights, "/admin/schultraeger/new"),
    };
  });
}

export default function SchultraegerList() {
  const { t } = useTranslation();
  const { params, rows, total, mayCreate } = useLoaderData<typeof loader>();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const backHere = pathOf(location);

  return (
    <>
      <ListHeading
        title={t("schultraeger:list.title")}
        create={
          mayCreate ? { to: withReturnPath("/admin/schultraeger/new", backHere, LIST_PATH), label: t("schultraeger:list.create") } : null
        }
      />
      <ListFilterForm
        key={JSON.stringify(params)}
        label={t("schultraeger:list.filter")}
        resetTo={LIST_PATH}
        pageSize={params.anzahl}
        sortierung={params.sortierung}
      >
        <ListSearchField label={t("schultraeger:list.search")} value={params.suche} />
      </ListFilterForm>

      <p role="status" className="mb-2 font-semibold">
        {t("schultraeger:list.count", { count: total })}
      </p>

      {rows.length === 0 ? null : (
        <DataTable caption={t("schultraeger:list.caption")}>
          <thead>
            <tr className="border-b-2 border-primary">
              <SortHeader field="name" label={t("schultraeger:fields.name")} sortierung={params.sortierung} search={search} />
              <th scope="col" className="p-2">
                {t("schultraeger:fields.form")}
              </th>
              <th scope="col" className="p-2">
                {t("schultraeger:fields.schulen")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b border-gray-300 align-top hover:bg-primary-light">
                <th scope="row" className="p-2 text-left font-semibold">
                  <AppLink to={withReturnPath(`/admin/schultraeger/${row.id}`, backHere, LIST_PATH)} className="text-primary underline">
                    {row.name}
                  </AppLink>
                </th>
                <td className="p-2">{t(row.form)}</td>
                <td className="p-2">
                  <SchulenCell schulen={row.schulen} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}

      <Pagination search={search} page={params.seite} pageSize={params.anzahl} total={total} />
    </>
  );
}

/** Up to this many schools are listed openly; more fold into a disclosure that names their number. */
const OPEN_SCHULEN = 5;

/**
 * A Träger's schools, every one of them (the original cut the page's schools at 30). A long list stays compact: its
 * count, and the schools behind a native disclosure, which opens by keyboard and works without JavaScript.
 */
function SchulenCell({ schulen }: { schulen: TraegerSchule[] }) {
  const { t } = useTranslation();
  return (
    <FoldedList
      items={schulen.map((schule) => ({ key: schule.id, label: `${schule.kennung} ${schule.name}` }))}
      openUpTo={OPEN_SCHULEN}
      empty={t("schultraeger:list.keineSchulen")}
      summary={t("schultraeger:list.schulenCount", { count: schulen.length })}
    />
  );
}

export const meta: MetaFunction<typeof loader> = () => [{ title: pageTitle("schultraeger:list.title") }];
