import type { z, ZodIssue } from "zod";
import { HttpError } from "./errors.ts";

/**
 * Maps a zod failure to the SchulConnex validation body (shape B): only the first failing property is reported;
 * subcode 10 for enum rules, 09 for date rules, 01 for "not empty"/missing, otherwise 03.
 * Schemas mark "not empty" rules with the message NOT_EMPTY and date rules with DATE.
 */
export const NOT_EMPTY = "NOT_EMPTY";
export const DATE_RULE = "DATE";

const TITEL: Record<string, string> = {
  "01": "Fehlende Parameter",
  "03": "Validierungsfehler",
  "09": "Datumsattribut hat einen ungültigen Wert",
  "10": "Attributwerte entsprechen keinem der erwarteten Werte",
};

function subcodeOf(issue: ZodIssue): string {
  if (issue.message === DATE_RULE) return "09";
  if (issue.code === "invalid_enum_value") return "10";
  if (issue.message === NOT_EMPTY) return "01";
  if (issue.code === "invalid_type" && issue.received === "undefined") return "01";
  return "03";
}

export function validationError(issue: ZodIssue | undefined): HttpError {
  const subcode = issue ? subcodeOf(issue) : "03";
  const path = issue ? issue.path.join(".") : "";
  return new HttpError(400, {
    code: 400,
    subcode,
    titel: TITEL[subcode] ?? "Validierungsfehler",
    beschreibung: `Die Anfrage enthält ein ungültiges oder fehlendes Attribut: '${path}'`,
  });
}

export function parseOrThrow<S extends z.ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error.issues[0]);
  return result.data;
}

/**
 * Reads query parameters in the upstream's manner: repeated keys or `key[]` become arrays,
 * a single value of an array parameter becomes a one-element array.
 */
export function readQuery(url: string, arrayKeys: readonly string[]): Record<string, string | string[]> {
  const params = new URL(url).searchParams;
  const result: Record<string, string | string[]> = {};
  for (const rawKey of new Set(params.keys())) {
    const key = rawKey.endsWith("[]") ? rawKey.slice(0, -2) : rawKey;
    const values = params.getAll(rawKey);
    if (arrayKeys.includes(key)) {
      const existing = result[key];
      result[key] = [...(Array.isArray(existing) ? existing : []), ...values];
    } else {
      result[key] = values[0] ?? "";
    }
  }
  return result;
}
