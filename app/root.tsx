import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { NavigationFocus } from "~/components/navigation-focus";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { errorPageTitle, GeneralErrorBoundary } from "~/components/error-page";
import { staticT } from "~/i18n-static";
import { useNonce } from "~/nonce";
import { loginUrl } from "~/paths";
import stylesheet from "~/tailwind.css";
import { optionalUser } from "~/.server/auth.server";
import { commitPortalSession, getPortalSession } from "~/.server/portal-cookie.server";
import { currentPath } from "~/.server/request-path.server";
import { upstreamCookieHeaders } from "~/.server/upstream/client.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// The previous URL feeds "back" on the profile. Only pages worth returning to are remembered, and only short
// addresses: the cookie must stay far below the browsers' 4 KB whatever URL someone opens.
const REMEMBERED = /^\/(start|admin)(\/|\?|$)/;
const MAX_REMEMBERED_LENGTH = 500;

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, session] = await Promise.all([optionalUser(request), getPortalSession(request)]);
  const path = currentPath(request);
  const toast = session.get("toast") ?? null;
  const interrupted = session.get("interrupted");
  if (REMEMBERED.test(path) && path.length <= MAX_REMEMBERED_LENGTH) session.set("previousUrl", path);

  const headers = upstreamCookieHeaders(request);
  headers.append("Set-Cookie", await commitPortalSession(session));
  return data(
    {
      user: user ? { displayName: user.displayName } : null,
      loginHref: loginUrl(path),
      toast,
      // Only on the form's own page; anywhere else the notice would make no sense.
      interrupted: interrupted && interrupted.path === new URL(path, "http://portal").pathname ? { values: interrupted.values ?? {} } : null,
    },
    { headers },
  );
}

export type RootLoader = typeof loader;

export const meta: MetaFunction = ({ error }) => [{ title: error ? errorPageTitle(error) : staticT("app.name") }];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<RootLoader>("root");
  return (
    <html lang="de" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col bg-white text-gray-900">
        <a href="#inhalt" className="skip-link">
          {staticT("layout.skipToContent")}
        </a>
        <SiteHeader user={rootData?.user ?? null} loginHref={rootData?.loginHref ?? "/api/auth/login"} />
        <div className="flex flex-1 flex-col">{children}</div>
        <SiteFooter />
        <NavigationFocus />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
