import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListCount, ListTable, type ListColumn } from "~/components/list-screen";
import { SchuleWahl } from "~/features/angebote/schule-wahl";
import { pageTitle, type I18nHandle } from "~/i18n";
import { organisationLabel } from "~/organisation-label";
import { chosenSchule, isSchuleAskedButNotChosen, requireErweiterer } from "~/features/angebote/angebot-erweiterung.server";
import { angebotRows } from "~/features/angebote/angebote.server";
import { DialogLink, unlessOnlyDialogChanged } from "~/components/route-dialog";
import { useRouteDialog } from "~/hooks/use-route-dialog";
import { can } from "~/permissions";
import { VIDIS_SYNC, VidisSyncDialog } from "~/features/angebote/vidis-sync-dialog";
import { guardWhileLoading, notFound } from "~/.server/guards.server";
import { redirectWithToast, withUpstreamSession } from "~/.server/responses.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { findErweiterbareAngebote, syncVidisAngebote } from "~/.server/upstream/angebote.server";
import { schulenWithRight } from "~/.server/upstream/organisationen.server";

export const handle: I18nHandle = { i18n: "angebote" };

const PATH = "/admin/angebote/erweiterbar";

/**
 * The way in for administrators who extend roles at their school (ROLLEN_ERWEITERN), with or without the offer
 * administration (decision 024): the offers their school may extend its roles with, each leading to its extension.
 * First wave: the user's schools; second: the offers of the chosen one and, for holders of the VIDIS right, whether it
 * holds there.
 */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const [user, schulen] = await guardWhileLoading(requireErweiterer(request), () => schulenWithRight(request, "ROLLEN_ERWEITERN"));
    const { searchParams } = new URL(request.url);
    const schule = chosenSchule(schulen, searchParams.get("schule"));
    const [angebote, mayVidis] = await Promise.all([
      schule ? findErweiterbareAngebote(request, schule.id) : [],
      schule ? mayVidisAt(request, user, schule.id) : false,
    ]);
    if (searchParams.has(VIDIS_SYNC) && !mayVidis) throw notFound();
    return {
      mayVidis,
      schuleFehlt: isSchuleAskedButNotChosen(searchParams, schule),
      schulen: schulen.map((entry) => ({ id: entry.id, label: organisationLabel(entry) })),
      schule: schule ? { id: schule.id, label: organisationLabel(schule) } : null,
      rows: angebotRows(angebote),
    };
  });
}

/**
 * Whether the user may synchronise this school with VIDIS: the right at the school (as the original offers it on this
 * page). Asked only of those who hold it somewhere: the pinned upstream knows no such right and refuses the question.
 */
async function mayVidisAt(request: Request, user: { rights: ReadonlySet<string> }, schuleId: string) {
  if (!can(user, "vidisAbrufen")) return false;
  const schulen = await schulenWithRight(request, "SCHULISCHE_VIDIS_ANGEBOTE_ABRUFEN");
  return schulen.some((entry) => entry.id === schuleId);
}

/** The VIDIS dialog's confirmation: one synchronisation of the chosen school, then this page with a message. */
export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const user = await requireErweiterer(request);
    const url = new URL(request.url);
    if (!url.searchParams.has(VIDIS_SYNC)) throw notFound();
    const schule = chosenSchule(await schulenWithRight(request, "ROLLEN_ERWEITERN"), url.searchParams.get("schule"));
    if (!schule || !(await mayVidisAt(request, user, schule.id))) throw notFound();
    try {
      await syncVidisAngebote(request, schule.id);
    } catch (failure) {
      if (!(failure instanceof UpstreamFailure)) throw failure;
      return data({ vidisError: failure.code }, { status: failure.status >= 500 ? 502 : 400 });
    }
    return redirectWithToast(request, `${PATH}?schule=${schule.id}`, {
      key: "angebote:vidis.done",
      values: { schule: organisationLabel(schule) },
    });
  });
}

export const shouldRevalidate = unlessOnlyDialogChanged([VIDIS_SYNC]);

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function ErweiterbareAngebote() {
  const { t } = useTranslation();
  const { schulen, schule, schuleFehlt, rows, mayVidis } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const vidisDialog = useRouteDialog(VIDIS_SYNC);
  const dialog =
    mayVidis && schule ? (
      <VidisSyncDialog
        dialog={vidisDialog}
        schule={schule.label}
        error={actionData && "vidisError" in actionData ? actionData.vidisError : null}
      />
    ) : null;
  // Without JavaScript the dialog is a page of its own.
  if (vidisDialog.inline && dialog) return dialog;
  const columns: ListColumn<Row>[] = [
    {
      header: t("angebote:fields.name"),
      rowHeader: true,
      cell: (row) => row.name,
      link: (row) => `/admin/angebote/${row.id}/erweiterungen?schule=${schule?.id}`,
    },
    { header: t("angebote:fields.kategorie"), cell: (row) => t(row.kategorie) },
    { header: t("angebote:fields.ebene"), cell: (row) => row.ebene },
  ];

  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{t("angebote:erweiterbar.title")}</h1>
      <p className="mb-4 max-w-3xl">{t("angebote:erweiterbar.intro")}</p>
      <SchuleWahl schulen={schulen} schule={schule} schuleFehlt={schuleFehlt} submitLabel={t("angebote:erweiterbar.anzeigen")} />
      {schule ? (
        <>
          {mayVidis ? (
            <p className="mb-4">
              <DialogLink name={VIDIS_SYNC} className="btn-secondary">
                {t("angebote:vidis.trigger")}
              </DialogLink>
            </p>
          ) : null}
          <ListCount>{t("angebote:erweiterbar.count", { count: rows.length, schule: schule.label })}</ListCount>
          <ListTable caption={t("angebote:erweiterbar.caption", { schule: schule.label })} listPath={PATH} rows={rows} columns={columns} />
        </>
      ) : null}
      {dialog}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = () => [{ title: pageTitle("angebote:erweiterbar.title") }];
