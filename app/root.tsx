import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches, useRouteLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { AppLinkProvider } from "~/components/app-link";
import { NavigationFocus } from "~/components/navigation-focus";
import { SiteFooter } from "~/components/site-footer";
import { hidesAccountLinks, SiteHeader } from "~/components/site-header";
import { errorPageTitle, GeneralErrorBoundary } from "~/components/error-page";
import { usePageNamespaces, usePreloadErrorTexts } from "~/hooks/use-namespaces";
import i18n, { pageTitle, type I18nHandle } from "~/i18n";
import { restoreEarlyTextareaInput } from "~/document/early-textarea-input";
import { markScriptsStarted, ScriptsMark } from "~/document/scripts-mark";
import { useNonce } from "~/hooks/use-nonce";
import { BUILT_ADMIN_AREAS } from "~/permissions";
import { loginUrl } from "~/auth-urls";
import { Stylesheet, stylesheetHref } from "~/document/stylesheet";
import { optionalUser } from "~/.server/auth.server";
import { remixI18next } from "~/.server/i18n.server";
import { commitPortalSession, getPortalSession } from "~/.server/portal-cookie.server";
import { currentPath } from "~/.server/request-path.server";
import { withUpstreamSession } from "~/.server/responses.server";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

// The previous URL feeds "back" on the profile. Only pages worth returning to are remembered (the start page and
// the admin screens that exist: an unbuilt one is "not found"), and only short addresses: the cookie must stay far
// below the browsers' 4 KB whatever URL someone opens.
const MAX_REMEMBERED_LENGTH = 500;
function worthReturningTo(path: string): boolean {
  if (path.length > MAX_REMEMBERED_LENGTH) return false;
  return ["/start", ...BUILT_ADMIN_AREAS].some((area) => path === area || path.startsWith(`${area}/`) || path.startsWith(`${area}?`));
}

export function loader(args: LoaderFunctionArgs) {
  return withUpstreamSession(args, async ({ request }) => {
    const [user, session, locale] = await Promise.all([optionalUser(request), getPortalSession(request), remixI18next.getLocale(request)]);
    const path = currentPath(request);
    const toast = session.get("toast") ?? null;
    const interrupted = session.get("interrupted");
    if (worthReturningTo(path)) session.set("previousUrl", path);
    // The first page a browser gets carries the stylesheet inside; it prefetches the file for every later page.
    const inlineStylesheet = session.get("stylesheet") !== stylesheetHref;
    if (inlineStylesheet) session.set("stylesheet", stylesheetHref);

    const headers = { "Set-Cookie": await commitPortalSession(session) };
    return data(
      {
        // The language the server renders in; the browser takes it over (remix-i18next's `useChangeLanguage`).
        locale,
        inlineStylesheet,
        user: user ? { displayName: user.displayName } : null,
        loginHref: loginUrl(path),
        toast,
        // Only on the form's own page; anywhere else the notice would make no sense.
        interrupted:
          interrupted && interrupted.path === new URL(path, "http://portal").pathname ? { values: interrupted.values ?? {} } : null,
      },
      { headers },
    );
  });
}

export type RootLoader = typeof loader;

export const handle: I18nHandle = { i18n: "common" };

export const meta: MetaFunction = ({ error }) => [{ title: error ? errorPageTitle(error) : pageTitle() }];

export function Layout({ children }: { children: ReactNode }) {
  usePageNamespaces();
  usePreloadErrorTexts();
  const { t } = useTranslation();
  const nonce = useNonce();
  const rootData = useRouteLoaderData<RootLoader>("root");
  // Without the root's data (its loader failed) the page is still German.
  const locale = rootData?.locale ?? i18n.fallbackLng;
  const currentPath = useLocation().pathname;
  const accountLinks = !useMatches().some((match) => hidesAccountLinks(match.handle));
  useChangeLanguage(locale);
  return (
    <html lang={locale} className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ScriptsMark nonce={nonce} />
        <Meta />
        <Stylesheet inline={rootData?.inlineStylesheet ?? false} />
        <Links />
      </head>
      <body className="flex min-h-full flex-col bg-white text-gray-900">
        <a href="#inhalt" className="skip-link">
          {t("layout.skipToContent")}
        </a>
        <AppLinkProvider>
          <SiteHeader
            user={rootData?.user ?? null}
            loginHref={rootData?.loginHref ?? "/api/auth/login"}
            currentPath={currentPath}
            accountLinks={accountLinks}
          />
          <div className="flex flex-1 flex-col">{children}</div>
          <SiteFooter />
        </AppLinkProvider>
        <NavigationFocus />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Runs after every effect of the page below it: the page's own listeners are in place when the text comes back.
  useEffect(() => {
    markScriptsStarted();
    restoreEarlyTextareaInput();
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
