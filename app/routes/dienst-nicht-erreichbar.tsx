import { type LoaderFunctionArgs } from "@remix-run/node";
import { callUpstream } from "~/.server/upstream/client.server";
import { redirectTo } from "~/.server/redirects.server";
import { withUpstreamSession } from "~/.server/responses.server";

/**
 * Where the /api pass-through sends a browser when the upstream cannot be reached. Reloading it
 * asks the upstream again: still down → the German error page (503), back up → the landing page.
 */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    await callUpstream(request, "/api/config");
    throw redirectTo("/");
  });
}

export default function UpstreamUnavailable() {
  return null;
}
