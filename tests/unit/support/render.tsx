import { useForm, type DefaultValue } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ReactElement, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { z } from "zod";
// The server's one instance, with every namespace: what a page's HTML is rendered with.
import { sharedI18nInstance as i18n } from "~/.server/i18n.server";

/** The HTML the server sends for an element, with the German texts. */
export function renderHtml(element: ReactElement): string {
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
}

type ObjectSchema = z.ZodType<Record<string, unknown>, z.ZodTypeDef, Record<string, unknown>>;
type Fields<Schema extends ObjectSchema> = ReturnType<typeof useForm<z.input<Schema>, z.output<Schema>, string[]>>[1];

/**
 * A conform form around field components, as a page renders it: fresh, or after the server refused `posted`
 * (its errors are rendered into the same HTML).
 */
export function renderForm<Schema extends ObjectSchema>(options: {
  schema: Schema;
  defaultValue?: DefaultValue<z.input<Schema>>;
  posted?: Record<string, string | string[]>;
  render: (fields: Fields<Schema>) => ReactNode;
}): string {
  function Harness() {
    const lastResult = options.posted ? parseWithZod(toFormData(options.posted), { schema: options.schema }).reply() : undefined;
    const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
      id: "probe",
      lastResult,
      defaultValue: options.defaultValue,
      constraint: getZodConstraint(options.schema),
    });
    return <form id={form.id}>{options.render(fields)}</form>;
  }
  return renderHtml(<Harness />);
}

export function toFormData(values: Record<string, string | string[]>): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) formData.append(name, item);
  }
  return formData;
}
