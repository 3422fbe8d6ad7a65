import type { ButtonHTMLAttributes } from "react";
import { FORM_ID_FIELD, useFormBusy } from "~/hooks/use-form-busy";

/** Marks the posts of a form as its own (see `useFormBusy`). `SubmitButton` and `SaveButton` render it themselves. */
export function FormIdentity({ formId }: { formId: string }) {
  return <input type="hidden" name={FORM_ID_FIELD} value={formId} />;
}

type SubmitButtonProps = {
  /** The form this button submits (conform's form metadata, or anything with its id). */
  form: { id: string };
  label: string;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "form" | "children">;

/**
 * A form's submit button that is busy only while its own form posts: disabled (no second post by a double click)
 * with a spinner, while the buttons of other forms on the page stay usable. The label stays, so the button keeps its
 * name for screen readers and tests.
 */
export function SubmitButton({ form, label, className = "btn-primary", disabled, ...rest }: SubmitButtonProps) {
  const busy = useFormBusy(form.id);
  return (
    <>
      <FormIdentity formId={form.id} />
      <button {...rest} type="submit" className={className} disabled={busy || disabled}>
        {busy ? <BusySpinner /> : null}
        {label}
      </button>
    </>
  );
}

export function BusySpinner() {
  return (
    <span aria-hidden="true" className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
  );
}
