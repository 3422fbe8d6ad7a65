import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Field errors are i18n keys; this list renders them German and announces them. */
export function ErrorList({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field-error">
      {errors.map((error) => (
        <li key={error}>{t(error)}</li>
      ))}
    </ul>
  );
}

export function TextField({
  field,
  label,
  hint,
  autoComplete = "off",
}: {
  field: FieldMetadata<string>;
  label: string;
  hint?: string;
  autoComplete?: string;
}) {
  const hintId = `${field.id}-hint`;
  const describedBy = [hint ? hintId : null, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ");
  return (
    <div className="mb-4">
      <label htmlFor={field.id} className="mb-1 block font-semibold">
        {label} <RequiredMark required={field.required} />
      </label>
      {hint ? (
        <p id={hintId} className="mb-1 text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      <input
        {...getInputProps(field, { type: "text" })}
        key={field.key}
        autoComplete={autoComplete}
        aria-describedby={describedBy || undefined}
        className="input max-w-md"
      />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function SelectField({
  field,
  label,
  placeholder,
  children,
}: {
  field: FieldMetadata<string>;
  label: string;
  placeholder: string;
  children: ReactNode;
}) {
  return (
    <div className="mb-4">
      <label htmlFor={field.id} className="mb-1 block font-semibold">
        {label} <RequiredMark required={field.required} />
      </label>
      <select {...getSelectProps(field)} key={field.key} className="input max-w-md">
        <option value="">{placeholder}</option>
        {children}
      </select>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

function RequiredMark({ required }: { required?: boolean }) {
  const { t } = useTranslation();
  if (!required) return null;
  return (
    <>
      <span aria-hidden="true">*</span>
      <span className="sr-only">({t("form.required")})</span>
    </>
  );
}

export function RequiredFieldsNote() {
  const { t } = useTranslation();
  return <p className="mb-4 text-sm text-gray-700">{t("form.requiredNote")}</p>;
}
