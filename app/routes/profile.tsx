import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageMain } from "~/components/page-main";
import { formatDate } from "~/dates";
import { pageTitle } from "~/i18n-static";
import { organisationLabel, safeRedirectPath } from "~/paths";
import { requireUser } from "~/.server/guards.server";
import { getPortalSession } from "~/.server/portal-cookie.server";
import { publicOrigin } from "~/.server/security.server";
import { myPersonInfo, twoFactorState } from "~/.server/upstream/self.server";
import { upstreamCookieHeaders } from "~/.server/upstream.server";

/** Own data and school assignments, read-only; the password change runs at the upstream. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [info, tokenState, session] = await Promise.all([
    myPersonInfo(request),
    twoFactorState(request, user.personId),
    getPortalSession(request),
  ]);
  const url = new URL(request.url);
  const passwordStatus = url.searchParams.get("kc_action_status");
  const resetQuery = new URLSearchParams({
    redirectUrl: `${publicOrigin(request)}/profile`,
    login_hint: info.person.username ?? "",
  });

  return data(
    {
      name: `${info.person.name.vorname} ${info.person.name.familiennamen}`,
      username: info.person.username ?? null,
      personalnummer: info.person.personalnummer ?? null,
      email: info.email ?? null,
      kontexte: info.personenkontexte.map((kontext) => ({
        id: kontext.id,
        organisation: organisationLabel({ name: kontext.organisation.name ?? "", kennung: kontext.organisation.kennung }),
        rolle: kontext.rollenname ?? "",
      })),
      passwordUpdatedAt: user.passwordUpdatedAt,
      passwordChange: `/api/auth/reset-password?${resetQuery}`,
      passwordStatus: passwordStatus && passwordStatus !== "cancelled" ? passwordStatus : null,
      token: tokenState,
      back: safeRedirectPath(session.get("previousUrl"), "/start"),
    },
    { headers: upstreamCookieHeaders(request) },
  );
}

export default function Profile() {
  const { t } = useTranslation();
  const profile = useLoaderData<typeof loader>();
  return (
    <PageMain>
      <p className="mb-2">
        <Link to={profile.back} className="text-primary underline">
          {t("profile.back")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{t("profile.title")}</h1>
      {profile.passwordStatus ? (
        <p role="status" className="mb-4 rounded border-l-4 border-accent bg-[#e6f4f2] p-3">
          {t(profile.passwordStatus === "success" ? "profile.password.changed" : "profile.password.failed")}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          <section aria-labelledby="persoenliche-daten" className="rounded border border-gray-400 p-4">
            <h2 id="persoenliche-daten" className="mb-3 text-xl font-bold">
              {t("profile.personalData")}
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
              <dt className="font-semibold">{t("profile.name")}</dt>
              <dd>{profile.name}</dd>
              {profile.username ? (
                <>
                  <dt className="font-semibold">{t("profile.username")}</dt>
                  <dd>{profile.username}</dd>
                </>
              ) : null}
              {profile.personalnummer ? (
                <>
                  <dt className="font-semibold">{t("profile.personalnummer")}</dt>
                  <dd>{profile.personalnummer}</dd>
                </>
              ) : null}
              {profile.email ? (
                <>
                  <dt className="font-semibold">{t("profile.email")}</dt>
                  <dd>{profile.email.status === "ENABLED" ? profile.email.address : t("profile.emailPending")}</dd>
                </>
              ) : null}
            </dl>
            <p className="mt-3 text-sm text-gray-700">{t("profile.changeByAdmins")}</p>
          </section>
          <section aria-labelledby="passwort" className="rounded border border-gray-400 p-4">
            <h2 id="passwort" className="mb-3 text-xl font-bold">
              {t("profile.password.title")}
            </h2>
            {profile.passwordUpdatedAt && formatDate(profile.passwordUpdatedAt) ? (
              <p className="mb-2">{t("profile.password.lastChanged", { date: formatDate(profile.passwordUpdatedAt) })}</p>
            ) : null}
            <p className="mb-3">{t("profile.password.hint")}</p>
            <a href={profile.passwordChange} className="btn-primary">
              {t("profile.password.change")}
            </a>
          </section>
          <section aria-labelledby="zwei-faktor" className="rounded border border-gray-400 p-4">
            <h2 id="zwei-faktor" className="mb-3 text-xl font-bold">
              {t("profile.twoFactor.title")}
            </h2>
            <p>
              {profile.token.hasToken
                ? t(profile.token.tokenKind === "hardware" ? "profile.twoFactor.hardware" : "profile.twoFactor.software", {
                    serial: profile.token.serial ?? "",
                  })
                : t("profile.twoFactor.none")}
            </p>
          </section>
        </div>
        <section aria-labelledby="zuordnungen" className="rounded border border-gray-400 p-4">
          <h2 id="zuordnungen" className="mb-3 text-xl font-bold">
            {t("profile.assignments")}
          </h2>
          {profile.kontexte.length === 0 ? <p>{t("profile.noAssignments")}</p> : null}
          <ul className="flex flex-col gap-2">
            {profile.kontexte.map((kontext) => (
              <li key={kontext.id}>
                <span className="font-semibold">{kontext.organisation}</span>: {kontext.rolle}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </PageMain>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("profile.title") }];
