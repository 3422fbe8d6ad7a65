import { z, type ZodIssue } from "zod";
import { NOT_EMPTY, TOO_LONG } from "../../contract/index.ts";
import type { ApiVersion } from "../env.ts";
import { HttpError } from "./errors.ts";

/**
 * Request validation in the upstream's manner: only the first failing property counts. The body depends on version
 * and controller family (see errors.ts):
 * - current, non-SchulConneX controllers: `{"i18nKey": INVALID_DATE | INVALID_ENUM | REQUIRED_VALUE | INVALID_LENGTH |
 *   VALIDATION_ERROR, "code": 400}` (CHANGES-SINCE-PIN §2.5; the property path is no longer reported);
 * - SchulConneX endpoints, and every default controller of the pinned version: SchulConneX body with subcode
 *   10 (enum), 09 (date), 01 (not empty / missing), otherwise 03, and the property path at the end;
 * - the pinned 2FA and landesbediensteter controllers: NestJS `{"message":"validation error","statusCode":400}`.
 * The request schemas live in the contract; they mark "not empty" rules with the message NOT_EMPTY, the length rules
 * that answer INVALID_LENGTH (so far only the offer writes') with TOO_LONG, and date rules are zod's own date checks.
 */

type Rule = "date" | "enum" | "required" | "length" | "other";

// No pinned route has a TOO_LONG rule; should one get it, SchulConneX had no subcode of its own for lengths.
const SUBCODE: Record<Rule, string> = { date: "09", enum: "10", required: "01", length: "03", other: "03" };
const I18N_KEY: Record<Rule, string> = {
  date: "INVALID_DATE",
  enum: "INVALID_ENUM",
  required: "REQUIRED_VALUE",
  length: "INVALID_LENGTH",
  other: "VALIDATION_ERROR",
};
const TITEL: Record<string, string> = {
  "01": "Fehlende Parameter",
  "03": "Validierungsfehler",
  "09": "Datumsattribut hat einen ungültigen Wert",
  "10": "Attributwerte entsprechen keinem der erwarteten Werte",
};

function ruleOf(issue: ZodIssue): Rule {
  if (
    issue.code === "invalid_date" ||
    (issue.code === "invalid_string" && (issue.validation === "datetime" || issue.validation === "date"))
  ) {
    return "date";
  }
  if (issue.code === "invalid_enum_value") return "enum";
  if (issue.message === NOT_EMPTY) return "required";
  if (issue.message === TOO_LONG) return "length";
  if (issue.code === "invalid_type" && issue.received === "undefined") return "required";
  return "other";
}

/** A 400 for one failing property (`path` may be empty when the body as a whole is unusable). */
export function invalidRequest(rule: Rule, path: string): HttpError {
  return new HttpError(I18N_KEY[rule], ({ version, family }) => {
    if (version === "pinned" && (family === "twoFactor" || family === "landesbediensteter")) {
      return { status: 400, body: { message: "validation error", statusCode: 400 } };
    }
    if (version === "current" && family !== "schulconnex") {
      return { status: 400, body: { i18nKey: I18N_KEY[rule], code: 400 } };
    }
    const subcode = SUBCODE[rule];
    return {
      status: 400,
      body: {
        code: 400,
        subcode,
        titel: TITEL[subcode] ?? "Validierungsfehler",
        beschreibung: `Die Anfrage enthält ein ungültiges oder fehlendes Attribut: '${path}'`,
      },
    };
  });
}

/** The reported property: array items are reported as their array property, like the upstream's `each` rules. */
const propertyPath = (path: ReadonlyArray<string | number>) => path.filter((part) => typeof part === "string").join(".");

export function validationError(issue: ZodIssue | undefined): HttpError {
  return issue ? invalidRequest(ruleOf(issue), propertyPath(issue.path)) : invalidRequest("other", "");
}

/**
 * Path of the first string (value or key) holding a NUL character, which PostgreSQL cannot store in text or jsonb;
 * such input is refused as invalid instead of failing in the database.
 */
function findNulPath(input: unknown, path: string[] = []): string | undefined {
  if (typeof input === "string") return input.includes("\u0000") ? path.join(".") : undefined;
  if (Array.isArray(input)) {
    for (const item of input) {
      const found = findNulPath(item, path);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof input === "object" && input !== null) {
    for (const [key, value] of Object.entries(input)) {
      if (key.includes("\u0000")) return [...path, key].join(".");
      const found = findNulPath(value, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Validates like the upstream (unknown properties are dropped), then refuses NUL bytes in what is left. */
export function parseOrThrow<S extends z.ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error.issues[0]);
  const nulPath = findNulPath(result.data);
  if (nulPath !== undefined) throw invalidRequest("other", nulPath);
  return result.data;
}

/**
 * Reads query parameters in the upstream's manner, for validation with the contract's query schema. Repeated keys
 * become arrays; a single value of a list parameter of the schema becomes a one-element array; a repeated non-list
 * parameter stays an array (and then fails validation, like in the upstream). Bracket keys (`ids[]=a`): the pinned
 * version (extended parser) reads them as arrays, the current one (Express 5 "simple" parser) does not understand
 * them, so they are dropped like any unknown parameter.
 */
export function readQuery(url: string, schema: z.AnyZodObject, version: ApiVersion): Record<string, string | string[]> {
  const arrayKeys = listKeysOf(schema);
  const params = new URL(url).searchParams;
  const result: Record<string, string | string[]> = {};
  for (const rawKey of new Set(params.keys())) {
    const bracket = rawKey.endsWith("[]");
    if (bracket && version === "current") continue;
    const key = bracket ? rawKey.slice(0, -2) : rawKey;
    const values = params.getAll(rawKey);
    const existing = result[key];
    const merged = [...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]), ...values];
    result[key] = arrayKeys.includes(key) || merged.length > 1 ? merged : (merged[0] ?? "");
  }
  return result;
}

/** The keys of a query schema whose values are lists. */
function listKeysOf(schema: z.AnyZodObject): string[] {
  return Object.entries(schema.shape as Record<string, z.ZodTypeAny>)
    .filter(([, field]) => isList(field))
    .map(([key]) => key);
}

function isList(schema: z.ZodTypeAny): boolean {
  if (schema instanceof z.ZodArray) return true;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return isList(schema.unwrap());
  if (schema instanceof z.ZodEffects) return isList(schema.innerType());
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodCatch) return isList(schema._def.innerType);
  return false;
}
