import { useForm, type DefaultValue, type Submission, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { formProps } from "~/components/forms";

/** When a form is checked in the browser (ADR 010): a field when it is left, then live while it is corrected. */
export const CHECK_TIMING = { shouldValidate: "onBlur", shouldRevalidate: "onInput" } as const;

/**
 * The timing while the check has not loaded: only a submit, which then goes to the server. (Without `onValidate`,
 * conform would send each field it checks to the server as a submission of its own.)
 */
export function checkTiming(loaded: boolean) {
  return loaded ? CHECK_TIMING : ({ shouldValidate: "onSubmit", shouldRevalidate: "onSubmit" } as const);
}

type ObjectSchema = z.ZodType<Record<string, unknown>, z.ZodTypeDef, Record<string, unknown>>;

/** A form's check for conform's `onValidate`: `parseWithZod` with the schema. */
type FormCheck<Schema extends ObjectSchema> = (formData: FormData) => Submission<z.input<Schema>, string[], z.output<Schema>>;

interface OnDemandOptions<Schema extends ObjectSchema> {
  /** The form element's id (see `useSchemaForm`). */
  id: string;
  /** The schema's native constraints, computed by the server (`getZodConstraint`): the page renders without zod. */
  constraint: Record<string, Record<string, unknown>>;
  /** Imports the schema's module and resolves to its check (`parseWithZod` with the schema). */
  loadCheck: () => Promise<FormCheck<Schema>>;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: DefaultValue<z.input<Schema>>;
}

/**
 * `useSchemaForm` for a screen whose JavaScript budget cannot carry zod (docs/decisions/019): the same habits, but
 * the browser's check arrives with `useCheckOnDemand`. `Schema` is only a type here.
 */
export function useFormCheckedOnDemand<Schema extends ObjectSchema>(options: OnDemandOptions<Schema>) {
  const check = useCheckOnDemand(options.id, options.loadCheck);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    constraint: options.constraint,
    ...checkTiming(check !== null),
    onValidate: check ? ({ formData }) => check(formData) : undefined,
  });
  return { form, fields, formProps: formProps(form) };
}

/**
 * The browser's check of a big form, loaded when the user starts working in it (docs/decisions/019): zod and the
 * schema are a third of such a screen's JavaScript, and the page is complete without them, since the server checks
 * every post. The first focus or pointer press inside the form starts the load; until it is there (a few
 * milliseconds on a fast line), posts are checked by the server alone, as without JavaScript.
 *
 * `load` is read once; pass a function that imports the schema's module (`import()`), so the bundler splits it
 * off, and resolves to what `onValidate` calls.
 */
export function useCheckOnDemand<Check>(formId: string, load: () => Promise<Check>): Check | null {
  const [check, setCheck] = useState<Check | null>(null);
  const loadRef = useRef(load);

  useEffect(() => {
    const form = document.getElementById(formId);
    if (!form) return;
    let current = true;
    const start = () => {
      stopListening();
      // A failed load leaves the server's checks, which every post gets anyway.
      loadRef.current().then(
        (loaded) => current && setCheck(() => loaded),
        () => undefined,
      );
    };
    const stopListening = () => {
      form.removeEventListener("focusin", start);
      form.removeEventListener("pointerdown", start);
    };
    // The focus may be in the form already: an answer's focus, or a field's autofocus before hydration.
    if (form.contains(document.activeElement)) start();
    else {
      form.addEventListener("focusin", start);
      form.addEventListener("pointerdown", start);
    }
    return () => {
      current = false;
      stopListening();
    };
  }, [formId]);

  return check;
}
