import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { FieldLabel } from "./field-label";

/**
 * Pieces of the forms whose buttons are steps (decision 016): each button posts an `intent`, the server answers with
 * the next state of the form, and choices narrow each other (organisation → roles → classes) by a round trip without
 * JavaScript and at once with it (`useNarrowing`, and `useAnswerFocus` for the focus after an answer: ~/hooks/use-narrowing).
 * Used by a person's Schulzuordnungen and by adding a state employee.
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
