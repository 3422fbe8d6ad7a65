import { type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation, type ShouldRevalidateFunction } from "@remix-run/react";
import { AdminNav } from "~/components/admin-nav";
import { GeneralErrorBoundary } from "~/components/error-page";
import { PageMain } from "~/components/page-main";
import { adminNavigation } from "~/permissions";
import { istAbgebrochenerTeil } from "~/features/schultraeger/teil-abgebrochen";
import { requireUser } from "~/.server/guards.server";
import { withUpstreamSession } from "~/.server/responses.server";
import { ausgeschalteteFunktionen, loadFunktionen } from "~/.server/upstream/config.server";

/**
 * The admin layout. It only needs a session, and the upstream's switches for its menu; each child route checks its own
 * rights and level.
 */
export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    // The upstream's switches beside the login info, in the same wave: read once per upstream session, then cached.
    const [user, funktionen] = await Promise.all([requireUser(request), loadFunktionen(request)]);
    return { navigation: adminNavigation(user.rights, ausgeschalteteFunktionen(funktionen)) };
  });
}

/**
 * A part of a save in parts that met an expired login (decision 020) answers its page in place: loading the layout
 * again would lead to the login at once, and the page's word on what was saved would be lost.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  istAbgebrochenerTeil(actionResult) ? false : defaultShouldRevalidate;

export default function AdminLayout() {
  const { navigation } = useLoaderData<typeof loader>();
  const currentPath = useLocation().pathname;
  return (
    <div className="flex flex-1 flex-col xl:flex-row">
      <AdminNav sections={navigation} currentPath={currentPath} />
      <PageMain wide>
        <Outlet />
      </PageMain>
    </div>
  );
}

// Errors of admin pages render below the root, so the header still knows who is logged in.
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
