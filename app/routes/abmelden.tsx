import type { LoaderFunctionArgs } from "@remix-run/node";
import { UPSTREAM_LOGOUT_URL } from "~/auth-urls";
import { redirectWithToast } from "~/.server/responses.server";

/**
 * The portal's logout link. The upstream's logout ends at the landing page and says nothing, so this route first
 * leaves a one-time "you have been logged out" in the portal's cookie (which the upstream does not touch), then
 * sends the browser on to the upstream's logout as a document request: the identity provider ends its session
 * with the browser, not with the portal. A plain link, so it works without JavaScript.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return redirectWithToast(request, UPSTREAM_LOGOUT_URL, { key: "auth.loggedOut" });
}
