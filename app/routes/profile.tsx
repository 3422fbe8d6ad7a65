import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FristenBanner } from "~/features/fristen/fristen-banner";
import { PageMain } from "~/components/page-main";
import { GERAETEPASSWORT, GeraetepasswortDialog, GeraetepasswortKarte } from "~/features/profil/geraetepasswort";
import { Schulzuordnungen } from "~/features/profil/schulzuordnungen";
import { unlessOnlyDialogChanged } from "~/components/route-dialog";
import { useRouteDialog } from "~/hooks/use-route-dialog";
import { ZWEI_FAKTOR_EINRICHTEN, ZweiFaktorKarte } from "~/features/profil/zwei-faktor-karte";
import { formatDate } from "~/dates";
import { pageTitle, type I18nHandle } from "~/i18n";
import { safeRedirectPath } from "~/return-path";
import { fristenFor } from "~/features/fristen/fristen.server";
import { ownDevicePassword } from "~/features/profil/geraetepasswort.server";
import { assignmentsBySchool, hasLehrKontext, myTwoFactor } from "~/features/profil/profil.server";
import { loadFunktionen } from "~/.server/upstream/config.server";
import { guardWhileLoading, notFound, requireUser } from "~/.server/guards.server";
import { getPortalSession } from "~/.server/portal-cookie.server";
import { publicOrigin } from "~/.server/security.server";
import { getPersonenuebersicht } from "~/.server/upstream/person.server";
import { myPersonInfo } from "~/.server/upstream/self.server";
import { redirectWithToast, withUpstreamSession } from "~/.server/responses.server";

export const handle: I18nHandle = { i18n: ["profil", "zweiFaktor"] };

/** E-mail states worth telling the user; any other state hides the row (the original does the same). */
const EMAIL_TEXT = {
  REQUESTED: { value: "profil:emailPending", hint: "profil:emailPendingHint" },
  DISABLED: { value: "profil:emailDisabled", hint: "profil:emailDisabledHint" },
  FAILED: { value: "profil:emailFailed", hint: "profil:emailFailedHint" },
} as const;
type EmailStatus = keyof typeof EMAIL_TEXT | "ENABLED";
const isShownEmailStatus = (status: string): status is EmailStatus => status === "ENABLED" || Object.hasOwn(EMAIL_TEXT, status);

/** What the identity provider's `kc_action_status` after a password change means: text and tone of the message. */
const PASSWORD_NOTICES = {
  success: { key: "profil:password.changed", tone: "success" },
  cancelled: { key: "profil:password.cancelled", tone: "info" },
  failed: { key: "profil:password.failed", tone: "error" },
} as const;

/** Own data and school assignments, read-only; the password change runs at the upstream, a teacher's device password here. */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    // The identity provider reports the password change in the address. Said once, the address is clean again, so a
    // reload or a bookmark does not repeat it.
    const status = new URL(request.url).searchParams.get("kc_action_status");
    if (status !== null) {
      const notice = status === "success" || status === "cancelled" ? PASSWORD_NOTICES[status] : PASSWORD_NOTICES.failed;
      throw await redirectWithToast(request, "/profile", notice);
    }
    // Person info names the person id, so the two-factor reads need not wait for the guard's login info.
    const [user, [{ info, twoFactor, uebersicht }, session, funktionen]] = await guardWhileLoading(requireUser(request), () =>
      Promise.all([
        myPersonInfo(request).then(async (info) => {
          // The Personenübersicht: each Zuordnung's Befristung and the school's administrators.
          const [twoFactor, uebersicht] = await Promise.all([myTwoFactor(request, info.pid), getPersonenuebersicht(request, info.pid)]);
          return { info, twoFactor, uebersicht };
        }),
        getPortalSession(request),
        loadFunktionen(request),
      ]),
    );
    // A teacher's own device password, unless the upstream has switched it off.
    const geraetepasswort = hasLehrKontext(info) && funktionen.geraetepasswort;
    if (new URL(request.url).searchParams.has(GERAETEPASSWORT) && !geraetepasswort) throw notFound();
    // The identity provider sends the browser back to this absolute address (it does not accept a bare path).
    const resetQuery = new URLSearchParams({
      redirectUrl: `${publicOrigin(request)}/profile`,
      login_hint: info.person.username ?? "",
    });
    const email = info.email && isShownEmailStatus(info.email.status) ? { ...info.email, status: info.email.status } : null;

    return {
      name: `${info.person.name.vorname} ${info.person.name.familiennamen}`,
      username: info.person.username ?? null,
      personalnummer: info.person.personalnummer ?? null,
      email,
      assignments: assignmentsBySchool(uebersicht.zuordnungen),
      passwordUpdatedAt: user.passwordUpdatedAt,
      passwordChange: `/api/auth/reset-password?${resetQuery}`,
      twoFactor,
      geraetepasswort,
      // the one-time token of the device password's confirmation (one-time-password.server.ts)
      einmal: crypto.randomUUID(),
      zurueck: safeRedirectPath(session.get("previousUrl"), "/start"),
      fristen: await fristenFor(request, user),
    };
  });
}

/** The device password's confirmation (`?geraetepasswort`), the profile's only post. */
export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    if (!new URL(request.url).searchParams.has(GERAETEPASSWORT)) {
      await requireUser(request);
      throw notFound();
    }
    return ownDevicePassword(request);
  });
}

export const shouldRevalidate = unlessOnlyDialogChanged([GERAETEPASSWORT, ZWEI_FAKTOR_EINRICHTEN]);

export default function Profile() {
  const { t } = useTranslation();
  const profile = useLoaderData<typeof loader>();
  const deviceDialog = useRouteDialog(GERAETEPASSWORT);
  const dialog =
    profile.geraetepasswort && deviceDialog.value !== null ? (
      <GeraetepasswortDialog dialog={deviceDialog} username={profile.username} />
    ) : null;
  // Without JavaScript the dialog is a page of its own.
  if (deviceDialog.inline && dialog) return <PageMain>{dialog}</PageMain>;
  return (
    <PageMain>
      <p className="mb-2">
        <Link to={profile.zurueck} className="text-primary underline">
          {t("profil:back")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{t("profil:title")}</h1>
      <FristenBanner fristen={profile.fristen} />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          <section aria-labelledby="persoenliche-daten" className="rounded border border-gray-400 p-4">
            <h2 id="persoenliche-daten" className="mb-3 text-xl font-bold">
              {t("profil:personalData")}
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
              <dt className="font-semibold">{t("profil:name")}</dt>
              <dd>{profile.name}</dd>
              {profile.username ? (
                <>
                  <dt className="font-semibold">{t("profil:username")}</dt>
                  <dd>{profile.username}</dd>
                </>
              ) : null}
              {profile.personalnummer ? (
                <>
                  <dt className="font-semibold">{t("profil:personalnummer")}</dt>
                  <dd>{profile.personalnummer}</dd>
                </>
              ) : null}
              {profile.email ? (
                <>
                  <dt className="font-semibold">{t("profil:email")}</dt>
                  {profile.email.status === "ENABLED" ? (
                    <dd>{profile.email.address}</dd>
                  ) : (
                    <dd>
                      {t(EMAIL_TEXT[profile.email.status].value)}
                      <span className="block text-sm text-gray-700">{t(EMAIL_TEXT[profile.email.status].hint)}</span>
                    </dd>
                  )}
                </>
              ) : null}
            </dl>
            <p className="mt-3 text-sm text-gray-700">{t("profil:changeByAdmins")}</p>
          </section>
          <section aria-labelledby="passwort" className="rounded border border-gray-400 p-4">
            <h2 id="passwort" className="mb-3 text-xl font-bold">
              {t("profil:password.title")}
            </h2>
            {profile.passwordUpdatedAt && formatDate(profile.passwordUpdatedAt) ? (
              <p className="mb-2">{t("profil:password.lastChanged", { date: formatDate(profile.passwordUpdatedAt) })}</p>
            ) : null}
            <p className="mb-3">{t("profil:password.hint")}</p>
            <a href={profile.passwordChange} className="btn-primary">
              {t("profil:password.change")}
            </a>
          </section>
          {profile.twoFactor ? <ZweiFaktorKarte twoFactor={profile.twoFactor} /> : null}
          {profile.geraetepasswort ? <GeraetepasswortKarte /> : null}
        </div>
        <Schulzuordnungen assignments={profile.assignments} />
      </div>
      {dialog}
    </PageMain>
  );
}

export const meta: MetaFunction = ({ location }) => [
  { title: pageTitle(new URLSearchParams(location.search).has(GERAETEPASSWORT) ? "profil:devicePassword.pageTitle" : "profil:title") },
];
