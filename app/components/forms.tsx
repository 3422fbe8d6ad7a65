import { getFormProps, getInputProps, getSelectProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import type { ChangeEvent, FormEvent, PointerEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNamespacesOfAnswer } from "~/hooks/use-namespaces";
import { useServerAutoFocus } from "~/hooks/use-server-auto-focus";
import { isConformIntentSubmit } from "~/conform-intent";
import { fieldMessageKey } from "~/i18n";
import { FieldLabel } from "./field-label";

/**
 * Field errors are i18n keys; this list renders them German. The container is always in the page
 * and polite, so an error that appears on blur is announced; the text exists once and its keys are
 * stable, so revalidating an unchanged error announces nothing again.
 */
export function ErrorList({ id, errors }: { id: string; errors?: string[] }) {
  const keys = (errors ?? []).map(fieldMessageKey);
  // An upstream refusal shown at its field is a text of `errors`.
  const ready = useNamespacesOfAnswer(keys);
  const { t } = useTranslation();
  return (
    <div id={id} aria-live="polite" aria-atomic="true">
      {errors?.length && ready ? (
        <ul className="field-error">
          {errors.map((error) => (
            <li key={error}>{t(fieldMessageKey(error))}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * conform's form props, plus focus: when the browser-side check refuses a submit (conform then cancels the event),
 * focus moves to the first field to correct, as the server's `autofocus` does without JavaScript.
 *
 * Only a submit by the user moves the focus. conform checks a field the user leaves by submitting the form with an
 * intent of its own (a hidden button named `__intent__`); moving the focus then would pull it back from wherever
 * Tab or Shift+Tab was taking it. One exception: the field was left by pressing the submit button. The message
 * that appears then moves the button away under the pointer, the click never happens, and the user who meant to
 * submit is answered as a submit would be.
 */
export function formProps<Schema extends Record<string, unknown>>(form: FormMetadata<Schema, string[]>) {
  const props = getFormProps(form);
  return {
    ...props,
    onPointerDown(event: PointerEvent<HTMLFormElement>) {
      const formElement = event.currentTarget;
      const target = event.target instanceof Element ? event.target.closest("button, input") : null;
      if (!isSubmitButton(target) || target.form !== formElement) return;
      pressingSubmit.add(formElement);
      const release = () => setTimeout(() => pressingSubmit.delete(formElement), 0);
      document.addEventListener("pointerup", release, { once: true });
      document.addEventListener("pointercancel", release, { once: true });
    },
    onSubmit(event: FormEvent<HTMLFormElement>) {
      props.onSubmit(event);
      const formElement = event.currentTarget;
      if (!event.defaultPrevented || (isConformIntent(event) && !pressingSubmit.has(formElement))) return;
      // The error state renders first; then the first marked field can take the focus.
      requestAnimationFrame(() => {
        const invalid = [...formElement.elements].find((element) => element.getAttribute("aria-invalid") === "true");
        if (invalid instanceof HTMLElement) invalid.focus();
      });
    },
  };
}

/** Forms whose submit button is being pressed (pointer down, not yet up). */
const pressingSubmit = new WeakSet<HTMLFormElement>();

function isConformIntent(event: FormEvent<HTMLFormElement>): boolean {
  return isConformIntentSubmit(event.nativeEvent as SubmitEvent);
}

function isSubmitButton(element: Element | null): element is HTMLButtonElement | HTMLInputElement {
  return (element instanceof HTMLButtonElement || element instanceof HTMLInputElement) && element.type === "submit";
}

export function TextField({
  field,
  label,
  hint,
  autoComplete = "off",
  inputMode,
}: {
  field: FieldMetadata<string>;
  label: string;
  hint?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "text";
}) {
  const hintId = `${field.id}-hint`;
  const describedBy = [hint ? hintId : null, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ");
  const autoFocus = useServerAutoFocus(field.errors);
  return (
    <div className="mb-4">
      <FieldLabel id={field.id} label={label} required={field.required} hint={hint} />
      <input
        {...getInputProps(field, { type: "text" })}
        key={field.key}
        autoComplete={autoComplete}
        inputMode={inputMode}
        autoFocus={autoFocus}
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
  required = field.required,
  onChange,
  children,
}: {
  field: FieldMetadata<string>;
  label: string;
  placeholder: string;
  /** For a form checked on the server only (no schema constraints in the browser). */
  required?: boolean;
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
  children: ReactNode;
}) {
  const autoFocus = useServerAutoFocus(field.errors);
  return (
    <div className="mb-4">
      <FieldLabel id={field.id} label={label} required={required} />
      <select
        {...getSelectProps(field)}
        key={field.key}
        required={required}
        autoFocus={autoFocus}
        className="input max-w-md"
        onChange={onChange}
      >
        <option value="">{placeholder}</option>
        {children}
      </select>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function RequiredFieldsNote() {
  const { t } = useTranslation();
  return <p className="mb-4 text-sm text-gray-700">{t("form.requiredNote")}</p>;
}
