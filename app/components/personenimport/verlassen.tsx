import { useBeforeUnload, useBlocker } from "@remix-run/react";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "~/components/modal";

/**
 * Asks before leaving a page whose start passwords were not downloaded yet (an enhancement: it needs JavaScript).
 * `offen` is read at the moment of leaving, so a download that started a moment ago counts at once.
 */
export function useLeaveWarning(offen: () => boolean, frage: string) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => offen() && currentLocation.pathname !== nextLocation.pathname);
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!offen()) return;
        event.preventDefault();
        event.returnValue = "";
      },
      [offen],
    ),
  );
  return (
    <Modal open={blocker.state === "blocked"} onClose={() => blocker.reset?.()} title={t("unsavedChanges.title")} description={frage}>
      <div className="flex flex-wrap justify-end gap-3">
        {/* Staying loses nothing, so it is the first focus. */}
        <button type="button" className="btn-secondary" onClick={() => blocker.reset?.()} data-autofocus>
          {t("unsavedChanges.stay")}
        </button>
        <button type="button" className="btn-danger" onClick={() => blocker.proceed?.()}>
          {t("unsavedChanges.leave")}
        </button>
      </div>
    </Modal>
  );
}
