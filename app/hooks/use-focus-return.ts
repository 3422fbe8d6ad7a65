import { useEffect } from "react";

/**
 * Closing a dialog returns the focus to what opened it. Headless UI does that from a focus history it only starts
 * recording once its code has loaded, which is after the trigger took the focus the first time: without this the
 * focus fell to the page. It runs when the dialog closes and when it is removed while open (a dialog that is a URL
 * goes away with its parameter). A focus someone else placed meanwhile (a new page's heading) stays.
 */
export function useFocusReturn(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (!opener) return;
      setTimeout(() => {
        const lost = !document.activeElement || document.activeElement === document.body;
        if (lost && opener.isConnected) opener.focus();
      }, 0);
    };
  }, [open]);
}
