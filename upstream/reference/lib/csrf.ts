import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { csrfRejected } from "./errors.ts";

/**
 * The current upstream's CSRF protection (CHANGES-SINCE-PIN §2.1): one random token per server-side session,
 * fetched from GET /api/auth/csrf-token and sent back in the `X-CSRF-Token` header (or the `csrfToken` query
 * parameter when the header is absent or empty) on every session-authenticated POST/PUT/PATCH/DELETE.
 * The pinned upstream has no such check.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const newCsrfToken = () => randomBytes(32).toString("hex");

/** The guard's four exemptions; public routes are exempt because they never call it (see caller.ts). */
function isExempt(c: Context<AppEnv>): boolean {
  if (SAFE_METHODS.has(c.req.method)) return true;
  if ((c.req.header("Authorization") ?? "").startsWith("Bearer ")) return true;
  return c.req.header("api-key") !== undefined;
}

/** Throws the CSRF 400 unless the request is exempt or carries the session's token (constant-time comparison). */
export function checkCsrf(c: Context<AppEnv>): void {
  if (c.var.config.apiVersion !== "current" || isExempt(c)) return;
  const expected = c.var.session?.data.csrfToken;
  const header = c.req.header("X-CSRF-Token");
  const sent = header ? header : c.req.query("csrfToken");
  if (!expected || !sent) throw csrfRejected();
  const a = Buffer.from(sent, "utf8");
  const b = Buffer.from(expected, "utf8");
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw csrfRejected();
}
