import type { Blocker } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Modal } from "./modal";

/** "Leave anyway?" for a navigation the blocker held back: staying or leaving, with what would be lost. */
export function LeaveDialog({ blocker, message }: { blocker: Blocker; message: string }) {
  const { t } = useTranslation();
  return (
    <Modal open={blocker.state === "blocked"} onClose={() => blocker.reset?.()} title={t("unsavedChanges.title")} description={message}>
      <div className="dialog-actions">
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
