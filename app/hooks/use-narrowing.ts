import { useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, type FormEvent, type RefObject } from "react";

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
