import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LandingNotices } from "~/features/landing/landing-notices";
import { PageMain } from "~/components/page-main";
import { type I18nHandle, pageTitle } from "~/i18n";
import type { RootLoader } from "~/root";
import { landingNotices, landingNoticesAt } from "~/features/landing/landing-notices.server";
import { optionalUser } from "~/.server/auth.server";
import { redirectTo } from "~/.server/redirects.server";
import { withUpstreamSession } from "~/.server/responses.server";

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    if (await optionalUser(request)) throw redirectTo("/start");
    // Maintenance notice and what's-new box: configured (MAINTENANCE_*, WHATS_NEW_*), each shown inside its window.
    return landingNoticesAt(landingNotices, Date.now());
  });
}

export const handle: I18nHandle = { i18n: "portalseiten" };

export default function Landing() {
  const { t } = useTranslation();
  const notices = useLoaderData<typeof loader>();
  const loginHref = useRouteLoaderData<RootLoader>("root")?.loginHref ?? "/api/auth/login";
  return (
    <PageMain>
      <div className="mx-auto flex max-w-xl flex-col items-center gap-6 py-12 text-center">
        <img src="/logo-schulportal.svg" alt="" width="96" height="96" />
        <h1 className="text-3xl font-bold">{t("portalseiten:landing.title")}</h1>
        <LandingNotices {...notices} />
        <p>{t("portalseiten:landing.intro")}</p>
        <a href={loginHref} className="btn-primary text-lg">
          {t("portalseiten:landing.login")}
        </a>
      </div>
    </PageMain>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle() }];
