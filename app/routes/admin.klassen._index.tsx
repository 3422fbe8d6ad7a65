import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { KLASSE_LOESCHEN, KlasseLoeschenDialog } from "~/features/klassen/klasse-loeschen-dialog";
import { AppLink } from "~/components/app-link";
import { ListSelectFilter } from "~/components/list-filter-form";
import { ListScreen, ListTable, type ListColumn } from "~/components/list-screen";
import { useListLinks } from "~/hooks/use-list-links";
import { DialogLink, unlessOnlyDialogChanged } from "~/components/route-dialog";
import { useRouteDialog } from "~/hooks/use-route-dialog";
import { pageTitle, type I18nHandle } from "~/i18n";
import { withParams } from "~/list-state";
import { organisationLabel } from "~/organisation-label";
import { KlassenListParams, loadKlasseForAdmin } from "~/features/klassen/klassen.server";
import { answerKlasseDelete } from "~/features/klassen/klassen-writes.server";
import { answerRowDialog, loadListPage } from "~/.server/list-page.server";
import { currentPath } from "~/.server/request-path.server";
import { findOrganisationen, schulenWithRight } from "~/.server/upstream/organisationen.server";
import { redirectWithToast, withUpstreamSession } from "~/.server/responses.server";

export const handle: I18nHandle = { i18n: "klassen" };

const LIST_PATH = "/admin/klassen";

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const { params, data, total, dialogRecord, mayCreate } = await loadListPage(request, {
      schema: KlassenListParams,
      access: { permissions: ["klassenverwaltung"] },
      create: "/admin/klassen/new",
      // The schools list feeds the filter and labels every row, so the page needs no label lookups.
      load: (params) =>
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
      total: ([, klassen]) => klassen.total,
      // Another school's id (a shared or outdated link) is not the user's to show: their own list, with a word why.
      verify: async ([schulen], params) => {
        if (!params.schule || schulen.some((schule) => schule.id === params.schule)) return;
        const url = new URL(currentPath(request), "http://portal.invalid");
        url.searchParams.delete("schule");
        url.searchParams.delete("seite");
        throw await redirectWithToast(request, `${url.pathname}${url.search}`, { key: "klassen:list.schuleNotAvailable", tone: "info" });
      },
      // The delete dialog opened by address (without JavaScript): its class, checked like any other.
      dialog: { param: KLASSE_LOESCHEN, load: (id) => loadKlasseForAdmin(request, id) },
    });
    const [schulen, klassen] = data;
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
      total,
      mayCreate,
      loeschen: dialogRecord && {
        id: dialogRecord.klasse.id,
        name: dialogRecord.klasse.name,
        schule: organisationLabel(dialogRecord.schule),
      },
    };
  });
}

/** The delete dialog's confirmation; afterwards the list as it was, without the dialog. */
export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, ({ request }) =>
    answerRowDialog(request, {
      access: { permissions: ["klassenverwaltung"] },
      param: KLASSE_LOESCHEN,
      answer: (id, zurueck) => answerKlasseDelete(request, id, zurueck),
    }),
  );
}

// Opening and closing the delete dialog needs nothing new from the server: the row holds what it shows.
export const shouldRevalidate = unlessOnlyDialogChanged([KLASSE_LOESCHEN]);

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function KlassenList() {
  const { t } = useTranslation();
  const { params, schulen, fixedSchule, rows, total, loeschen, mayCreate } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const deleteDialog = useRouteDialog(KLASSE_LOESCHEN);
  const toDelete = rows.find((row) => row.id === deleteDialog.value) ?? loeschen;
  const columns: ListColumn<Row>[] = [
    ...(fixedSchule ? [] : [{ header: t("klassen:fields.schule"), cell: (row: Row) => row.schule }]),
    {
      header: <NameSortHeader descending={params.sortierung === "name_desc"} />,
      cell: (row) => row.name,
      link: (row) => `/admin/klassen/${row.id}`,
    },
    {
      header: t("list.actions"),
      actions: true,
      cell: (row) => (
        <DialogLink
          name={KLASSE_LOESCHEN}
          value={row.id}
          className="text-danger underline"
          accessibleName={t("klassen:delete.triggerFor", { name: row.name, schule: row.schule })}
        >
          {t("klassen:delete.trigger")}
        </DialogLink>
      ),
    },
  ];

  return (
    <ListScreen
      title={t("klassen:list.title")}
      listPath={LIST_PATH}
      create={mayCreate ? { path: "/admin/klassen/new", label: t("klassen:list.create") } : null}
      params={params}
      total={total}
      filterLabel={t("klassen:list.filter")}
      searchLabel={t("klassen:list.search")}
      filters={
        fixedSchule ? (
          <p>
            <span className="font-semibold">{t("klassen:fields.schule")}:</span> {fixedSchule.label}
          </p>
        ) : (
          <ListSelectFilter
            name="schule"
            label={t("klassen:fields.schule")}
            allLabel={t("klassen:list.allSchulen")}
            options={schulen}
            chosen={params.schule}
          />
        )
      }
      count={t("klassen:list.count", { count: total })}
      dialog={
        toDelete ? (
          <KlasseLoeschenDialog
            dialog={deleteDialog}
            klasse={toDelete}
            error={actionData && "deleteError" in actionData ? actionData.deleteError : null}
          />
        ) : null
      }
      dialogIsPage={deleteDialog.inline}
    >
      <ListTable
        caption={t("klassen:list.caption")}
        listPath={LIST_PATH}
        rows={rows}
        columns={columns}
        rowClassName="group border-b border-gray-300 hover:bg-primary-light"
      />
    </ListScreen>
  );
}

/** The class list sorts by name only, so its one sortable column is always the sorted one (`name_asc`, `name_desc`). */
function NameSortHeader({ descending }: { descending: boolean }) {
  const { t } = useTranslation();
  const { search } = useListLinks(LIST_PATH);
  return (
    <th scope="col" className="p-2" aria-sort={descending ? "descending" : "ascending"}>
      <AppLink
        to={withParams(search, { sortierung: descending ? "name_asc" : "name_desc", seite: 1 })}
        aria-label={t(descending ? "list.sortAscending" : "list.sortDescending", { column: t("klassen:fields.name") })}
        className="text-primary underline"
      >
        {t("klassen:fields.name")}
        <span aria-hidden="true">{descending ? " ▼" : " ▲"}</span>
      </AppLink>
    </th>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, location }) => {
  const id = new URLSearchParams(location.search).get(KLASSE_LOESCHEN);
  const toDelete = loaderData?.rows.find((row) => row.id === id) ?? loaderData?.loeschen;
  if (id !== null && toDelete) return [{ title: pageTitle("klassen:delete.pageTitle", { name: toDelete.name }) }];
  return [{ title: pageTitle("klassen:list.title") }];
};
