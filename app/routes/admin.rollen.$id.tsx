import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RolleBearbeitenForm } from "~/features/rollen/rolle-bearbeiten-form";
import { RolleDaten } from "~/features/rollen/rolle-fields";
import { ROLLE_LOESCHEN, RolleLoeschenDialog } from "~/features/rollen/rolle-loeschen-dialog";
import { DialogLink, unlessOnlyDialogChanged } from "~/components/route-dialog";
import { useRouteDialog } from "~/hooks/use-route-dialog";
import { pageTitle, type I18nHandle } from "~/i18n";
import { mayOpen } from "~/permissions";
import { returnPathFrom, withReturnPath } from "~/return-path";
import { angebotOptionen, answerRolleDelete, answerRolleEdit, rechteOptionen } from "~/features/rollen/rolle-bearbeiten.server";
import { EDIT_ROLLE_CONSTRAINT, loadRolleForAdmin, ownerIfUnnamed, rolleView } from "~/features/rollen/rollen.server";
import { guardWhileLoading, requireAdmin } from "~/.server/guards.server";
import { withUpstreamSession } from "~/.server/responses.server";
import { getSystemrechte } from "~/.server/upstream/rollen.server";

export const handle: I18nHandle = { i18n: "rollen" };

const LIST_PATH = "/admin/rollen";
const BEARBEITEN = "bearbeiten";

/**
 * Two waves at most: the role (permission-checked upstream: foreign, technical and unknown roles are not found) and,
 * for the edit form, the rights; then the level's name where the upstream left it out, and the offers for the form.
 */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    const search = new URL(request.url).searchParams;
    const editing = search.has(BEARBEITEN);
    const [user, [rolle, upstreamRechte]] = await guardWhileLoading(requireAdmin(request, { permissions: ["rollenverwaltung"] }), () =>
      Promise.all([loadRolleForAdmin(request, params.id), editing ? getSystemrechte(request) : null]),
    );
    const [owner, angebote] = await Promise.all([ownerIfUnnamed(request, rolle), editing ? angebotOptionen(request, rolle) : null]);
    const view = rolleView(rolle, owner);
    return {
      rolle: view,
      bearbeiten:
        editing && angebote && upstreamRechte
          ? {
              constraint: EDIT_ROLLE_CONSTRAINT,
              stand: {
                name: rolle.name,
                merkmale: view.merkmalWerte,
                angebote: view.angebote.map((angebot) => angebot.id),
                systemrechte: view.systemrechte.map((recht) => recht.name),
                version: view.version,
              },
              optionen: { angebote, systemrechte: rechteOptionen(upstreamRechte, rolle) },
            }
          : null,
      personenLink: mayOpen(user.rights, "/admin/personen") ? `/admin/personen?${new URLSearchParams({ rolle: rolle.id })}` : null,
      // The list the user came from, with its search and page.
      zurueck: returnPathFrom(search, LIST_PATH),
    };
  });
}

/** The edit form's post, or the delete dialog's confirmation (`?loeschen`); both check the role again. */
export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    await requireAdmin(request, { permissions: ["rollenverwaltung"] });
    const search = new URL(request.url).searchParams;
    const zurueck = returnPathFrom(search, LIST_PATH);
    if (search.has(ROLLE_LOESCHEN)) return answerRolleDelete(request, params.id, zurueck);
    return answerRolleEdit(request, params.id, detailsPath(params.id ?? "", zurueck));
  });
}

const dialogOnly = unlessOnlyDialogChanged([ROLLE_LOESCHEN]);

/**
 * Opening and closing the delete dialog needs nothing new from the server. A refused save keeps the page's data as it
 * was, except after a conflict: then the page reads the role as someone else saved it, and the form (with the typed
 * input kept) carries its version, as the page without JavaScript does after the post.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => dialogOnly(args) || isConflict(args.actionResult);

const isConflict = (answer: unknown) =>
  typeof answer === "object" && answer !== null && "error" in answer && answer.error === "NEWER_VERSION_OF_ROLLE_AVAILABLE";

/** The role's page, remembering the list to go back to; `bearbeiten` opens the edit form. */
function detailsPath(id: string, zurueck: string, { bearbeiten = false } = {}) {
  return withReturnPath(`/admin/rollen/${id}${bearbeiten ? `?${BEARBEITEN}` : ""}`, zurueck, LIST_PATH);
}

export default function RolleDetails() {
  const { t } = useTranslation();
  const { rolle, bearbeiten, personenLink, zurueck } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const deleteDialog = useRouteDialog(ROLLE_LOESCHEN);
  const deleteError = actionData && "deleteError" in actionData ? actionData.deleteError : null;
  const dialog = <RolleLoeschenDialog dialog={deleteDialog} rolle={rolle} personenLink={personenLink} error={deleteError} />;
  // Without JavaScript the dialog is a page of its own.
  if (deleteDialog.inline) return dialog;

  return (
    <>
      <p className="mb-2">
        <Link to={zurueck} className="text-primary underline">
          {t("rollen:details.backToList")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{t(bearbeiten ? "rollen:edit.title" : "rollen:details.title", { name: rolle.name })}</h1>
      {bearbeiten ? (
        <RolleBearbeitenForm
          key={rolle.version}
          constraint={bearbeiten.constraint}
          stand={bearbeiten.stand}
          fest={{ ebene: rolle.ebene, rollenart: rolle.rollenart }}
          optionen={bearbeiten.optionen}
          cancelTo={detailsPath(rolle.id, zurueck)}
          reloadTo={detailsPath(rolle.id, zurueck, { bearbeiten: true })}
        />
      ) : (
        <>
          <RolleDaten rolle={rolle} />
          <div className="flex flex-wrap gap-3">
            <Link to={detailsPath(rolle.id, zurueck, { bearbeiten: true })} className="btn-primary">
              {t("rollen:details.edit")}
            </Link>
            <DialogLink name={ROLLE_LOESCHEN} className="btn-danger">
              {t("rollen:delete.title")}
            </DialogLink>
          </div>
        </>
      )}
      {dialog}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, location }) => {
  const name = loaderData?.rolle.name ?? "";
  if (new URLSearchParams(location.search).has(ROLLE_LOESCHEN)) return [{ title: pageTitle("rollen:delete.pageTitle", { name }) }];
  return [{ title: pageTitle(loaderData?.bearbeiten ? "rollen:edit.title" : "rollen:details.title", { name }) }];
};
