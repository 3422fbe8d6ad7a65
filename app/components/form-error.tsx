import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageKey, errorTitleKey, type ErrorCode } from "~/errors";
import { useHydrated } from "~/hooks/use-hydrated";
import { useNamespacesOfAnswer } from "~/hooks/use-namespaces";
import { Notice } from "./notice";
import { StepUpLoginLink } from "./step-up-login-link";

/**
 * A form-level error: an upstream error code shown as German title and message.
 *
 * The error always answers a submission, so it takes the focus: the submit button is disabled
 * while busy and focus would otherwise fall to the page. Without JavaScript the server's HTML
 * carries `autofocus` (an alert present at load is not announced; a focused one is read). In the
 * browser an effect focuses it when a submission comes back with an error. `pending` tells it
 * about submissions that are not the page's navigation (a fetcher); it defaults to that.
 */
export function FormError({
  id,
  code,
  pending,
  title,
  message,
  children,
}: {
  id: string;
  code?: ErrorCode | null;
  pending?: boolean;
  /** A heading of the call's own instead of the code's. */
  title?: string;
  /** A message of the call's own instead of the code's (a conflict that names what changed). */
  message?: string;
  /** What follows the message, e.g. where to get help. */
  children?: ReactNode;
}) {
  const ready = useNamespacesOfAnswer([code ? errorTitleKey(code) : null]);
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = pending ?? navigation.state !== "idle";
  const hydrated = useHydrated();
  const ref = useRef<HTMLDivElement>(null);
  // null until the first effect: tells a mount apart from a submission coming back.
  const wasBusy = useRef<boolean | null>(null);

  useEffect(() => {
    const before = wasBusy.current;
    wasBusy.current = busy;
    if (!code || busy) return;
    // A submission came back with an error, or the box appeared in the browser with one
    // (not at hydration: the browser's autofocus has done that, and the user may have moved on).
    if (before === true || (before === null && hydrated)) ref.current?.focus();
  }, [busy, code, hydrated]);

  return (
    <div id={id} ref={ref} role="alert" tabIndex={-1} autoFocus={Boolean(code)}>
      {code && ready ? (
        <Notice tone="error" title={title ?? t(errorTitleKey(code))} className="mb-4">
          <p>{message ?? t(errorMessageKey(code))}</p>
          {code === "REQUIRED_STEP_UP_LEVEL_NOT_MET" ? <StepUpLoginLink className="btn-primary mt-3" /> : null}
          {children}
        </Notice>
      ) : null}
    </div>
  );
}
