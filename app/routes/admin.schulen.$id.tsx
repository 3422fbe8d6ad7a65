import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DialogLink, unlessOnlyDialogChanged } from "~/components/route-dialog";
import { useRouteDialog } from "~/hooks/use-route-dialog";
import { SchuleBearbeitenForm } from "~/features/schulen/schule-bearbeiten-form";
import { SCHULE_ITSLEARNING, SchuleItslearningDialog } from "~/features/schulen/schule-itslearning-dialog";
import { SCHULE_LOESCHEN, SchuleLoeschenDialog } from "~/features/schulen/schule-loeschen-dialog";
import { answerSchuleDelete } from "~/features/schulen/schule-loeschen.server";
import { pageTitle, type I18nHandle } from "~/i18n";
import { returnPathFrom, withReturnPath } from "~/return-path";
import { answerSchuleEdit } from "~/features/schulen/schule-bearbeiten.server";
import { loadSchuleDetails, schuleDetailsView } from "~/features/schulen/schule-details.server";
import { answerItslearning } from "~/features/schulen/schulen.server";
import { withUpstreamSession } from "~/.server/responses.server";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { schuleDeleteOffered } from "~/.server/upstream/organisationen.server";

export const handle: I18nHandle = { i18n: "schulen" };

const LIST_PATH = "/admin/schulen";

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    const [user, details] = await guardWhileLoading(requireAdmin(request, { permissions: ["schulverwaltung"] }), () =>
      loadSchuleDetails(request, params.id),
    );
    const search = new URL(request.url).searchParams;
    return {
      ...schuleDetailsView(details, user.rights),
      editing: search.has(BEARBEITEN),
      mayDelete: schuleDeleteOffered(),
      // The list the user came from, with its search, sort and page.
      zurueck: returnPathFrom(search, LIST_PATH),
    };
  });
}

/**
 * The edit form's post, the itslearning dialog's confirmation (`?itslearning`) or the delete dialog's (`?loeschen`,
 * then back to the list the user came from); each checks the school again.
 */
export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    await requireAdmin(request, { permissions: ["schulverwaltung"] });
    const search = new URL(request.url).searchParams;
    const zurueck = returnPathFrom(search, LIST_PATH);
    const id = params.id ?? "";
    if (search.has(SCHULE_LOESCHEN)) return answerSchuleDelete(request, id, zurueck);
    if (search.has(SCHULE_ITSLEARNING)) return answerItslearning(request, id, detailsPath(id, zurueck));
    return answerSchuleEdit(request, id, detailsPath(id, zurueck));
  });
}

// Opening and closing a dialog needs nothing new from the server.
export const shouldRevalidate = unlessOnlyDialogChanged([SCHULE_ITSLEARNING, SCHULE_LOESCHEN]);

const BEARBEITEN = "bearbeiten";

/** The school's page, remembering the list to go back to; `bearbeiten` opens the edit form. */
function detailsPath(id: string, zurueck: string, { bearbeiten = false } = {}) {
  return withReturnPath(`/admin/schulen/${id}${bearbeiten ? `?${BEARBEITEN}` : ""}`, zurueck, LIST_PATH);
}

export default function SchuleDetails() {
  const { t } = useTranslation();
  const { schule, stand, traeger, links, editing, mayDelete, zurueck } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const itslearningDialog = useRouteDialog(SCHULE_ITSLEARNING);
  const deleteDialog = useRouteDialog(SCHULE_LOESCHEN);
  const itslearningError = actionData && "itslearningError" in actionData ? actionData.itslearningError : null;
  const deleteError = actionData && "deleteError" in actionData ? actionData.deleteError : null;
  const bearbeiten = editing || (actionData !== undefined && "result" in actionData);
  const dialog =
    deleteDialog.value !== null ? (
      <SchuleLoeschenDialog dialog={deleteDialog} schule={schule} error={deleteError} />
    ) : (
      <SchuleItslearningDialog dialog={itslearningDialog} schule={schule} error={itslearningError} />
    );
  // Without JavaScript a dialog is a page of its own.
  if (itslearningDialog.inline || deleteDialog.inline) return dialog;

  return (
    <>
      <p className="mb-2">
        <Link to={zurueck} className="text-primary underline">
          {t("schulen:details.backToList")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">
        {t(bearbeiten ? "schulen:edit.title" : "schulen:details.title", { schule: schule.label })}
      </h1>
      {bearbeiten ? (
        <SchuleBearbeitenForm
          stand={stand}
          cancelTo={detailsPath(schule.id, zurueck)}
          reloadTo={detailsPath(schule.id, zurueck, { bearbeiten: true })}
        />
      ) : (
        <>
          <dl className="mb-6 grid max-w-2xl grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            <dt className="font-semibold">{t("schulen:fields.schulform")}</dt>
            <dd>{t(schule.schulform)}</dd>
            <dt className="font-semibold">{t("schulen:fields.kennung")}</dt>
            <dd>{schule.kennung}</dd>
            <dt className="font-semibold">{t("schulen:fields.name")}</dt>
            <dd>{schule.name}</dd>
            <dt className="font-semibold">{t("schulen:fields.schultraeger")}</dt>
            <dd>
              {traeger === null ? (
                t("schulen:list.keinSchultraeger")
              ) : links.traeger ? (
                <Link to={`/admin/schultraeger/${traeger.id}`} className="text-primary underline">
                  {traeger.name}
                </Link>
              ) : (
                traeger.name
              )}
            </dd>
            <dt className="font-semibold">{t("schulen:fields.itslearning")}</dt>
            <dd>{t(schule.itslearning ? "schulen:itslearning.enabled" : "schulen:itslearning.disabled")}</dd>
            {schule.klassen === null ? null : (
              <>
                <dt className="font-semibold">{t("schulen:details.klassen")}</dt>
                <dd>{t("schulen:details.klassenCount", { count: schule.klassen })}</dd>
              </>
            )}
          </dl>
          <div className="mb-6 flex flex-wrap gap-3">
            <Link to={detailsPath(schule.id, zurueck, { bearbeiten: true })} className="btn-primary">
              {t("schulen:details.edit")}
            </Link>
            <DialogLink name={SCHULE_ITSLEARNING} className="btn-secondary">
              {t(schule.itslearning ? "schulen:itslearning.retransmit" : "schulen:itslearning.activate")}
            </DialogLink>
            {mayDelete ? (
              <DialogLink name={SCHULE_LOESCHEN} className="btn-danger">
                {t("schulen:delete.title")}
              </DialogLink>
            ) : null}
          </div>
          {links.klassen || links.personen ? (
            <ul className="flex flex-col gap-2">
              {links.klassen ? (
                <li>
                  <Link to={`/admin/klassen?schule=${schule.id}`} className="text-primary underline">
                    {t("schulen:details.klassenLink")}
                  </Link>
                </li>
              ) : null}
              {links.personen ? (
                <li>
                  <Link to={`/admin/personen?organisation=${schule.id}`} className="text-primary underline">
                    {t("schulen:details.personenLink")}
                  </Link>
                </li>
              ) : null}
            </ul>
          ) : null}
        </>
      )}
      {dialog}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, location }) => {
  const schule = loaderData?.schule.label ?? "";
  const search = new URLSearchParams(location.search);
  if (search.has(SCHULE_LOESCHEN)) return [{ title: pageTitle("schulen:delete.pageTitle", { schule }) }];
  if (search.has(SCHULE_ITSLEARNING)) {
    const key = loaderData?.schule.itslearning ? "schulen:itslearning.retransmitPageTitle" : "schulen:itslearning.activatePageTitle";
    return [{ title: pageTitle(key, { schule }) }];
  }
  return [{ title: pageTitle(loaderData?.editing ? "schulen:edit.title" : "schulen:details.title", { schule }) }];
};
