import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * Labels of the kit's fields, without conform: the list pages' filter forms use them too, and a list page ships
 * neither conform nor zod (decision 004).
 */

/** A field's label with its required mark, then its hint if it has one (id `<field id>-hint`, for aria-describedby). */
export function FieldLabel({ id, label, required, hint }: { id: string; label: string; required?: boolean; hint?: ReactNode }) {
  return (
    <>
      <label htmlFor={id} className="mb-1 block font-semibold">
        {label} <RequiredMark required={required} />
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mb-1 text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
    </>
  );
}

export function RequiredMark({ required }: { required?: boolean }) {
  const { t } = useTranslation();
  if (!required) return null;
  return (
    <>
      <span aria-hidden="true">*</span>
      <span className="sr-only">({t("form.required")})</span>
    </>
  );
}
