import type { ReactNode, RefObject } from "react";
import { useTranslation } from "react-i18next";

/** A step of the Zuordnung edit screen (add, move, Befristung) as a section of the one form. */
export function SubForm({
  title,
  headingRef,
  children,
}: {
  title: string;
  headingRef: RefObject<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="teilformular-titel" className="mb-8 rounded border border-gray-300 p-4">
      <h2 id="teilformular-titel" ref={headingRef} tabIndex={-1} className="mb-4 text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The step's own button comes first: Enter in one of its fields means it, not "cancel". */
export function SubFormButtons({
  intent,
  label,
  disabled,
  describedBy,
}: {
  intent: string;
  label: string;
  disabled?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <button
        type="submit"
        name="intent"
        value={intent}
        formNoValidate
        className="btn-primary"
        aria-disabled={disabled || undefined}
        aria-describedby={describedBy}
      >
        {label}
      </button>
      <button type="submit" name="intent" value="zurueck" formNoValidate className="btn-secondary">
        {t("zuordnungen:cancelStep")}
      </button>
    </div>
  );
}
