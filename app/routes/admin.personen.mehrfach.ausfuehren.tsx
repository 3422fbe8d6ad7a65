import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { fuehreAus } from "~/features/mehrfach/ausfuehren.server";
import { getFixedT } from "~/.server/i18n.server";
import { asGermanPage } from "~/.server/resource-refusal.server";
import { withUpstreamSession } from "~/.server/responses.server";

/**
 * Runs a bulk action and streams its progress and result as a page of its own (docs/decisions/026). A resource
 * route, because Remix would read a route's whole answer before sending it. A GET has nothing to run.
 */
export function loader() {
  return redirect("/admin/personen");
}

export function action(args: ActionFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    try {
      return await fuehreAus(request);
    } catch (thrown) {
      const t = await getFixedT(request);
      return asGermanPage(request, thrown, { href: "/admin/personen", text: t("mehrfach:ergebnis.zurueck") });
    }
  });
}
