import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListScreen, ListTable, type ListColumn } from "~/components/list-screen";
import { useListLinks } from "~/hooks/use-list-links";
import { DialogLink, unlessOnlyDialogChanged } from "~/components/route-dialog";
import { useRouteDialog } from "~/hooks/use-route-dialog";
import { SCHULE_ITSLEARNING, SchuleItslearningDialog } from "~/features/schulen/schule-itslearning-dialog";
import { SCHULE_LOESCHEN, SchuleLoeschenDialog } from "~/features/schulen/schule-loeschen-dialog";
import { answerSchuleDelete } from "~/features/schulen/schule-loeschen.server";
import { SortHeader } from "~/components/sort-header";
import { pageTitle, type I18nHandle } from "~/i18n";
import { organisationLabel } from "~/organisation-label";
import {
  answerItslearning,
  loadSchuleForAdmin,
  SchulenListParams,
  schulenQuery,
  schulenRows,
  schultraegerIds,
  schultraegerNames,
} from "~/features/schulen/schulen.server";
import { answerRowDialog, loadListPage } from "~/.server/list-page.server";
import { withUpstreamSession } from "~/.server/responses.server";
import { findOrganisationen, getRootChildren, schuleDeleteOffered } from "~/.server/upstream/organisationen.server";

export const handle: I18nHandle = { i18n: "schulen" };

const LIST_PATH = "/admin/schulen";

/** The row's dialogs: activating itslearning and deleting the school; each opens by address without JavaScript. */
const DIALOGS = [SCHULE_ITSLEARNING, SCHULE_LOESCHEN] as const;

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const { params, data, total, dialogRecord, mayCreate } = await loadListPage(request, {
      schema: SchulenListParams,
      access: { permissions: ["schulverwaltung"] },
      create: "/admin/schulen/new",
      load: (params) => Promise.all([getRootChildren(request), findOrganisationen(request, schulenQuery(params))]),
      total: ([, schulen]) => schulen.total,
      // A dialog opened by address (without JavaScript): its school, checked like any other.
      dialog: { param: DIALOGS, load: (id) => loadSchuleForAdmin(request, id) },
    });
    const [forms, schulen] = data;
    // The Schulträger's names need the page's schools: the one request of a second wave.
    const traeger = await schultraegerNames(request, schultraegerIds(schulen.items, forms));
    return {
      params,
      rows: schulenRows(schulen.items, forms, traeger),
      total,
      mayCreate,
      mayDelete: schuleDeleteOffered(),
      dialogSchule: dialogRecord && {
        id: dialogRecord.id,
        label: organisationLabel(dialogRecord),
        itslearning: Boolean(dialogRecord.itslearningEnabled),
      },
    };
  });
}

/** A dialog's confirmation (itslearning or delete); afterwards the list as it was, without the dialog, with the result. */
export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, ({ request }) =>
    answerRowDialog(request, {
      access: { permissions: ["schulverwaltung"] },
      param: DIALOGS,
      answer: async (id, zurueck, param) => {
        if (param === SCHULE_LOESCHEN) return answerSchuleDelete(request, id, zurueck);
        return answerItslearning(request, id, zurueck);
      },
    }),
  );
}

// Opening and closing a dialog needs nothing new from the server: the row holds what it shows.
export const shouldRevalidate = unlessOnlyDialogChanged([...DIALOGS]);

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function SchulenList() {
  const { t } = useTranslation();
  const { params, rows, total, mayCreate, mayDelete, dialogSchule } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useListLinks(LIST_PATH);
  const itslearningDialog = useRouteDialog(SCHULE_ITSLEARNING);
  const deleteDialog = useRouteDialog(SCHULE_LOESCHEN);
  const openDialog = deleteDialog.value !== null ? deleteDialog : itslearningDialog;
  const toConfirm = rows.find((row) => row.id === openDialog.value) ?? dialogSchule;
  const sortHeader = (field: string, label: string) => (
    <SortHeader field={field} label={label} sortierung={params.sortierung} search={search} />
  );
  const columns: ListColumn<Row>[] = [
    { header: sortHeader("kennung", t("schulen:fields.kennung")), cell: (row) => row.kennung },
    { header: sortHeader("name", t("schulen:fields.name")), cell: (row) => row.name, link: (row) => `/admin/schulen/${row.id}` },
    { header: t("schulen:fields.schulform"), cell: (row) => t(row.schulform) },
    { header: t("schulen:fields.schultraeger"), cell: (row) => row.schultraeger ?? t("schulen:list.keinSchultraeger") },
    {
      header: t("schulen:fields.itslearning"),
      cell: (row) => t(row.itslearning ? "schulen:itslearning.enabled" : "schulen:itslearning.disabled"),
    },
    {
      header: t("list.actions"),
      actions: true,
      cell: (row) => (
        <span className="flex flex-wrap gap-x-4 gap-y-1">
          <DialogLink
            name={SCHULE_ITSLEARNING}
            value={row.id}
            className="text-primary underline"
            accessibleName={t(row.itslearning ? "schulen:itslearning.retransmitFor" : "schulen:itslearning.activateFor", {
              schule: row.label,
            })}
          >
            {t(row.itslearning ? "schulen:itslearning.retransmit" : "schulen:itslearning.activate")}
          </DialogLink>{" "}
          {mayDelete ? (
            <DialogLink
              name={SCHULE_LOESCHEN}
              value={row.id}
              className="text-danger underline"
              accessibleName={t("schulen:delete.triggerFor", { schule: row.label })}
            >
              {t("schulen:delete.trigger")}
            </DialogLink>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <ListScreen
      title={t("schulen:list.title")}
      listPath={LIST_PATH}
      create={mayCreate ? { path: "/admin/schulen/new", label: t("schulen:list.create") } : null}
      params={params}
      total={total}
      filterLabel={t("schulen:list.filter")}
      searchLabel={t("schulen:list.search")}
      count={t("schulen:list.count", { count: total })}
      dialog={
        toConfirm ? (
          openDialog === deleteDialog ? (
            <SchuleLoeschenDialog
              dialog={deleteDialog}
              schule={toConfirm}
              error={actionData && "deleteError" in actionData ? actionData.deleteError : null}
            />
          ) : (
            <SchuleItslearningDialog
              dialog={itslearningDialog}
              schule={toConfirm}
              error={actionData && "itslearningError" in actionData ? actionData.itslearningError : null}
            />
          )
        ) : null
      }
      dialogIsPage={openDialog.inline}
    >
      <ListTable
        caption={t("schulen:list.caption")}
        listPath={LIST_PATH}
        rows={rows}
        columns={columns}
        rowClassName="group border-b border-gray-300 hover:bg-primary-light"
      />
    </ListScreen>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, location }) => {
  const search = new URLSearchParams(location.search);
  const loeschen = search.get(SCHULE_LOESCHEN);
  const toDelete = loaderData?.rows.find((row) => row.id === loeschen) ?? loaderData?.dialogSchule;
  if (loeschen !== null && toDelete) return [{ title: pageTitle("schulen:delete.pageTitle", { schule: toDelete.label }) }];
  const id = search.get(SCHULE_ITSLEARNING);
  const schule = loaderData?.rows.find((row) => row.id === id) ?? loaderData?.dialogSchule;
  if (id !== null && schule) {
    const key = schule.itslearning ? "schulen:itslearning.retransmitPageTitle" : "schulen:itslearning.activatePageTitle";
    return [{ title: pageTitle(key, { schule: schule.label }) }];
  }
  return [{ title: pageTitle("schulen:list.title") }];
};
