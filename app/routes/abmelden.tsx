import type { LoaderFunctionArgs } from "@remix-run/node";
import { UPSTREAM_LOGOUT_URL } from "~/paths";
import { flashToast } from "~/.server/portal-cookie.server";
import { redirectTo } from "~/.server/redirects.server";

/**
 * The portal's logout link. The upstream's logout ends at the landing page and says nothing, so this route first
 * leaves a one-time "you have been logged out" in the portal's cookie (which the upstream does not touch), then
 * sends the browser on to the upstream's logout as a document request: the identity provider ends its session
 * with the browser, not with the portal. A plain link, so it works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return redirectTo(UPSTREAM_LOGOUT_URL, {
    headers: { "Set-Cookie": await flashToast(request, "auth.loggedOut") },
  });
}
