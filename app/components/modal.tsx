import { lazy, Suspense, useEffect, type ReactNode } from "react";

export interface ModalProps {
  onClose: () => void;
  title: string;
  /** What the dialog asks or says: read out with its title when it opens (`aria-describedby`). */
  description?: string;
  /** Its controls; the one to focus first carries `data-autofocus`. */
  children: ReactNode;
  placement?: "center" | "drawer";
}

// Headless UI is the largest part of the admin pages' JavaScript; it loads when a dialog is
// about to open, not with the page (the budget is 150 KB gzip per screen).
const loadHeadlessModal = () => import("./modal-headless");
const HeadlessModal = lazy(loadHeadlessModal);

/** Start loading the dialog code early, e.g. when the pointer or focus reaches a trigger. */
export function preloadModal(): void {
  void loadHeadlessModal();
}

/** A modal dialog that exists only while open. */
export function Modal({ open, ...props }: ModalProps & { open: boolean }) {
  useFocusReturn(open);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <HeadlessModal {...props} />
    </Suspense>
  );
}

/**
 * Closing a dialog returns the focus to what opened it. Headless UI does that from a focus history it only starts
 * recording once its code has loaded, which is after the trigger took the focus the first time: without this the
 * focus fell to the page. It runs when the dialog closes and when it is removed while open (a dialog that is a URL
 * goes away with its parameter). A focus someone else placed meanwhile (a new page's heading) stays.
 */
function useFocusReturn(open: boolean): void {
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
