import { type LoaderFunctionArgs } from "@remix-run/node";
import { requireErweiterer } from "~/features/angebote/angebot-erweiterung.server";
import { redirectTo } from "~/.server/redirects.server";
import { withUpstreamSession } from "~/.server/responses.server";

/** The original client's address of a school's offers (a bookmark from it): our page for that. */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    await requireErweiterer(request);
    throw redirectTo("/admin/angebote/erweiterbar");
  });
}

/** Never shown: the loader always answers with a redirect or the not-found page (a page module, so that renders). */
export default function Weiterleitung() {
  return null;
}
