import { type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireErweiterer } from "~/features/angebote/angebot-erweiterung.server";
import { notFound } from "~/.server/guards.server";
import { redirectTo } from "~/.server/redirects.server";
import { withUpstreamSession } from "~/.server/responses.server";

/** The original client's address of an offer's school extensions (a bookmark from it): our page for that. */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request, params }) => {
    await requireErweiterer(request);
    if (!z.string().uuid().safeParse(params.id).success) throw notFound();
    throw redirectTo(`/admin/angebote/${params.id}/erweiterungen`);
  });
}

/** Never shown: the loader always answers with a redirect or the not-found page (a page module, so that renders). */
export default function Weiterleitung() {
  return null;
}
