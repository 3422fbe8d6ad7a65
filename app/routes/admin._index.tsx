import { type LoaderFunctionArgs } from "@remix-run/node";
import { firstAdminPath } from "~/permissions";
import { notFound, requireUser } from "~/.server/guards.server";
import { redirectTo } from "~/.server/redirects.server";
import { withUpstreamSession } from "~/.server/responses.server";

/** /admin leads to the first admin area the user may use, like the administration tile. */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const user = await requireUser(request);
    const first = firstAdminPath(user.rights);
    if (!first) throw notFound();
    throw redirectTo(first);
  });
}

// A page module, not a resource route: the not-found answer renders as the German page.
export default function AdminIndex() {
  return null;
}
