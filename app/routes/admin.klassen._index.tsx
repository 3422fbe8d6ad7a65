import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataTable } from "~/components/data-table";
import { KLASSE_LOESCHEN, KlasseLoeschenDialog } from "~/features/klassen/klasse-loeschen-dialog";
import { AppLink } from "~/components/app-link";
import { DialogLink, unlessOnlyDialogChanged, useRouteDialog } from "~/components/route-dialog";
import { ListFilterForm, ListHeading, ListSearchField } from "~/components/list-filter-form";
import { Pagination } from "~/components/pagination";
import { pageTitle, type I18nHandle } from "~/i18n";
import { mayOpen } from "~/permissions";
import { withParams } from "~/list-state";
import { organisationLabel } from "~/organisation-label";
import { pathOf, withReturnPath } from "~/return-path";
import { KlassenListParams, loadKlasseForAdmin } from "~/features/klassen/klassen.server";
import { answerKlasseDelete } from "~/features/klassen/klassen-writes.server";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { assertPageInRange } from "~/.server/list-params.server";
import { currentPath } from "~/.server/request-path.server";
import { findOrganisationen, schulenWithRight } from "~/.server/upstream/organisationen.server";
import { redirectWithToast, withUpstreamSession } from "~/.server/responses.server";

export const handle: I18nHandle = { i18n: "klassen" };

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const search = new URL(request.url).searchParams;
    const params = KlassenListParams.parse(Object.fromEntries(search));
    const toDelete = search.get(KLASSE_LOESCHEN);
    // The schools list feeds the filter and labels every row, so the page needs no label lookups.
    const [user, [schulen, klassen, loeschen]] = await guardWhileLoading(
      requireAdmin(request, { permissions: ["klassenverwaltung"] }),
      () =>
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
          // The delete dialog opened by address (without JavaScript): its class, checked like any other.
          toDelete === null ? null : loadKlasseForAdmin(request, toDelete),
        ]),
    );
    // Another school's id (a shared or outdated link) is not the user's to show: their own list, with a word why.
    if (params.schule && !schulen.some((schule) => schule.id === params.schule)) {
      const url = new URL(currentPath(request), "http://portal.invalid");
      url.searchParams.delete("schule");
      url.searchParams.delete("seite");
      throw await redirectWithToast(request, `${url.pathname}${url.search}`, { key: "klassen:list.schuleNotAvailable", tone: "info" });
    }
    assertPageInRange(request, params, klassen.total);
    const labels = new Map(schulen.map((schule) => [schule.id, organisationLabel(schule)]));

    return {
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
      mayCreate: mayOpen(user.rights, "/admin/klassen/new"),
      loeschen: loeschen && { id: loeschen.klasse.id, name: loeschen.klasse.name, schule: organisationLabel(loeschen.schule) },
    };
  });
}

/** The delete dialog's confirmation; afterwards the list as it was, without the dialog. */
export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    await requireAdmin(request, { permissions: ["klassenverwaltung"] });
    const url = new URL(request.url);
    const id = url.searchParams.get(KLASSE_LOESCHEN);
    url.searchParams.delete(KLASSE_LOESCHEN);
    url.searchParams.delete("index");
    return answerKlasseDelete(request, id, pathOf(url));
  });
}

// Opening and closing the delete dialog needs nothing new from the server: the row holds what it shows.
export const shouldRevalidate = unlessOnlyDialogChanged([KLASSE_LOESCHEN]);

export default function KlassenList() {
  const { t } = useTranslation();
  const { params, schulen, fixedSchule, rows, total, loeschen, mayCreate } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const descending = params.sortierung === "name_desc";
  const deleteDialog = useRouteDialog(KLASSE_LOESCHEN);
  const toDelete = rows.find((row) => row.id === deleteDialog.value) ?? loeschen;
  const dialog = toDelete ? (
    <KlasseLoeschenDialog
      dialog={deleteDialog}
      klasse={toDelete}
      error={actionData && "deleteError" in actionData ? actionData.deleteError : null}
    />
  ) : null;
  // Without JavaScript the dialog is a page of its own.
  if (deleteDialog.inline && dialog) return dialog;
  // The way back from a class's page to this list, with its filters, search and page.
  const backHere = pathOf(location);

  return (
    <>
      <ListHeading
        title={t("klassen:list.title")}
        create={
          mayCreate ? { to: withReturnPath("/admin/klassen/new", backHere, "/admin/klassen"), label: t("klassen:list.create") } : null
        }
      />
      <ListFilterForm
        key={JSON.stringify(params)}
        label={t("klassen:list.filter")}
        resetTo="/admin/klassen"
        pageSize={params.anzahl}
        sortierung={params.sortierung}
      >
        {fixedSchule ? (
          <p>
            <span className="font-semibold">{t("klassen:fields.schule")}:</span> {fixedSchule.label}
          </p>
        ) : (
          <div>
            <label htmlFor="filter-schule" className="mb-1 block font-semibold">
              {t("klassen:fields.schule")}
            </label>
            <select id="filter-schule" name="schule" defaultValue={params.schule ?? ""} className="input max-w-md">
              <option value="">{t("klassen:list.allSchulen")}</option>
              {schulen.map((schule) => (
                <option key={schule.id} value={schule.id}>
                  {schule.label}
                </option>
              ))}
            </select>
          </div>
        )}
        <ListSearchField label={t("klassen:list.search")} value={params.suche} />
      </ListFilterForm>

      <p role="status" className="mb-2 font-semibold">
        {t("klassen:list.count", { count: total })}
      </p>

      {rows.length === 0 ? null : (
        <DataTable caption={t("klassen:list.caption")}>
          <thead>
            <tr className="border-b-2 border-primary">
              {fixedSchule ? null : (
                <th scope="col" className="p-2">
                  {t("klassen:fields.schule")}
                </th>
              )}
              <th scope="col" className="p-2" aria-sort={descending ? "descending" : "ascending"}>
                <AppLink
                  to={withParams(search, { sortierung: descending ? "name_asc" : "name_desc", seite: 1 })}
                  aria-label={t(descending ? "list.sortAscending" : "list.sortDescending", {
                    column: t("klassen:fields.name"),
                  })}
                  className="text-primary underline"
                >
                  {t("klassen:fields.name")}
                  <span aria-hidden="true">{descending ? " ▼" : " ▲"}</span>
                </AppLink>
              </th>
              <th scope="col" className="cell-sticky-end p-2">
                {t("list.actions")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="group border-b border-gray-300 hover:bg-primary-light">
                {fixedSchule ? null : <td className="p-2">{row.schule}</td>}
                <td className="p-2">
                  <AppLink
                    to={withReturnPath(`/admin/klassen/${row.id}`, backHere, "/admin/klassen")}
                    className="font-semibold text-primary underline"
                  >
                    {row.name}
                  </AppLink>
                </td>
                <td className="cell-sticky-end p-2">
                  <DialogLink
                    name={KLASSE_LOESCHEN}
                    value={row.id}
                    className="text-danger underline"
                    accessibleName={t("klassen:delete.triggerFor", { name: row.name, schule: row.schule })}
                  >
                    {t("klassen:delete.trigger")}
                  </DialogLink>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}

      <Pagination search={search} page={params.seite} pageSize={params.anzahl} total={total} />
      {dialog}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, location }) => {
  const id = new URLSearchParams(location.search).get(KLASSE_LOESCHEN);
  const toDelete = loaderData?.rows.find((row) => row.id === id) ?? loaderData?.loeschen;
  if (id !== null && toDelete) return [{ title: pageTitle("klassen:delete.pageTitle", { name: toDelete.name }) }];
  return [{ title: pageTitle("klassen:list.title") }];
};
