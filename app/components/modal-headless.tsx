import { Description, Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useRef, type FocusEvent } from "react";
import type { ModalProps } from "./modal";

/**
 * The Headless UI dialog behind `Modal`: focus trap, Escape, focus return, inert background. The first focus goes
 * to the element marked `data-autofocus` (without one, Headless UI would focus the panel itself).
 */
export default function HeadlessModal({
  onClose,
  title,
  description,
  children,
  placement = "center",
  size = "normal",
  startAtTitle = false,
}: ModalProps) {
  const text = description ? <Description className="mb-4">{description}</Description> : null;
  // Headless UI blurs the focused element on Escape before it asks to close. A dialog that stays open (a shown
  // one-time password closes only by its button) would leave the focus on the page's body: it goes back in.
  const lastFocused = useRef<HTMLElement | null>(null);
  const close = () => {
    onClose();
    requestAnimationFrame(() => {
      const element = lastFocused.current;
      if (element?.isConnected && (document.activeElement === document.body || document.activeElement === null)) element.focus();
    });
  };
  // A long read starts at its title (Headless UI's `data-autofocus` takes only elements in the tab order).
  const titleRef = useRef<HTMLHeadingElement | null>(null);
  const rememberFocus = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement) lastFocused.current = event.target;
  };
  return (
    <Dialog open onClose={close} onFocus={rememberFocus} initialFocus={startAtTitle ? titleRef : undefined} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      {placement === "drawer" ? (
        <DialogPanel className="fixed inset-y-0 left-0 w-[320px] max-w-full overflow-y-auto bg-primary-light p-4 shadow-xl">
          <DialogTitle className="mb-3 text-lg font-bold">{title}</DialogTitle>
          {text}
          {children}
        </DialogPanel>
      ) : (
        <div className="fixed inset-0 flex items-center justify-center p-4">
          {/* A tall dialog (a form with its messages) scrolls inside the panel; otherwise its end is out of reach. */}
          <DialogPanel
            className={`scroll-cue-y max-h-full w-full overflow-y-auto rounded p-6 shadow-xl ${size === "wide" ? "max-w-4xl" : "max-w-lg"}`}
          >
            <DialogTitle className="mb-3 text-xl font-bold" ref={titleRef} tabIndex={startAtTitle ? -1 : undefined}>
              {title}
            </DialogTitle>
            {text}
            {children}
          </DialogPanel>
        </div>
      )}
    </Dialog>
  );
}
