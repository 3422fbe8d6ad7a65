import { useBeforeUnload, useBlocker } from "@remix-run/react";
import { useCallback } from "react";
import { LeaveDialog } from "~/components/unsaved-changes";

/**
 * Asks before leaving a page whose start passwords were not downloaded yet (an enhancement: it needs JavaScript).
 * `offen` is read at the moment of leaving, so a download that started a moment ago counts at once.
 */
export function useLeaveWarning(offen: () => boolean, frage: string) {
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
  return <LeaveDialog blocker={blocker} message={frage} />;
}
