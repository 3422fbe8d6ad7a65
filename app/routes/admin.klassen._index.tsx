import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/confirm-action";
import { DataTable } from "~/components/data-table";
import { Pagination } from "~/components/pagination";
import { pageTitle } from "~/i18n-static";
import { PAGE_SIZES, withParams } from "~/list-state";
import { organisationLabel } from "~/paths";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { KlassenListParams } from "~/.server/klassen.server";
import { assertPageInRange } from "~/.server/list-params.server";
import { flashToast } from "~/.server/portal-cookie.server";
import { currentPath } from "~/.server/request-path.server";
import { findOrganisationen, schulenWithRight } from "~/.server/upstream/organisationen.server";
import { upstreamCookieHeaders } from "~/.server/upstream/client.server";
import { redirectTo } from "~/.server/redirects.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const params = KlassenListParams.parse(Object.fromEntries(new URL(request.url).searchParams));
  // The schools list feeds the filter and labels every row, so the page needs no label lookups.
  const [, [schulen, klassen]] = await guardWhileLoading(requireAdmin(request, { permissions: ["klassenverwaltung"] }), () =>
    Promise.all([
      schulenWithRight(request, "KLASSEN_VERWALTEN"),
      findOrganisationen(request, {
        typ: "KLASSE",
        systemrechte: ["KLASSEN_VERWALTEN"],
        administriertVon: params.schule ? [params.schule] : undefined,
        searchString: params.suche,
        sortField: "name",
        sortOrder: params.sortierung === "name_desc" ? "desc" : "asc",
        offset: (params.seite - 1) * params.anzahl,
        limit: params.anzahl,
      }),
    ]),
  );
  // Another school's id (a shared or outdated link) is not the user's to show: their own list, with a word why.
  if (params.schule && !schulen.some((schule) => schule.id === params.schule)) {
    const url = new URL(currentPath(request), "http://portal.invalid");
    url.searchParams.delete("schule");
    url.searchParams.delete("seite");
    const headers = upstreamCookieHeaders(request);
    headers.append("Set-Cookie", await flashToast(request, "klassen.list.schuleNotAvailable", undefined, "info"));
    throw redirectTo(`${url.pathname}${url.search}`, { headers });
  }
  assertPageInRange(request, params, klassen.total);
  const labels = new Map(schulen.map((schule) => [schule.id, organisationLabel(schule)]));

  return data(
    {
      params,
      schulen: schulen.map((schule) => ({ id: schule.id, label: organisationLabel(schule) })),
      // An administrator of exactly one school has it fixed: no school filter, no school column.
      fixedSchule: schulen.length === 1 ? { id: schulen[0].id, label: organisationLabel(schulen[0]) } : null,
      rows: klassen.items.map((klasse) => ({
        id: klasse.id,
        name: klasse.name,
        schule: (klasse.administriertVon && labels.get(klasse.administriertVon)) || "---",
      })),
      total: klassen.total,
    },
    { headers: upstreamCookieHeaders(request) },
  );
}

export default function KlassenList() {
  const { t } = useTranslation();
  const { params, schulen, fixedSchule, rows, total } = useLoaderData<typeof loader>();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const backHere = `${location.pathname}${location.search}`;
  const descending = params.sortierung === "name_desc";

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">{t("klassen.list.title")}</h1>
        <Link to="/admin/klassen/new" className="btn-primary">
          {t("klassen.list.create")}
        </Link>
      </div>

      <Form method="get" role="search" aria-label={t("klassen.list.filter")} className="mb-4 flex flex-wrap items-end gap-4">
        {fixedSchule ? (
          <p>
            <span className="font-semibold">{t("klassen.fields.schule")}:</span> {fixedSchule.label}
          </p>
        ) : (
          <div>
            <label htmlFor="filter-schule" className="mb-1 block font-semibold">
              {t("klassen.fields.schule")}
            </label>
            <select id="filter-schule" name="schule" defaultValue={params.schule ?? ""} className="input max-w-md">
              <option value="">{t("klassen.list.allSchulen")}</option>
              {schulen.map((schule) => (
                <option key={schule.id} value={schule.id}>
                  {schule.label}
                </option>
              ))}
            </select>
          </div>
        )}
        <div>
          <label htmlFor="filter-suche" className="mb-1 block font-semibold">
            {t("klassen.list.search")}
          </label>
          <input id="filter-suche" name="suche" type="search" defaultValue={params.suche ?? ""} className="input" />
        </div>
        <div>
          <label htmlFor="filter-anzahl" className="mb-1 block font-semibold">
            {t("list.pageSize")}
          </label>
          <select id="filter-anzahl" name="anzahl" defaultValue={params.anzahl} className="input">
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
        <input type="hidden" name="sortierung" value={params.sortierung} />
        <button type="submit" className="btn-primary">
          {t("list.apply")}
        </button>
        <Link to="/admin/klassen" className="btn-secondary">
          {t("list.reset")}
        </Link>
      </Form>

      <p role="status" className="mb-2 font-semibold">
        {t("klassen.list.count", { count: total })}
      </p>

      {rows.length === 0 ? null : (
        <DataTable caption={t("klassen.list.caption")}>
          <thead>
            <tr className="border-b-2 border-primary">
              {fixedSchule ? null : <th scope="col" className="p-2">{t("klassen.fields.schule")}</th>}
              <th scope="col" className="p-2" aria-sort={descending ? "descending" : "ascending"}>
                <Link
                  to={withParams(search, { sortierung: descending ? "name_asc" : "name_desc", seite: 1 })}
                  aria-label={t(descending ? "list.sortAscending" : "list.sortDescending", {
                    column: t("klassen.fields.name"),
                  })}
                  className="text-primary underline"
                >
                  {t("klassen.fields.name")}
                  <span aria-hidden="true">{descending ? " ▼" : " ▲"}</span>
                </Link>
              </th>
              <th scope="col" className="p-2">
                {t("list.actions")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b border-gray-300 hover:bg-primary-light">
                {fixedSchule ? null : <td className="p-2">{row.schule}</td>}
                <td className="p-2">
                  <Link
                    to={`/admin/klassen/${row.id}?${new URLSearchParams({ zurueck: backHere })}`}
                    className="font-semibold text-primary underline"
                  >
                    {row.name}
                  </Link>
                </td>
                <td className="p-2">
                  <ConfirmAction
                    href={`/admin/klassen/${row.id}/loeschen?${new URLSearchParams({ zurueck: backHere })}`}
                    triggerLabel={t("klassen.delete.trigger")}
                    triggerAccessibleName={t("klassen.delete.triggerFor", { name: row.name, schule: row.schule })}
                    title={t("klassen.delete.title")}
                    message={t("klassen.delete.question", { name: row.name, schule: row.schule })}
                    confirmLabel={t("klassen.delete.confirm")}
                  />
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

export const meta: MetaFunction = () => [{ title: pageTitle("klassen.list.title") }];
