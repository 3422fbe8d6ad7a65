import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { DataTable } from "~/components/data-table";
import { ListFilterForm, ListHeading, ListSearchField } from "~/components/list-filter-form";
import { Pagination } from "~/components/pagination";
import { DialogLink, unlessOnlyDialogChanged, useRouteDialog } from "~/components/route-dialog";
import { SCHULE_ITSLEARNING, SchuleItslearningDialog } from "~/features/schulen/schule-itslearning-dialog";
import { SortHeader } from "~/components/sort-header";
import { pageTitle, type I18nHandle } from "~/i18n";
import { organisationLabel } from "~/organisation-label";
import { mayOpen } from "~/permissions";
import { pathOf, withReturnPath } from "~/return-path";
import {
  answerItslearning,
  loadSchuleForAdmin,
  SchulenListParams,
  schulenQuery,
  schulenRows,
  schultraegerIds,
  schultraegerNames,
} from "~/features/schulen/schulen.server";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { assertPageInRange } from "~/.server/list-params.server";
import { withUpstreamSession } from "~/.server/responses.server";
import { findOrganisationen, getRootChildren } from "~/.server/upstream/organisationen.server";

export const handle: I18nHandle = { i18n: "schulen" };

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const search = new URL(request.url).searchParams;
    const params = SchulenListParams.parse(Object.fromEntries(search));
    const dialogId = search.get(SCHULE_ITSLEARNING);
    const [user, [forms, schulen, dialogSchule]] = await guardWhileLoading(
      requireAdmin(request, { permissions: ["schulverwaltung"] }),
      () =>
        Promise.all([
          getRootChildren(request),
          findOrganisationen(request, schulenQuery(params)),
          // The dialog opened by address (without JavaScript): its school, checked like any other.
          dialogId === null ? null : loadSchuleForAdmin(request, dialogId),
        ]),
    );
    assertPageInRange(request, params, schulen.total);
    // The Schulträger's names need the page's schools: the one request of a second wave.
    const traeger = await schultraegerNames(request, schultraegerIds(schulen.items, forms));
    return {
      params,
      rows: schulenRows(schulen.items, forms, traeger),
      total: schulen.total,
      mayCreate: mayOpen(user.rights, "/admin/schulen/new"),
      dialogSchule: dialogSchule && {
        id: dialogSchule.id,
        label: organisationLabel(dialogSchule),
        itslearning: Boolean(dialogSchule.itslearningEnabled),
      },
    };
  });
}

/** The itslearning dialog's confirmation; afterwards the list as it was, without the dialog, with the result. */
export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    await requireAdmin(request, { permissions: ["schulverwaltung"] });
    const url = new URL(request.url);
    const id = url.searchParams.get(SCHULE_ITSLEARNING);
    url.searchParams.delete(SCHULE_ITSLEARNING);
    url.searchParams.delete("index");
    return answerItslearning(request, id, pathOf(url));
  });
}

// Opening and closing the dialog needs nothing new from the server: the row holds what it shows.
export const shouldRevalidate = unlessOnlyDialogChanged([SCHULE_ITSLEARNING]);

export default function SchulenList() {
  const { t } = useTranslation();
  const { params, rows, total, mayCreate, dialogSchule } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const itslearningDialog = useRouteDialog(SCHULE_ITSLEARNING);
  const toConfirm = rows.find((row) => row.id === itslearningDialog.value) ?? dialogSchule;
  const dialog = toConfirm ? (
    <SchuleItslearningDialog
      dialog={itslearningDialog}
      schule={toConfirm}
      error={actionData && "itslearningError" in actionData ? actionData.itslearningError : null}
    />
  ) : null;
  // Without JavaScript the dialog is a page of its own.
  if (itslearningDialog.inline && dialog) return dialog;
  const backHere = pathOf(location);

  return (
    <>
      <ListHeading
        title={t("schulen:list.title")}
        create={
          mayCreate ? { to: withReturnPath("/admin/schulen/new", backHere, "/admin/schulen"), label: t("schulen:list.create") } : null
        }
      />
      <ListFilterForm
        key={JSON.stringify(params)}
        label={t("schulen:list.filter")}
        resetTo="/admin/schulen"
        pageSize={params.anzahl}
        sortierung={params.sortierung}
      >
        <ListSearchField label={t("schulen:list.search")} value={params.suche} />
      </ListFilterForm>

      <p role="status" className="mb-2 font-semibold">
        {t("schulen:list.count", { count: total })}
      </p>

      {rows.length === 0 ? null : (
        <DataTable caption={t("schulen:list.caption")}>
          <thead>
            <tr className="border-b-2 border-primary">
              <SortHeader field="kennung" label={t("schulen:fields.kennung")} sortierung={params.sortierung} search={search} />
              <SortHeader field="name" label={t("schulen:fields.name")} sortierung={params.sortierung} search={search} />
              <th scope="col" className="p-2">
                {t("schulen:fields.schulform")}
              </th>
              <th scope="col" className="p-2">
                {t("schulen:fields.schultraeger")}
              </th>
              <th scope="col" className="p-2">
                {t("schulen:fields.itslearning")}
              </th>
              <th scope="col" className="cell-sticky-end p-2">
                {t("list.actions")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="group border-b border-gray-300 hover:bg-primary-light">
                <td className="p-2">{row.kennung}</td>
                <td className="p-2">
                  <AppLink
                    to={withReturnPath(`/admin/schulen/${row.id}`, backHere, "/admin/schulen")}
                    className="font-semibold text-primary underline"
                  >
                    {row.name}
                  </AppLink>
                </td>
                <td className="p-2">{t(row.schulform)}</td>
                <td className="p-2">{row.schultraeger ?? t("schulen:list.keinSchultraeger")}</td>
                <td className="p-2">{t(row.itslearning ? "schulen:itslearning.enabled" : "schulen:itslearning.disabled")}</td>
                <td className="cell-sticky-end p-2">
                  <DialogLink
                    name={SCHULE_ITSLEARNING}
                    value={row.id}
                    className="text-primary underline"
                    accessibleName={t(row.itslearning ? "schulen:itslearning.retransmitFor" : "schulen:itslearning.activateFor", {
                      schule: row.label,
                    })}
                  >
                    {t(row.itslearning ? "schulen:itslearning.retransmit" : "schulen:itslearning.activate")}
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
  const id = new URLSearchParams(location.search).get(SCHULE_ITSLEARNING);
  const schule = loaderData?.rows.find((row) => row.id === id) ?? loaderData?.dialogSchule;
  if (id !== null && schule) {
    const key = schule.itslearning ? "schulen:itslearning.retransmitPageTitle" : "schulen:itslearning.activatePageTitle";
    return [{ title: pageTitle(key, { schule: schule.label }) }];
  }
  return [{ title: pageTitle("schulen:list.title") }];
};
