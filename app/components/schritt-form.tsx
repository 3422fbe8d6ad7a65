import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, type ButtonHTMLAttributes, type FormEvent, type ReactNode, type RefObject } from "react";
import { FieldLabel } from "./field-label";

/**
 * Pieces of the forms whose buttons are steps (decision 016): each button posts an `intent`, the server answers with
 * the next state of the form, and choices narrow each other (organisation → roles → classes) by a round trip without
 * JavaScript and at once with it. Used by a person's Schulzuordnungen and by adding a state employee.
 */

/** A submit button that names its step; the browser's own check stays off (the server checks every step). */
export function IntentButton({
  intent,
  primary = false,
  children,
  ...rest
}: { intent: string; primary?: boolean; children: ReactNode } & Pick<
  ButtonHTMLAttributes<HTMLButtonElement>,
  "aria-disabled" | "aria-describedby" | "formAction"
>) {
  return (
    <button type="submit" name="intent" value={intent} formNoValidate className={primary ? "btn-primary" : "btn-secondary"} {...rest}>
      {children}
    </button>
  );
}

/**
 * The search that narrows the organisations offered (the upstream's step answers at most a page of them): a search
 * field and its button, which sends the form with `intent=aktualisieren`.
 */
export function OrganisationSuche({
  field,
  label,
  button,
  hint,
}: {
  field: FieldMetadata<string>;
  label: string;
  button: string;
  hint: string;
}) {
  const hintId = `${field.id}-hint`;
  return (
    <div className="mb-4">
      <FieldLabel id={field.id} label={label} />
      <div className="flex flex-wrap gap-2">
        <input
          {...getInputProps(field, { type: "search" })}
          aria-describedby={hintId}
          className="input max-w-xs"
          // With JavaScript, Enter in the search means the search (without, it presses the form's first button).
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            event.currentTarget.form?.requestSubmit(event.currentTarget.parentElement?.querySelector("button") ?? undefined);
          }}
        />
        <IntentButton intent="aktualisieren">{button}</IntentButton>
      </div>
      <p id={hintId} className="mt-1 text-sm text-gray-700">
        {hint}
      </p>
    </div>
  );
}

/** The control whose new choice was sent to narrow the others: it keeps the focus when the answer is shown. */
let narrowedControl: string | null = null;

/**
 * With JavaScript a new choice in a select, checkbox or radio button (the event's target, so one handler can sit on
 * a wrapper) narrows the next choices at once: the form is sent with `intent=aktualisieren`; without JavaScript the
 * form's own "Auswahl aktualisieren" button does the same.
 */
export function useNarrowing() {
  const submit = useSubmit();
  return (event: FormEvent<HTMLElement>) => {
    const target = event.target;
    const choice =
      target instanceof HTMLSelectElement ||
      (target instanceof HTMLInputElement && (target.type === "checkbox" || target.type === "radio"));
    if (!choice || !target.form) return;
    narrowedControl = target.id;
    const formData = new FormData(target.form);
    formData.set("intent", "aktualisieren");
    submit(formData, { method: "post", replace: true, preventScrollReset: true });
  };
}

/**
 * Where the focus goes when JavaScript shows an answer (decision 010): "feld" the first field to correct, "hinweis" the
 * message with `hinweisId`, null the control just narrowed (the user is in it), anything else the opened step's
 * heading. Not at the start, and not after an upstream refusal: `FormError` takes the focus itself.
 */
export function useAnswerFocus({
  formKey,
  fehler,
  fokus,
  formRef,
  stepHeading,
  hinweisId,
}: {
  formKey: string;
  fehler: string | null;
  fokus: string | null;
  formRef: RefObject<HTMLFormElement>;
  stepHeading: RefObject<HTMLElement>;
  hinweisId: string;
}) {
  const navigation = useNavigation();
  useEffect(() => {
    if (formKey === "start" || fehler || navigation.state !== "idle") return;
    const target =
      fokus === "feld"
        ? formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
        : fokus === "hinweis"
          ? document.getElementById(hinweisId)
          : fokus === null
            ? narrowedControl
              ? document.getElementById(narrowedControl)
              : null
            : stepHeading.current;
    narrowedControl = null;
    target?.focus();
  }, [formKey, fehler, fokus, navigation.state, formRef, stepHeading, hinweisId]);
}
