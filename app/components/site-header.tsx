import { useTranslation } from "react-i18next";
import { EXTERNAL_LINKS } from "~/external-links";
import { LOGOUT_URL } from "~/auth-urls";
import { AppLink } from "./app-link";

interface Props {
  user: { displayName: string } | null;
  loginHref: string;
  /** The page's path: the profile link says when it is the page shown. */
  currentPath: string;
  /** False where the page offers the one way on itself (see `HeaderHandle`). */
  accountLinks?: boolean;
}

/**
 * A route whose page offers the one way on itself exports `handle = { accountLinks: false }`: e.g. `/login-error`,
 * where a header "Anmelden" would contradict the page's "Abmelden".
 */
export interface HeaderHandle {
  accountLinks?: boolean;
}

export const hidesAccountLinks = (handle: unknown) =>
  typeof handle === "object" && handle !== null && (handle as HeaderHandle).accountLinks === false;

/**
 * Dark bar with logo and help, light bar with login or profile and logout (spec section 2). It needs no router, so the
 * streamed pages (bulk run, import progress) render the same header (`.server/streamed-page.server.tsx`).
 */
export function SiteHeader({ user, loginHref, currentPath, accountLinks = true }: Props) {
  const { t } = useTranslation();
  return (
    <header>
      <div className="bg-primary text-white">
        <div className="mx-auto flex h-[60px] max-w-screen-2xl items-center justify-between px-4">
          <AppLink to={user ? "/start" : "/"} className="flex items-center gap-2 text-lg font-bold text-white no-underline">
            <img src="/logo-schulportal.svg" alt="" width="32" height="32" />
            <span>{t("app.name")}</span>
          </AppLink>
          <a href={EXTERNAL_LINKS.paedagogicalHelpdesk} target="_blank" rel="noreferrer" className="text-white underline">
            {t("layout.help")}
            <span className="sr-only"> {t("layout.opensInNewTab")}</span>
          </a>
        </div>
      </div>
      <div className="border-b border-gray-300 bg-primary-light">
        {accountLinks ? (
          <nav
            aria-label={t("layout.userNavigation")}
            className="mx-auto flex h-[40px] max-w-screen-2xl items-center justify-end gap-6 px-4"
          >
            {user ? (
              <>
                <span className="hidden text-sm sm:inline">{t("layout.loggedInAs", { name: user.displayName })}</span>
                <AppLink
                  to="/profile"
                  aria-current={currentPath === "/profile" ? "page" : undefined}
                  className="font-semibold text-primary"
                >
                  {t("layout.profile")}
                </AppLink>
                <a href={LOGOUT_URL} className="font-semibold text-primary">
                  {t("layout.logout")}
                </a>
              </>
            ) : (
              <a href={loginHref} className="font-semibold text-primary">
                {t("layout.login")}
              </a>
            )}
          </nav>
        ) : (
          <div className="h-[40px]" />
        )}
      </div>
    </header>
  );
}
