import { flashToast } from "./portal-cookie.server";
import { upstreamCookieHeaders } from "./upstream/client.server";
import { redirectTo } from "./redirects.server";

/**
 * The answer to an edit form's post that changes nothing (see `hasChanges`): the upstream is not asked, the next
 * page says once, neutrally, that nothing was changed. With JavaScript the save button stays disabled until a
 * change, so this is the way without it.
 */
export async function nothingChanged(request: Request, to: string): Promise<Response> {
  const headers = upstreamCookieHeaders(request);
  headers.append("Set-Cookie", await flashToast(request, "form.unchanged", undefined, "info"));
  return redirectTo(to, { headers });
}
