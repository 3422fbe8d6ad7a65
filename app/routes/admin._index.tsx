import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { firstAdminPath } from "~/permissions";
import { notFound, requireUser } from "~/.server/guards.server";

/** /admin leads to the first admin area the user may use, like the administration tile. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const first = firstAdminPath(user.rights);
  if (!first) throw notFound();
  throw redirect(first);
}
