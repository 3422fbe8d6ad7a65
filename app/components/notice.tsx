import type { HTMLAttributes, ReactNode } from "react";

export type NoticeTone = "info" | "success" | "warning" | "error";

const TONE_CLASSES: Record<NoticeTone, string> = {
  info: "border-primary bg-primary-light",
  success: "border-accent bg-accent-light",
  warning: "border-warning bg-warning-light",
  error: "border-danger bg-danger-light",
};

type NoticeProps = { tone: NoticeTone; title?: ReactNode; children?: ReactNode } & Omit<HTMLAttributes<HTMLDivElement>, "title">;

/**
 * A framed message in one of four tones. It has no live role of its own: a message that is part of the page when it
 * loads (a banner, a maintenance note) is read with the page, and one that appears later belongs inside a
 * `LiveRegion`, which must already be in the page to be heard. The tone is colour only; the words carry the meaning.
 */
export function Notice({ tone, title, children, className = "", ...rest }: NoticeProps) {
  return (
    <div {...rest} className={`rounded border-l-4 p-3 text-gray-900 ${TONE_CLASSES[tone]} ${className}`}>
      {title ? <p className="font-bold">{title}</p> : null}
      {children}
    </div>
  );
}

/**
 * Where messages that appear after the page loaded are announced. `alert` interrupts the screen reader: for errors
 * and for warnings the user must read before going on. `status` waits for a pause: success and information.
 * The region stays in the page while empty; only its content changes.
 */
export function LiveRegion({
  urgent,
  children,
  ...rest
}: { urgent: boolean; children?: ReactNode } & Omit<HTMLAttributes<HTMLDivElement>, "role">) {
  // role="status" implies polite and atomic; said again for screen readers that only know aria-live.
  return urgent ? (
    <div role="alert" {...rest}>
      {children}
    </div>
  ) : (
    <div role="status" aria-live="polite" {...rest}>
      {children}
    </div>
  );
}

/** An error is urgent; everything else can wait for a pause. */
export function isUrgent(tone: NoticeTone): boolean {
  return tone === "error";
}
