import { useNavigate } from "@remix-run/react";
import { useEffect, type AnchorHTMLAttributes } from "react";

/**
 * Links that repeat on a page (a list's rows, the side navigation, paging, sorting) are plain anchors, and one
 * listener on the window turns a click on any of them into a client-side navigation (docs/decisions/017).
 * Remix's `<Link>` does the same per link, with a router lookup and several hooks each: on a class list of 30 rows
 * that was a fifth of the server's time per page, and a person list shows up to 300 rows. Without JavaScript both
 * are the same `<a href>`.
 */

/** A navigation that only opens or closes a dialog; the page underneath keeps its focus and its data. */
export const DIALOG_STATE = { dialog: true } as const;

export function isDialogNavigation(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as { dialog?: unknown }).dialog === true;
}

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** A path of the portal itself (never `/api/…`, which leaves the app and must load as a document). */
  to: string;
  /** The link opens a dialog over this page (decision 012): the page keeps its scroll position. */
  opensDialog?: boolean;
};

export function AppLink({ to, opensDialog = false, children, ...anchor }: AppLinkProps) {
  return (
    // `data-discover` lets Remix learn the target's route ahead of the click, as it does for its own links.
    <a href={to} data-app-link="" data-discover="true" data-opens-dialog={opensDialog ? "" : undefined} {...anchor}>
      {children}
    </a>
  );
}

/** Mounted once, in the root: the click handling of every `AppLink`. */
export function AppLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      const link = appLinkOf(event);
      if (!link) return;
      const url = new URL(link.href);
      event.preventDefault();
      const opensDialog = link.hasAttribute("data-opens-dialog");
      navigate(`${url.pathname}${url.search}${url.hash}`, {
        state: opensDialog ? DIALOG_STATE : undefined,
        preventScrollReset: opensDialog,
      });
    }
    // On the window, so React's own handlers (registered on the document) run first and may cancel the click.
    window.addEventListener("click", onClick);
    return () => window.removeEventListener("click", onClick);
  }, [navigate]);
  return null;
}

/** The AppLink a plain left click landed on, unless the browser should handle it (new tab, download, …). */
function appLinkOf(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-app-link]") : null;
  if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return null;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin || url.pathname.startsWith("/api/")) return null;
  return link;
}
