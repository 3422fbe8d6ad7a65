import { Link, useLocation, useNavigate, type ShouldRevalidateFunctionArgs } from "@remix-run/react";
import type { ReactNode } from "react";
import type { RouteDialogControl } from "~/hooks/use-route-dialog";
import { AppLink, DIALOG_STATE } from "./app-link";
import { Modal, preloadModal, type ModalProps } from "./modal";

/**
 * The pieces of a dialog that is a URL (docs/decisions/012-dialogs-as-urls.md): its link, its frame, its way out. Which
 * dialog is open, and how, says `useRouteDialog` (~/hooks/use-route-dialog).
 */

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
  size,
  startAtTitle,
}: {
  dialog: RouteDialogControl;
  title: string;
  description?: string;
  children: ReactNode;
  /** Escape and a click outside do not close it (a one-time password would be lost); its own buttons do. */
  closeOnlyByButton?: boolean;
  size?: ModalProps["size"];
  startAtTitle?: boolean;
}) {
  const navigate = useNavigate();
  if (dialog.value === null) return null;
  if (dialog.inline) {
    return (
      <section aria-labelledby="dialog-titel" className={size === "wide" ? "max-w-4xl" : "max-w-2xl"}>
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
      size={size}
      startAtTitle={startAtTitle}
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
