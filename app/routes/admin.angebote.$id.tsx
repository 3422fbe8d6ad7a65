import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { can } from "~/permissions";
import { pageTitle, type I18nHandle } from "~/i18n";
import { pathOf, returnPathFrom, withReturnPath } from "~/return-path";
import { DialogLink, unlessOnlyDialogChanged } from "~/components/route-dialog";
import { Notice } from "~/components/notice";
import { useRouteDialog } from "~/hooks/use-route-dialog";
import { ANGEBOT_LOESCHEN, AngebotLoeschenDialog } from "~/features/angebote/angebot-loeschen-dialog";
import { answerAngebotDelete, mayDeleteAngebot } from "~/features/angebote/angebot-loeschen.server";
import { angebotDetails } from "~/features/angebote/angebote.server";
import { loadFunktionen } from "~/.server/upstream/config.server";
import { guardWhileLoading, notFound, requireAdmin } from "~/.server/guards.server";
import { withUpstreamSession } from "~/.server/responses.server";
import { getManageableAngebot, hasAngebotLogo } from "~/.server/upstream/angebote.server";

export const handle: I18nHandle = { i18n: "angebote" };

const LIST_PATH = "/admin/angebote";

/** Besides offer administrators: those who extend roles (decision 024) and those who manage their school's offers. */
const OFFEN_MIT = ["rollenerweiterung", "eingeschraenkteangebotsverwaltung"] as const;

/**
 * An offer, read-only (inventory §4.14.2). Open to offer administrators and to administrators who extend roles
 * (decision 024); which offers each may read, the upstream decides: an offer it does not show is "not found".
 */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    const guard = requireAdmin(request, { permissions: ["angebotsverwaltung"], orPermissions: OFFEN_MIT });
    const id = z.string().uuid().safeParse(params.id).success ? params.id! : null;
    // One wave: the offer, whether it has a logo, and what the upstream has switched off.
    const [user, [angebot, logo, funktionen]] = await guardWhileLoading(guard, () =>
      Promise.all([id ? getManageableAngebot(request, id) : null, id ? hasAngebotLogo(request, id) : false, loadFunktionen(request)]),
    );
    if (!angebot) throw notFound();
    const mayDelete = mayDeleteAngebot(angebot, funktionen.angeboteErstellen);
    if (new URL(request.url).searchParams.has(ANGEBOT_LOESCHEN) && !mayDelete) throw notFound();
    const details = angebotDetails(angebot, logo);
    const zurueck = returnPathFrom(new URL(request.url).searchParams, can(user, "angeboteVerwalten") ? LIST_PATH : ERWEITERBAR_PATH);
    // Opened from the offer's extension page, the way back leads there, and says so.
    const zurErweiterung = zurueck.startsWith(`/admin/angebote/${details.id}/erweiterungen`);
    return {
      angebot: details,
      zurueck,
      zurErweiterung,
      mayExtend: details.erweiterbar && can(user, "rolleErweitern"),
      mayDelete,
      vidis: Boolean(angebot.vidisAngebotId),
    };
  });
}

/** The delete dialog's confirmation (`?loeschen`); afterwards the list the user came from. */
export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    const user = await requireAdmin(request, { permissions: ["angebotsverwaltung"], orPermissions: OFFEN_MIT });
    const search = new URL(request.url).searchParams;
    const id = z.string().uuid().safeParse(params.id).success ? params.id! : null;
    if (!id || !search.has(ANGEBOT_LOESCHEN)) throw notFound();
    const zurueck = returnPathFrom(search, can(user, "angeboteVerwalten") ? LIST_PATH : ERWEITERBAR_PATH);
    const { angeboteErstellen } = await loadFunktionen(request);
    // The way back must not lead to the deleted offer (its extension page).
    return answerAngebotDelete(request, id, angeboteErstellen, zurueck.startsWith(`/admin/angebote/${id}`) ? LIST_PATH : zurueck);
  });
}

export const shouldRevalidate = unlessOnlyDialogChanged([ANGEBOT_LOESCHEN]);

const ERWEITERBAR_PATH = "/admin/angebote/erweiterbar";

export default function AngebotDetails() {
  const { t } = useTranslation();
  const { angebot, zurueck, zurErweiterung, mayExtend, mayDelete, vidis } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const deleteDialog = useRouteDialog(ANGEBOT_LOESCHEN);
  const jaNein = (value: boolean) => (value ? t("angebote:ja") : t("angebote:nein"));
  const dialog = mayDelete ? (
    <AngebotLoeschenDialog
      dialog={deleteDialog}
      name={angebot.name}
      error={actionData && "deleteError" in actionData ? actionData.deleteError : null}
    />
  ) : null;
  // Without JavaScript the dialog is a page of its own.
  if (deleteDialog.inline && dialog) return dialog;

  return (
    <>
      <p className="mb-2">
        <Link to={zurueck} className="text-primary underline">
          {zurErweiterung ? t("angebote:details.backToErweiterung") : t("angebote:details.back")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{t("angebote:details.title", { name: angebot.name })}</h1>
      <dl className="mb-6 grid max-w-3xl grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{t("angebote:fields.name")}</dt>
        <dd>{angebot.name}</dd>
        <dt className="font-semibold">{t("angebote:fields.ebene")}</dt>
        <dd>{angebot.ebene}</dd>
        <dt className="font-semibold">{t("angebote:fields.requires2fa")}</dt>
        <dd>{jaNein(angebot.requires2fa)}</dd>
        <dt className="font-semibold">{t("angebote:fields.nachtraeglichZuweisbar")}</dt>
        <dd>{jaNein(angebot.nachtraeglichZuweisbar)}</dd>
        <dt className="font-semibold">{t("angebote:fields.logo")}</dt>
        <dd>
          {angebot.logo ? (
            <img
              src={angebot.logo}
              alt={t("angebote:details.logoAlt", { name: angebot.name })}
              width="64"
              height="64"
              className="h-16 w-16 object-contain"
            />
          ) : (
            <span className="inline-block rounded border border-dashed border-gray-500 px-3 py-2">{t("angebote:details.keinLogo")}</span>
          )}
        </dd>
        <dt className="font-semibold">{t("angebote:fields.kategorie")}</dt>
        <dd>{t(angebot.kategorie)}</dd>
        <dt className="font-semibold">{t("angebote:fields.link")}</dt>
        <dd className="break-all">
          {angebot.url ? (
            <a href={angebot.url} className="text-primary underline" target="_blank" rel="noreferrer noopener">
              {angebot.url}
              <span className="sr-only"> {t("layout.opensInNewTab")}</span>
            </a>
          ) : (
            t("angebote:details.keinLink")
          )}
        </dd>
        <dt className="font-semibold">{t("angebote:fields.erweiterbar")}</dt>
        <dd>{jaNein(angebot.erweiterbar)}</dd>
        <dt className="font-semibold">{t("angebote:fields.erweitert")}</dt>
        <dd>{jaNein(angebot.erweitert)}</dd>
      </dl>

      <section aria-labelledby="angebot-rollen" className="mb-6">
        <h2 id="angebot-rollen" className="mb-2 text-xl font-bold">
          {t("angebote:fields.rollen")}
        </h2>
        {angebot.rollen.length === 0 ? (
          <p>{t("angebote:details.keineRollen")}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {angebot.rollen.map((rolle) => (
              <li key={rolle.id} className="rounded-full border border-primary px-3 py-1">
                {rolle.name}
              </li>
            ))}
          </ul>
        )}
      </section>

      {vidis ? (
        <Notice tone="info" className="mb-4 max-w-3xl">
          {t("angebote:delete.vidis")}
        </Notice>
      ) : null}
      {mayExtend || mayDelete ? (
        <p className="flex flex-wrap gap-3">
          {mayExtend ? (
            <Link to={withReturnPath(`/admin/angebote/${angebot.id}/erweiterungen`, pathOf(location), LIST_PATH)} className="btn-primary">
              {t("angebote:details.erweitern")}
            </Link>
          ) : null}
          {mayDelete ? (
            <Link to={`/admin/angebote/${angebot.id}/bearbeiten`} className="btn-secondary">
              {t("angebote:edit.trigger")}
            </Link>
          ) : null}
          {mayDelete ? (
            <DialogLink name={ANGEBOT_LOESCHEN} className="btn-danger">
              {t("angebote:delete.trigger")}
            </DialogLink>
          ) : null}
        </p>
      ) : null}
      {dialog}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) => {
  const name = data?.angebot.name ?? "";
  if (new URLSearchParams(location.search).has(ANGEBOT_LOESCHEN)) return [{ title: pageTitle("angebote:delete.pageTitle", { name }) }];
  return [{ title: pageTitle("angebote:details.title", { name }) }];
};
