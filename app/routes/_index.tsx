import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Notice } from "~/components/notice";
import { PageMain } from "~/components/page-main";
import { pageTitle } from "~/i18n";
import type { RootLoader } from "~/root";
import { optionalUser } from "~/.server/auth.server";
import { redirectTo } from "~/.server/redirects.server";
import { withUpstreamSession } from "~/.server/responses.server";

// Announced maintenance, shown only within its window (spec section 2: 7 and 8 December 2024).
const MAINTENANCE_WINDOW = { from: Date.parse("2024-12-02T00:00:00+01:00"), until: Date.parse("2024-12-08T18:00:00+01:00") };

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    if (await optionalUser(request)) throw redirectTo("/start");
    const now = Date.now();
    return { maintenance: now >= MAINTENANCE_WINDOW.from && now < MAINTENANCE_WINDOW.until };
  });
}

export default function Landing() {
  const { t } = useTranslation();
  const { maintenance } = useLoaderData<typeof loader>();
  const loginHref = useRouteLoaderData<RootLoader>("root")?.loginHref ?? "/api/auth/login";
  return (
    <PageMain>
      <div className="mx-auto flex max-w-xl flex-col items-center gap-6 py-12 text-center">
        <img src="/logo-schulportal.svg" alt="" width="96" height="96" />
        <h1 className="text-3xl font-bold">{t("landing.title")}</h1>
        {maintenance ? (
          <Notice tone="warning" className="text-left font-semibold">
            <p>{t("landing.maintenance")}</p>
          </Notice>
        ) : null}
        <p>{t("landing.intro")}</p>
        <a href={loginHref} className="btn-primary text-lg">
          {t("landing.login")}
        </a>
      </div>
    </PageMain>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle() }];
