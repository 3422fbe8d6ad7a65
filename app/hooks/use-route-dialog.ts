import { useLocation } from "@remix-run/react";
import { DIALOG_STATE, isDialogNavigation } from "~/components/app-link";
import { RETURN_PARAM, safeRedirectPath } from "~/return-path";

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
