import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NoticePage } from "~/components/notice-page";
import { type I18nHandle, pageTitle } from "~/i18n";
import { returnPathFrom, withReturnPath } from "~/return-path";
import { hasSecondFactor } from "~/.server/auth.server";
import { requireUser } from "~/.server/guards.server";
import { redirectTo } from "~/.server/redirects.server";
import { withUpstreamSession } from "~/.server/responses.server";

/**
 * Shown when level gold is needed but the user has no second factor; skipped once one exists. The guard names the
 * page that asked for it (`zurueck`); without one, or for anything but an admin page, the way leads to the start.
 * "Zur Einrichtung" goes straight into setting up one's own token, which returns to that page afterwards.
 */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const user = await requireUser(request);
    const zurueck = returnPathFrom(new URL(request.url).searchParams, "/start");
    const wanted = zurueck.startsWith("/admin/") ? zurueck : "/start";
    if (await hasSecondFactor(request, user.personId)) throw redirectTo(wanted);
    return { setup: withReturnPath(SETUP_PATH, wanted === "/start" ? SETUP_FALLBACK : wanted, SETUP_FALLBACK) };
  });
}

const SETUP_PATH = "/profile/zwei-faktor";
/** Without a page that asked, the set-up ends on the profile, where the card shows the new token. */
const SETUP_FALLBACK = "/profile";

export const handle: I18nHandle = { i18n: "portalseiten" };

export default function NoSecondFactor() {
  const { t } = useTranslation();
  const { setup } = useLoaderData<typeof loader>();
  return (
    <NoticePage title={t("portalseiten:noSecondFactor.title")}>
      <p className="mb-2">{t("portalseiten:noSecondFactor.notSetUp")}</p>
      <p className="mb-6">{t("portalseiten:noSecondFactor.howTo")}</p>
      <div className="flex flex-wrap gap-3">
        <Link to="/start" className="btn-secondary">
          {t("portalseiten:noSecondFactor.toStart")}
        </Link>
        <Link to={setup} className="btn-primary">
          {t("portalseiten:noSecondFactor.toSetup")}
        </Link>
      </div>
    </NoticePage>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("portalseiten:noSecondFactor.title") }];
