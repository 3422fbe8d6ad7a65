import type { Context } from "hono";
import { validationError } from "./validation.ts";

/**
 * Reads a JSON object body. Like the upstream's body parser only JSON content types are parsed; any other body
 * counts as empty, so the schema then reports the first missing property. Unparsable JSON and non-objects are a
 * validation error (the upstream requires an object).
 */
export async function readJsonBody(c: Context): Promise<Record<string, unknown>> {
  const contentType = c.req.header("Content-Type") ?? "";
  if (!/^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(contentType)) return {};
  let parsed: unknown;
  try {
    parsed = await c.req.json();
  } catch {
    throw validationError(undefined);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw validationError(undefined);
  return parsed as Record<string, unknown>;
}
