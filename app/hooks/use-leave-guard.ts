import { useBeforeUnload, useBlocker, type Blocker } from "@remix-run/react";
import { useCallback } from "react";

interface Place {
  pathname: string;
  search: string;
}

/**
 * Whether a navigation leaves the page: it goes to another address (path or search). With `samePathStays` only another
 * path leaves; the same page with other search parameters keeps what is at stake (a GET of the page that carries the
 * form's fields along).
 */
export function leavesPage(current: Place, next: Place, samePathStays = false): boolean {
  const sameAddress = current.pathname + current.search === next.pathname + next.search;
  return !sameAddress && !(samePathStays && current.pathname === next.pathname);
}

/**
 * Asks before leaving a page that holds something leaving would lose (an enhancement: it needs JavaScript). A client
 * navigation is held back by the blocker this returns, which the page answers with a dialog (`LeaveDialog`); a reload,
 * a closed tab or a typed address makes the browser ask.
 *
 * `shouldAsk` is the page's state as rendered, or a function read at the moment of leaving: for what changes without a
 * render (a ref a submit sets, so a download or a save's own navigation that started a moment ago counts at once).
 */
export function useLeaveGuard(shouldAsk: boolean | (() => boolean), { samePathStays = false }: { samePathStays?: boolean } = {}): Blocker {
  // Changes with the rendered state, or with the function passed: the unload handler is added again only then.
  const asks = useCallback(() => (typeof shouldAsk === "function" ? shouldAsk() : shouldAsk), [shouldAsk]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => asks() && leavesPage(currentLocation, nextLocation, samePathStays));
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!asks()) return;
        event.preventDefault();
        event.returnValue = "";
      },
      [asks],
    ),
  );
  return blocker;
}
