import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { lazy, Suspense, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  ENTSPERREN,
  GERAETEPASSWORT,
  KOPERS,
  LOESCHEN,
  PASSWORT,
  PERSON_BEARBEITEN,
  SPERREN,
  SYNCHRONISIEREN,
  TOKEN_ZURUECKSETZEN,
  ZWEI_FAKTOR_EINRICHTEN,
} from "~/features/person/dialog-names";
import { PersonEinmalPasswortDialog } from "~/features/person/einmal-passwort-dialog";
import { sperrDialogTitle, useSperrDialoge } from "~/features/person/sperr-dialoge";
import { PersonDaten } from "~/features/person/person-daten";
import { SperrStatus } from "~/features/person/sperr-status";
import { ZuordnungenListe } from "~/features/person/zuordnungen-liste";
import { useZweiFaktorDialoge, zweiFaktorDialogTitle } from "~/features/person/zwei-faktor-dialoge";
import { ZweiFaktorStatus } from "~/features/person/zwei-faktor-status";
import { DialogLink, unlessOnlyDialogChanged } from "~/components/route-dialog";
import { useRouteDialog } from "~/hooks/use-route-dialog";
import { pageTitle, type I18nHandle } from "~/i18n";
import { returnPathFrom, withReturnPath } from "~/return-path";
import { bearbeiten } from "~/features/person/actions/bearbeiten.server";
import { entsperren } from "~/features/person/actions/entsperren.server";
import { geraetepasswort } from "~/features/person/actions/geraetepasswort.server";
import { kopers } from "~/features/person/actions/kopers.server";
import { loeschen } from "~/features/person/actions/loeschen.server";
import { passwort } from "~/features/person/actions/passwort.server";
import { sperren } from "~/features/person/actions/sperren.server";
import { synchronisieren } from "~/features/person/actions/synchronisieren.server";
import { tokenZuruecksetzen, zweiFaktorEinrichten } from "~/features/person/actions/zwei-faktor.server";
import type { PersonActionHandler } from "~/features/person/actions/types.server";
import { loadPersonDetails } from "~/features/person/person-details.server";
import { lockActions } from "~/features/person/person-sperre.server";
import { guardWhileLoading, notFound, requireAdmin } from "~/.server/guards.server";
import { withUpstreamSession } from "~/.server/responses.server";

// Two-factor management has its own texts: the self-service profile will need them without the rest of `person`.
export const handle: I18nHandle = { i18n: ["person", "personDetails", "personAktionen", "zweiFaktor"] };

const LIST_PATH = "/admin/personen";

// The edit form (conform and zod) loads when its dialog opens; the page's own JS stays in its budget.
const PersonBearbeitenDialog = lazy(() =>
  import("~/features/person/bearbeiten-dialog").then((module) => ({ default: module.PersonBearbeitenDialog })),
);

/**
 * The posts of the page's dialogs, by the dialog's search parameter (`?passwort`, …): one entry per dialog. Each
 * handler checks its own input; the guard in `action` has checked the right and the level.
 */
const ACTIONS: Readonly<Record<string, PersonActionHandler>> = {
  [PERSON_BEARBEITEN]: bearbeiten,
  [PASSWORT]: passwort,
  [GERAETEPASSWORT]: geraetepasswort,
  [SPERREN]: sperren,
  [ENTSPERREN]: entsperren,
  [KOPERS]: kopers,
  [LOESCHEN]: loeschen,
  [SYNCHRONISIEREN]: synchronisieren,
  [TOKEN_ZURUECKSETZEN]: tokenZuruecksetzen,
  [ZWEI_FAKTOR_EINRICHTEN]: zweiFaktorEinrichten,
};

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    const search = new URL(request.url).searchParams;
    const [user, { parents, ...details }] = await guardWhileLoading(requireAdmin(request, { permissions: ["personenverwaltung"] }), () =>
      loadPersonDetails(request, params.id, { lockingOffices: search.has(SPERREN) }),
    );
    // Only teachers have a device password: for anybody else the dialog's address does not exist.
    if (search.has(GERAETEPASSWORT) && !details.hasLehr) throw notFound();
    // The list the user came from, with its filters, search and page.
    return {
      ...details,
      lockActions: lockActions(user, parents, search),
      zurueck: returnPathFrom(search, LIST_PATH),
      // the one-time token of the password dialogs' confirmation (one-time-password.server.ts)
      einmal: crypto.randomUUID(),
    };
  });
}

export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    const user = await requireAdmin(request, { permissions: ["personenverwaltung"] });
    const search = new URL(request.url).searchParams;
    const name = Object.keys(ACTIONS).find((candidate) => search.has(candidate));
    if (!name) throw notFound();
    const detailsPath = withReturnPath(`${LIST_PATH}/${params.id ?? ""}`, returnPathFrom(search, LIST_PATH), LIST_PATH);
    return ACTIONS[name]({ request, user, personId: params.id, detailsPath });
  });
}

// Opening and closing a dialog needs nothing new from the server: the page holds what the dialogs show.
// Opening the lock dialog reads the offices a lock can be set in (person-details.server.ts): that dialog revalidates.
export const shouldRevalidate = unlessOnlyDialogChanged(Object.keys(ACTIONS).filter((name) => name !== SPERREN));

export default function PersonDetailsPage() {
  const { t } = useTranslation();
  const { person, locks, zuordnungen, hasLehr, zweiFaktor, lockActions, zurueck } = useLoaderData<typeof loader>();
  const name = `${person.vorname} ${person.familienname}`;
  const lockUi = useSperrDialoge({ name, locks, actions: lockActions });
  const tokenUi = useZweiFaktorDialoge({ name, view: zweiFaktor });
  const editDialog = useRouteDialog(PERSON_BEARBEITEN);
  const passwordDialog = useRouteDialog(PASSWORT);
  const deviceDialog = useRouteDialog(GERAETEPASSWORT);
  const dialogs = [
    editDialog.value !== null ? (
      <Suspense key="edit" fallback={null}>
        <PersonBearbeitenDialog dialog={editDialog} person={person} />
      </Suspense>
    ) : null,
    passwordDialog.value !== null ? <PersonEinmalPasswortDialog key="pw" kind={PASSWORT} dialog={passwordDialog} person={person} /> : null,
    deviceDialog.value !== null && hasLehr ? (
      <PersonEinmalPasswortDialog key="device" kind={GERAETEPASSWORT} dialog={deviceDialog} person={person} />
    ) : null,
  ];
  // Without JavaScript a dialog is a page of its own.
  const inline = [editDialog, passwordDialog, deviceDialog].findIndex((dialog) => dialog.inline);
  if (inline >= 0 && dialogs[inline]) return dialogs[inline];
  if (lockUi.inline) return lockUi.inline;
  if (tokenUi.inline) return tokenUi.inline;

  return (
    <>
      <p className="mb-2">
        <Link to={zurueck} className="text-primary underline">
          {t("personDetails:backToList")}
        </Link>
      </p>
      <h1 className="mb-6 text-2xl font-bold">{t("personDetails:heading", { name })}</h1>

      <Section id="persoenliche-daten" title={t("personDetails:personalData")}>
        <PersonDaten person={person} />
        <DialogLink name={PERSON_BEARBEITEN} className="btn-primary">
          {t("personDetails:edit")}
        </DialogLink>
      </Section>

      <Section id="status" title={t("personDetails:status")}>
        <SperrStatus locks={locks} />
        {lockUi.statusButtons}
      </Section>

      <Section id="passwort" title={t("personDetails:password")}>
        <p className="mb-4">{t("personDetails:passwordInfo")}</p>
        <DialogLink name={PASSWORT} className="btn-primary">
          {t("person:password.open")}
        </DialogLink>
      </Section>

      {hasLehr ? (
        <Section id="geraetepasswort" title={t("personDetails:devicePassword")}>
          <p className="mb-4">{t("personDetails:devicePasswordInfo")}</p>
          <DialogLink name={GERAETEPASSWORT} className="btn-primary">
            {t("personAktionen:devicePassword.open")}
          </DialogLink>
        </Section>
      ) : null}

      <Section id="zuordnungen" title={t("personDetails:zuordnungen")}>
        <ZuordnungenListe zuordnungen={zuordnungen} />
        <Link to={withReturnPath(`/admin/personen/${person.id}/zuordnungen`, zurueck, LIST_PATH)} className="btn-primary mt-4 inline-block">
          {t("person:zuordnungenBearbeiten.open")}
        </Link>
      </Section>

      {zweiFaktor.shown ? (
        <Section id="zwei-faktor" title={t("personDetails:twoFactor")}>
          <ZweiFaktorStatus view={zweiFaktor} />
        </Section>
      ) : null}
      {lockUi.actionsSection}
      {dialogs}
      {lockUi.dialogs}
      {tokenUi.dialogs}
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-titel`} className="mb-8 max-w-3xl">
      <h2 id={`${id}-titel`} className="mb-3 text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, location }) => {
  const name = loaderData ? `${loaderData.person.vorname} ${loaderData.person.familienname}` : "";
  const search = new URLSearchParams(location.search);
  if (search.has(PERSON_BEARBEITEN)) return [{ title: pageTitle("personAktionen:edit.pageTitle", { name }) }];
  if (search.has(PASSWORT)) return [{ title: pageTitle("person:password.pageTitle", { name }) }];
  if (search.has(GERAETEPASSWORT)) return [{ title: pageTitle("personAktionen:devicePassword.pageTitle", { name }) }];
  const manual = loaderData?.locks.some((lock) => lock.occasion === "MANUELL_GESPERRT") ?? false;
  const lockTitle = sperrDialogTitle(search, name, manual);
  if (lockTitle) return [{ title: lockTitle }];
  const tokenTitle = zweiFaktorDialogTitle(search, name);
  if (tokenTitle) return [{ title: tokenTitle }];
  return [{ title: pageTitle("personDetails:pageTitle", { name }) }];
};
