import { isErrorCode } from "./error-codes.server";
import { getFixedT } from "./i18n.server";
import { resourceSecurityHeaders } from "./security.server";
import { optionalUser } from "./auth.server";
import { pageFrameOf, refusalPage } from "./streamed-page.server";

/**
 * A resource route that answers pages itself (the streamed runs, docs/decisions/026) turns what its guards and calls
 * throw into a German page with the same status: they throw JSON `{code}`, which a person must never see. Redirects
 * (the login) pass through.
 */
export async function asGermanPage(request: Request, thrown: unknown, zurueck: { href: string; text: string }): Promise<Response> {
  if (!(thrown instanceof Response) || (thrown.status >= 300 && thrown.status < 400)) throw thrown;
  const body: unknown = await thrown.json().catch(() => null);
  const raw = typeof body === "object" && body !== null ? (body as { code?: unknown }).code : null;
  const code = isErrorCode(raw) ? raw : "UNSPECIFIED_ERROR";
  const headers = new Headers(resourceSecurityHeaders("text/html"));
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "private, no-store");
  // The frame of a logged-in person; a refusal for a stranger (or with the upstream away) has the header only.
  const frame = pageFrameOf(request, await optionalUser(request).catch(() => null));
  const page = refusalPage(await getFixedT(request), code, zurueck, frame);
  return new Response(page, { status: thrown.status, headers });
}
