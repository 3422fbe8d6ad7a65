import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NoticePage } from "~/components/notice-page";
import { pageTitle } from "~/i18n-static";
import { safeRedirectPath } from "~/paths";
import { hasSecondFactor } from "~/.server/auth.server";
import { requireUser } from "~/.server/guards.server";
import { upstreamCookieHeaders } from "~/.server/upstream/client.server";
import { redirectTo } from "~/.server/redirects.server";

/**
 * Shown when level gold is needed but the user has no second factor; skipped once one exists. The guard names the
 * page that asked for it (`zurueck`); without one, or for anything but an admin page, the way leads to the start.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (await hasSecondFactor(request, user.personId)) {
    const zurueck = safeRedirectPath(new URL(request.url).searchParams.get("zurueck"), "/start");
    throw redirectTo(zurueck.startsWith("/admin/") ? zurueck : "/start", { headers: upstreamCookieHeaders(request) });
  }
  return data(null, { headers: upstreamCookieHeaders(request) });
}

export default function NoSecondFactor() {
  const { t } = useTranslation();
  return (
    <NoticePage title={t("noSecondFactor.title")}>
      <p className="mb-2">{t("noSecondFactor.notSetUp")}</p>
      <p className="mb-6">{t("noSecondFactor.howTo")}</p>
      <div className="flex flex-wrap gap-3">
        <Link to="/start" className="btn-secondary">
          {t("noSecondFactor.toStart")}
        </Link>
        <Link to="/profile" className="btn-primary">
          {t("noSecondFactor.toSetup")}
        </Link>
      </div>
    </NoticePage>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("noSecondFactor.title") }];
