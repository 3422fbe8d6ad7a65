import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";
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
  const fetcher = useFetcher<{ error?: string }>();
  const busy = fetcher.state !== "idle";
  // Set on submit, cleared once the answer is handled: a redirect answer (no error) means done.
  const submitted = useRef(false);
  const error = useRef<string | undefined>(undefined);
  error.current = fetcher.data?.error;

  useEffect(() => {
    if (fetcher.state !== "idle" || !submitted.current) return;
    submitted.current = false;
    if (error.current) return; // FormError takes the focus
    setOpen(false);
    focusMainSoon();
  }, [fetcher.state]);

  // After a delete the redirect usually removes the trigger (its table row, or the whole page)
  // together with the dialog, and the dialog has nothing to return focus to.
  useEffect(
    () => () => {
      if (submitted.current && !error.current) focusMainSoon();
    },
    [],
  );

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
      <Modal open={open} onClose={() => !busy && setOpen(false)} title={title}>
        <p className="mb-4">{message}</p>
        <FormError id="bestaetigung-fehler" code={fetcher.data?.error} pending={busy} />
        <fetcher.Form
          method="post"
          action={href}
          onSubmit={() => {
            submitted.current = true;
          }}
          className="flex flex-wrap justify-end gap-3"
        >
          <button type="button" className="btn-secondary" onClick={() => setOpen(false)} disabled={busy}>
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

/**
 * Focus the page's main landmark, where the success message appears. Later than the dialog's own
 * focus return (a microtask on unmount), which would pick some earlier, unrelated element.
 */
function focusMainSoon(): void {
  setTimeout(() => document.getElementById("inhalt")?.focus(), 0);
}
