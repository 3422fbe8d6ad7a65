import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { fehlerSeite } from "~/mehrfach/lauf-seite.server";
import { isErrorCode } from "~/.server/error-codes.server";
import { getFixedT } from "~/.server/i18n.server";
import { fuehreAus } from "~/.server/mehrfach/ausfuehren.server";
import { withUpstreamSession } from "~/.server/responses.server";
import { resourceSecurityHeaders } from "~/.server/security.server";

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
      if (!(thrown instanceof Response) || (thrown.status >= 300 && thrown.status < 400)) throw thrown;
      return refusalPage(request, thrown);
    }
  });
}

/** Guards and the form reader throw JSON `{code}`; a person gets the German page for it, with the same status. */
async function refusalPage(request: Request, refusal: Response): Promise<Response> {
  const body: unknown = await refusal.json().catch(() => null);
  const raw = typeof body === "object" && body !== null ? (body as { code?: unknown }).code : null;
  const code = isErrorCode(raw) ? raw : "UNSPECIFIED_ERROR";
  const t = await getFixedT(request);
  const headers = new Headers(resourceSecurityHeaders("text/html"));
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "private, no-store");
  return new Response(fehlerSeite(t, code, "/admin/personen"), { status: refusal.status, headers });
}
