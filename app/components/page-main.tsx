import { useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNamespacesOf } from "~/hooks/use-namespaces";
import { useShownUntilNextSubmit } from "~/hooks/use-shown-until-next-submit";
import type { RootLoader } from "~/root";
import { isUrgent, LiveRegion, Notice } from "./notice";

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

/**
 * The status region is always in the page, so a message that arrives with a client navigation is announced; a
 * failure is an alert of its own instead.
 */
function Toast() {
  const toast = useShownUntilNextSubmit(useRouteLoaderData<RootLoader>("root")?.toast);
  // A message is usually a text of the page it leads to; this makes sure of it.
  useNamespacesOf([toast?.key]);
  const { t } = useTranslation();
  const tone = toast?.tone ?? "success";
  const message = toast ? (
    <Notice tone={tone} className="mb-4 font-semibold">
      <p className="[overflow-wrap:anywhere]">{t(toast.key, toast.values)}</p>
    </Notice>
  ) : null;
  return (
    <>
      {isUrgent(tone) ? <LiveRegion urgent>{message}</LiveRegion> : null}
      <LiveRegion urgent={false}>{isUrgent(tone) ? null : message}</LiveRegion>
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
    <Notice tone="warning" role="alert" tabIndex={-1} autoFocus className="mb-4 font-semibold">
      <p>{t("form.interrupted")}</p>
    </Notice>
  );
}
