import { useNavigate } from "@remix-run/react";
import { createContext, useCallback, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from "react";

/**
 * Links that repeat on a page (a list's rows, the side navigation, paging, sorting) are plain anchors whose click
 * handler comes from one provider in the root (docs/decisions/017). Remix's `<Link>` resolves its target through
 * the router and runs several hooks per link on every render: on a class list of 30 rows that was a fifth of the
 * server's time per page, and a person list shows up to 300 rows. Without JavaScript both are the same `<a href>`.
 */

/** A navigation that only opens or closes a dialog; the page underneath keeps its focus and its data. */
export const DIALOG_STATE = { dialog: true } as const;

export function isDialogNavigation(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as { dialog?: unknown }).dialog === true;
}

type FollowLink = (event: MouseEvent<HTMLAnchorElement>, opensDialog: boolean) => void;

// On the server (and before the provider) a click does what a plain link does.
const FollowLinkContext = createContext<FollowLink>(() => {});

/** Mounted once, in the root: turns a plain left click on an `AppLink` into a client-side navigation. */
export function AppLinkProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const follow = useCallback<FollowLink>(
    (event, opensDialog) => {
      const url = clientNavigationTarget(event);
      if (!url) return;
      event.preventDefault();
      navigate(`${url.pathname}${url.search}${url.hash}`, {
        state: opensDialog ? DIALOG_STATE : undefined,
        preventScrollReset: opensDialog,
      });
    },
    [navigate],
  );
  return <FollowLinkContext.Provider value={follow}>{children}</FollowLinkContext.Provider>;
}

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** A path of the portal itself (never `/api/…`, which leaves the app and must load as a document). */
  to: string;
  /** The link opens a dialog over this page (decision 012): the page keeps its scroll position. */
  opensDialog?: boolean;
};

export function AppLink({ to, opensDialog = false, onClick, children, ...anchor }: AppLinkProps) {
  const follow = useContext(FollowLinkContext);
  return (
    <a
      href={to}
      onClick={(event) => {
        onClick?.(event);
        follow(event, opensDialog);
      }}
      {...anchor}
    >
      {children}
    </a>
  );
}

/** Where a plain left click on the link goes, unless the browser should handle it (new tab, download, …). */
function clientNavigationTarget(event: MouseEvent<HTMLAnchorElement>): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.currentTarget;
  if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return null;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin || url.pathname.startsWith("/api/")) return null;
  return url;
}
