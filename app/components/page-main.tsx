import { useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNamespacesOf } from "~/hooks/use-namespaces";
import type { RootLoader } from "~/root";

/** The page's main landmark, with the one-time success message of the previous action on top. */
export function PageMain({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <main id="inhalt" tabIndex={-1} className={`mx-auto w-full min-w-0 flex-1 px-4 py-6 ${wide ? "" : "max-w-screen-xl"}`}>
      <Toast />
      <InterruptedNotice />
      {children}
    </main>
  );
}

const TONE_CLASSES = {
  success: "border-accent bg-[#e6f4f2]",
  info: "border-primary bg-primary-light",
  error: "border-danger bg-[#fdecf1]",
} as const;

/**
 * The status region is always in the page, so a message that arrives with a client navigation is announced; a
 * failure is an alert of its own instead.
 */
function Toast() {
  const toast = useRouteLoaderData<RootLoader>("root")?.toast;
  // A message is usually a text of the page it leads to; this makes sure of it.
  useNamespacesOf([toast?.key]);
  const { t } = useTranslation();
  const tone = toast?.tone ?? "success";
  const message = toast ? (
    <p className={`mb-4 rounded border-l-4 p-3 font-semibold text-gray-900 ${TONE_CLASSES[tone]}`}>{t(toast.key, toast.values)}</p>
  ) : null;
  return (
    <>
      {tone === "error" ? <div role="alert">{message}</div> : null}
      <div role="status" aria-live="polite">
        {tone === "error" ? null : message}
      </div>
    </>
  );
}

/**
 * After a login interrupted a form post: nothing was saved, and the user should know before sending again. The page
 * is a fresh document load, where an alert is not announced by itself: it takes the focus.
 */
function InterruptedNotice() {
  const { t } = useTranslation();
  const interrupted = useRouteLoaderData<RootLoader>("root")?.interrupted;
  if (!interrupted) return null;
  return (
    <p
      role="alert"
      tabIndex={-1}
      autoFocus
      className="mb-4 rounded border-l-4 border-warning bg-[#fff4e5] p-3 font-semibold text-gray-900"
    >
      {t("form.interrupted")}
    </p>
  );
}
