import { Link, useLocation, useNavigate, type ShouldRevalidateFunctionArgs } from "@remix-run/react";
import type { ReactNode } from "react";
import { RETURN_PARAM, safeRedirectPath } from "~/return-path";
import { AppLink, DIALOG_STATE, isDialogNavigation } from "./app-link";
import { Modal, preloadModal } from "./modal";

/**
 * Dialogs as URLs (docs/decisions/012-dialogs-as-urls.md). A dialog is a search parameter of the page it opens
 * over: `/admin/klassen?seite=2&loeschen=<id>`, `/admin/klassen/<id>?loeschen`. Loaded as a document (without
 * JavaScript, or from a bookmark or after a login) that URL is a page of its own with the dialog's content, its
 * form posting to the page's action; opened from the page with JavaScript, the same content shows in a modal
 * dialog over the page, and closing it goes back to the page's URL. The content is written once, and may hold
 * any form fields.
 */
export interface RouteDialogControl {
  /** The parameter's value (an id, or "" for a dialog about the page's own record); null when closed. */
  value: string | null;
  /** Loaded as a document, the dialog is the page; opened from the page with JavaScript, it is a modal. */
  inline: boolean;
  /**
   * For the dialog's forms: a refused post keeps the modal a modal; the answer replaces the dialog's history entry,
   * so Back after a confirmed question goes to the page before it, not to the question again.
   */
  formProps: { state?: typeof DIALOG_STATE; preventScrollReset?: boolean; replace: true };
  /** The page's URL without the dialog. */
  closeTo: string;
}

export function useRouteDialog(name: string): RouteDialogControl {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const value = params.get(name);
  params.delete(name);
  // Remix marks posts to an index route with `index`; it is not part of the page's address.
  params.delete("index");
  // The page's own way back, if it carries one, must be safe before the dialog offers it as "cancel".
  const zurueck = params.get(RETURN_PARAM);
  if (zurueck !== null && safeRedirectPath(zurueck, "") === "") params.delete(RETURN_PARAM);
  const query = params.toString();
  // Only a navigation from the page (a `DialogLink`) opens the modal: the page behind it is then on screen already.
  const modal = value !== null && isDialogNavigation(location.state);
  return {
    value,
    inline: value !== null && !modal,
    closeTo: `${location.pathname}${query ? `?${query}` : ""}`,
    formProps: modal ? { state: DIALOG_STATE, preventScrollReset: true, replace: true } : { replace: true },
  };
}

/** The address of the current page with dialog `name` open. */
export function dialogHref(location: { pathname: string; search: string }, name: string, value = ""): string {
  const params = new URLSearchParams(location.search);
  params.set(name, value);
  // `?loeschen` reads better than `?loeschen=` for a dialog about the page's own record.
  return `${location.pathname}?${params.toString().replace(new RegExp(`(^|&)${name}=(?=&|$)`), `$1${name}`)}`;
}

/** The link that opens a dialog: a page without JavaScript, the dialog over this page with it (an `AppLink`: lists have one per row). */
export function DialogLink({
  name,
  value,
  className,
  accessibleName,
  children,
}: {
  name: string;
  value?: string;
  className?: string;
  accessibleName?: string;
  children: ReactNode;
}) {
  const location = useLocation();
  return (
    <AppLink
      to={dialogHref(location, name, value)}
      opensDialog
      className={className}
      aria-label={accessibleName}
      onPointerEnter={preloadModal}
      onFocus={preloadModal}
    >
      {children}
    </AppLink>
  );
}

/**
 * The dialog's way out: a link back to the page, and with JavaScript also Escape and a click outside. From the
 * modal the page is still there and the focus returns to what opened it; from the dialog's own page it is a new
 * page, whose heading takes the focus.
 */
export function DialogCancel({ dialog, children }: { dialog: RouteDialogControl; children: ReactNode }) {
  return (
    // A destructive question starts on the harmless answer: Enter or Space by habit changes nothing.
    <Link
      to={dialog.closeTo}
      state={dialog.inline ? undefined : DIALOG_STATE}
      preventScrollReset={!dialog.inline}
      replace
      className="btn-secondary"
      data-autofocus
    >
      {children}
    </Link>
  );
}

/**
 * The dialog's frame. Inline it is the page's main section with the title as its heading; as a modal the title
 * names the dialog and the description is read out with it.
 */
export function RouteDialog({
  dialog,
  title,
  description,
  children,
  closeOnlyByButton = false,
}: {
  dialog: RouteDialogControl;
  title: string;
  description?: string;
  children: ReactNode;
  /** Escape and a click outside do not close it (a one-time password would be lost); its own buttons do. */
  closeOnlyByButton?: boolean;
}) {
  const navigate = useNavigate();
  if (dialog.value === null) return null;
  if (dialog.inline) {
    return (
      <section aria-labelledby="dialog-titel" className="max-w-2xl">
        <h1 id="dialog-titel" className="mb-4 text-2xl font-bold">
          {title}
        </h1>
        {description ? <p className="mb-6">{description}</p> : null}
        {children}
      </section>
    );
  }
  return (
    <Modal
      open
      onClose={() => {
        if (!closeOnlyByButton) navigate(dialog.closeTo, { replace: true, preventScrollReset: true, state: DIALOG_STATE });
      }}
      title={title}
      description={description}
    >
      {children}
    </Modal>
  );
}

/**
 * For a page's `shouldRevalidate`: opening or closing a dialog changes only the dialog's parameter, and the page
 * already holds what the dialog shows, so its loader need not run again. Any submission revalidates as usual.
 */
export function unlessOnlyDialogChanged(names: readonly string[]) {
  return ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean => {
    if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
    const withoutDialogs = (url: URL) => {
      const params = new URLSearchParams(url.search);
      for (const name of names) params.delete(name);
      params.sort();
      return params.toString();
    };
    return withoutDialogs(currentUrl) === withoutDialogs(nextUrl) ? false : defaultShouldRevalidate;
  };
}
