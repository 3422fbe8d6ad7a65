import { lazy, Suspense, type ReactNode } from "react";
import { useFocusReturn } from "~/hooks/use-focus-return";

export interface ModalProps {
  onClose: () => void;
  title: string;
  /** What the dialog asks or says: read out with its title when it opens (`aria-describedby`). */
  description?: string;
  /** Its controls; the one to focus first carries `data-autofocus`. */
  children: ReactNode;
  placement?: "center" | "drawer";
  /** "wide" for a dialog whose content stands in two columns on a wide screen (the QR code beside its code form). */
  size?: "normal" | "wide";
  /**
   * A long read: the first focus goes to the title, so a phone shows the dialog from its start instead of scrolled
   * down to its first button at the end.
   */
  startAtTitle?: boolean;
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
