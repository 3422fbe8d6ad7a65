import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminNav } from "~/components/admin-nav";
import { GeneralErrorBoundary } from "~/components/error-page";
import { PageMain } from "~/components/page-main";
import { adminNavigation } from "~/permissions";
import { requireUser } from "~/.server/guards.server";
import { upstreamCookieHeaders } from "~/.server/upstream/client.server";

/** The admin layout. It only needs a session; each child route checks its own rights and level. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return data({ navigation: adminNavigation(user.rights) }, { headers: upstreamCookieHeaders(request) });
}

export default function AdminLayout() {
  const { navigation } = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-1 flex-col xl:flex-row">
      <AdminNav sections={navigation} />
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
