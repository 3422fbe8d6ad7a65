import type { Context } from "hono";
import { validationError } from "./validation.ts";

/** Reads a JSON object body; anything else is a validation error (the upstream requires an object). */
export async function readJsonBody(c: Context): Promise<Record<string, unknown>> {
  let parsed: unknown;
  try {
    parsed = await c.req.json();
  } catch {
    throw validationError(undefined);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw validationError(undefined);
  return parsed as Record<string, unknown>;
}
