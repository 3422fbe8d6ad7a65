import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { FieldLabel } from "~/components/field-label";
import { ErrorList } from "~/components/forms";
import { useServerAutoFocus } from "~/hooks/use-server-auto-focus";

/**
 * A day typed as TT.MM.JJJJ, checked by `futureGermanDay` or `befristungSchema` (features/zuordnungen/befristung.ts).
 * A text field, not `type="date"`: the browsers' date pickers differ, some are hard to use with a screen reader,
 * and the spec asks for DD.MM.YYYY. The format is said in a hint tied to the field; phones show a number pad with
 * a separator (`inputmode="decimal"`; the parser takes its comma for a dot).
 */
export function DateField<Schema>({
  field,
  label,
  hint,
  className = "mb-4",
}: {
  field: FieldMetadata<Schema, Record<string, unknown>, string[]>;
  label: string;
  /** Replaces the format hint; say the format in it too. */
  hint?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const autoFocus = useServerAutoFocus(field.errors);
  const hintId = `${field.id}-hint`;
  const describedBy = [hintId, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <FieldLabel id={field.id} label={label} required={field.required} hint={hint ?? t("fields.date.hint")} />
      <input
        {...getInputProps(field, { type: "text" })}
        key={field.key}
        inputMode="decimal"
        autoComplete="off"
        autoFocus={autoFocus}
        aria-describedby={describedBy}
        className="input max-w-[11rem]"
      />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
