import { data, type ActionFunctionArgs } from "@remix-run/node";
import { FRIST_ID_SHAPE, rememberDismissedFrist } from "~/features/fristen/fristen.server";
import { readFormData } from "~/.server/form-data.server";
import { requireUser } from "~/.server/guards.server";
import { redirectTo } from "~/.server/redirects.server";
import { withUpstreamSession } from "~/.server/responses.server";

/** The pages that show deadline banners; a dismissal returns to one of them, never anywhere else. */
const PAGES_WITH_BANNERS = ["/start", "/profile"];

/**
 * Hides one deadline banner for the rest of the browser session (`features/fristen/fristen-banner.tsx`). Without
 * JavaScript a plain form post that returns to the page with a one-time message; with it the banner's fetcher asks
 * for data (`antwort=daten`) and the page stays where it is. Only the portal's own cookie changes.
 */
export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    await requireUser(request);
    const form = await readFormData(request);
    const zurueck = String(form.get("zurueck") ?? "");
    const page = PAGES_WITH_BANNERS.includes(zurueck) ? zurueck : "/start";
    const id = String(form.get("frist") ?? "");
    // Nothing to remember: back to the page, which still shows what it showed.
    if (!FRIST_ID_SHAPE.test(id)) return redirectTo(page);
    const asData = form.get("antwort") === "daten";
    const headers = { "Set-Cookie": await rememberDismissedFrist(request, id, { withMessage: !asData }) };
    return asData ? data({ ausgeblendet: id }, { headers }) : redirectTo(page, { headers });
  });
}

/** The address itself, opened in the browser, has nothing to show. */
export function loader() {
  return redirectTo("/start");
}
