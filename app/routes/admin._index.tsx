import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { adminNavigation } from "~/permissions";
import { notFound, requireUser } from "~/.server/guards.server";

/** /admin leads to the first admin page the user may use. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const first = adminNavigation(user.rights)[0]?.entries[0];
  if (!first) throw notFound();
  throw redirect(first.to);
}
