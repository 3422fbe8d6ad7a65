import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useActionData } from "@remix-run/react";
import type { z } from "zod";
import { formProps } from "~/components/forms";
import { CHECK_TIMING } from "./use-check-on-demand";
import { FORM_ID_FIELD } from "./use-form-busy";

type ObjectSchema = z.ZodType<Record<string, unknown>, z.ZodTypeDef, Record<string, unknown>>;

interface Options<Schema extends ObjectSchema> {
  /** The form element's id; also how busy state and answers are told apart from other forms of the page. */
  id: string;
  defaultValue?: DefaultValue<z.input<Schema>>;
  /**
   * The server's answer to the last post. Left out, it is the page action's `result`, when that came from this form
   * (see `answerOf`); a form posting through a fetcher passes `fetcher.data?.result`.
   */
  lastResult?: SubmissionResult<string[]> | null;
}

/**
 * A form checked by one zod schema in the browser and on the server, with the portal's habits (ADR 010):
 * - a field is checked when it is left, then live while it is corrected; a submit checks all fields;
 * - checking on leaving never moves the focus; a refused submit focuses the first field to correct
 *   (`formProps`, which the returned `formProps` already are);
 * - the native constraints (required, maxLength) come from the same schema, for the page without JavaScript.
 *
 * `<Form method="post" {...formProps}>`, fields from `fields`, and a `SubmitButton`/`SaveButton` for `form`.
 */
export function useSchemaForm<Schema extends ObjectSchema>(schema: Schema, options: Options<Schema>) {
  const actionData = useActionData();
  const lastResult = "lastResult" in options ? options.lastResult : answerOf(actionData, options.id);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue,
    constraint: getZodConstraint(schema),
    ...CHECK_TIMING,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return { form, fields, formProps: formProps(form) };
}

/**
 * The submission result in an action's answer (`{ result }`), if it answers this form: a form that renders
 * `FormIdentity` sends its id along, and the answer to another form of the same page is not shown here.
 * An answer without an id (a form without `FormIdentity`) counts for every form, as before.
 */
export function answerOf(actionData: unknown, formId: string): SubmissionResult<string[]> | undefined {
  if (typeof actionData !== "object" || actionData === null || !("result" in actionData)) return undefined;
  const result = actionData.result;
  if (typeof result !== "object" || result === null) return undefined;
  const sentBy = (result as SubmissionResult<string[]>).initialValue?.[FORM_ID_FIELD];
  if (sentBy !== undefined && sentBy !== formId && !(Array.isArray(sentBy) && sentBy.includes(formId))) return undefined;
  return result as SubmissionResult<string[]>;
}
