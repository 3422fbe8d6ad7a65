import type { Blocker } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Modal } from "./modal";

/**
 * "Leave anyway?" for a navigation the blocker held back (`useLeaveGuard`): staying or leaving, with what would be lost.
 * `texts` name the choice where it is not about unsaved input (a save that is still running).
 */
export function LeaveDialog({
  blocker,
  message,
  texts,
}: {
  blocker: Blocker;
  message: string;
  texts?: { title: string; stay: string; leave: string };
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={blocker.state === "blocked"}
      onClose={() => blocker.reset?.()}
      title={texts?.title ?? t("unsavedChanges.title")}
      description={message}
    >
      <div className="dialog-actions">
        {/* Staying loses nothing (a running save goes on), so it is the first focus. */}
        <button type="button" className="btn-secondary" onClick={() => blocker.reset?.()} data-autofocus>
          {texts?.stay ?? t("unsavedChanges.stay")}
        </button>
        <button type="button" className="btn-danger" onClick={() => blocker.proceed?.()}>
          {texts?.leave ?? t("unsavedChanges.leave")}
        </button>
      </div>
    </Modal>
  );
}
