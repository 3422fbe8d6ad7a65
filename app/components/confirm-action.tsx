import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";
import type { ErrorCode } from "~/errors";
import { FormError } from "./form-error";
import { Modal, preloadModal } from "./modal";

interface Props {
  /** The confirmation page; without JavaScript the trigger is a link to it, with JavaScript its action. */
  href: string;
  triggerLabel: string;
  /** Accessible name of the trigger when its visible label is ambiguous (e.g. in a table row) */
  triggerAccessibleName?: string;
  triggerClassName?: string;
  title: string;
  message: string;
  confirmLabel: string;
}

/**
 * A destructive action behind a confirmation. Without JavaScript the confirmation is its own page;
 * with JavaScript it opens as a dialog over the current page and posts to that page's action.
 */
export function ConfirmAction({
  href,
  triggerLabel,
  triggerAccessibleName,
  triggerClassName = "text-danger underline",
  title,
  message,
  confirmLabel,
}: Props) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<{ error?: ErrorCode }>();
  const busy = fetcher.state !== "idle";
  // Set on submit, cleared once the answer is handled: a redirect answer (no error) means done.
  const submitted = useRef(false);
  const error = useRef<ErrorCode | undefined>(undefined);
  error.current = fetcher.data?.error;

  // Success redirects, and the new page's heading takes the focus (`NavigationFocus`); an error stays in the dialog.
  useEffect(() => {
    if (fetcher.state !== "idle" || !submitted.current) return;
    submitted.current = false;
    if (error.current) return; // FormError takes the focus
    setOpen(false);
  }, [fetcher.state]);

  if (!hydrated) {
    return (
      <Link to={href} className={triggerClassName} aria-label={triggerAccessibleName}>
        {triggerLabel}
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        className={triggerClassName}
        aria-label={triggerAccessibleName}
        onPointerEnter={preloadModal}
        onFocus={preloadModal}
        onClick={() => setOpen(true)}
      >
        {triggerLabel}
      </button>
      <Modal open={open} onClose={() => !busy && setOpen(false)} title={title} description={message}>
        <FormError id="bestaetigung-fehler" code={fetcher.data?.error} pending={busy} />
        <fetcher.Form
          method="post"
          action={href}
          onSubmit={() => {
            submitted.current = true;
          }}
          className="flex flex-wrap justify-end gap-3"
        >
          {/* A destructive question starts on the harmless answer: Enter or Space by habit deletes nothing. */}
          <button type="button" className="btn-secondary" onClick={() => setOpen(false)} disabled={busy} data-autofocus>
            {t("form.cancel")}
          </button>
          <button type="submit" className="btn-danger" disabled={busy}>
            {confirmLabel}
          </button>
        </fetcher.Form>
      </Modal>
    </>
  );
}
