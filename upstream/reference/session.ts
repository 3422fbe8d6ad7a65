import { randomBytes } from "node:crypto";
import { and, eq, gt, inArray, lt } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "./app-env.ts";
import { session as sessionTable } from "./db/schema.ts";
import type { SessionData, SessionState } from "./session-data.ts";

/** Name of the session cookie of the real upstream (express-session default). */
const SESSION_COOKIE = "connect.sid";

const newSessionId = () => randomBytes(32).toString("base64url");
/** Only ids this server could have issued are looked up: a planted or garbled cookie simply means "no session". */
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** More than a handful of session cookies in one request is nobody's real browser. */
const MAX_SESSION_COOKIES = 5;

/**
 * All well-formed `connect.sid` values of the Cookie header, in order. Several can arrive when another (sub)domain or
 * path planted one next to ours; a malformed planted value is skipped instead of hiding the real session.
 */
function sessionIdsOf(header: string | undefined): string[] {
  if (!header) return [];
  const ids: string[] = [];
  for (const pair of header.split(";")) {
    const separator = pair.indexOf("=");
    if (separator === -1 || pair.slice(0, separator).trim() !== SESSION_COOKIE) continue;
    const value = pair
      .slice(separator + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
    if (SESSION_ID_PATTERN.test(value) && !ids.includes(value)) ids.push(value);
    if (ids.length === MAX_SESSION_COOKIES) break;
  }
  return ids;
}

/**
 * Loads the session of the request, applies the step-up inactivity rule (§1.6), and after the handler writes
 * the session back with a refreshed expiry (rolling TTL) and re-sends the cookie on every response.
 */
export function sessionMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { db, config } = c.var;
    const now = config.now();
    const candidates = sessionIdsOf(c.req.header("Cookie"));
    const hadSessionCookie = candidates.length > 0 || getCookie(c, SESSION_COOKIE) !== undefined;
    let state: SessionState | null = null;
    if (candidates.length > 0) {
      const rows = await db
        .select()
        .from(sessionTable)
        .where(and(inArray(sessionTable.id, candidates), gt(sessionTable.expiresAt, now)));
      // The first cookie (browsers send the most specific path first) that names a live session wins.
      const row = candidates.map((id) => rows.find((candidate) => candidate.id === id)).find((candidate) => candidate !== undefined);
      if (row) state = { id: row.id, data: row.data as SessionData, destroyed: false };
    }
    const stored = state && storedVersion(state);
    if (state) {
      const timeoutMs = config.stepUpTimeoutSeconds * 1000;
      const last = state.data.lastRouteChangeTime;
      if (timeoutMs > 0 && last !== undefined && now.getTime() - last >= timeoutMs && state.data.user) {
        state.data.user.stepUpLevel = "silver";
      }
      state.data.lastRouteChangeTime = now.getTime();
    }
    c.set("session", state);

    await next();

    const finalState = c.var.session;
    if (!finalState) {
      // A stale or unknown cookie is cleared so the browser stops sending it.
      if (hadSessionCookie) deleteCookie(c, SESSION_COOKIE, { path: "/" });
      return;
    }
    if (finalState.destroyed) {
      await db.delete(sessionTable).where(eq(sessionTable.id, finalState.id));
      deleteCookie(c, SESSION_COOKIE, { path: "/", secure: config.cookieSecure, httpOnly: true });
      return;
    }
    const expiresAt = new Date(config.now().getTime() + config.sessionTtlSeconds * 1000);
    if (!stored || !unchangedSince(stored, finalState, now.getTime(), writeSlackMs(config))) {
      await db
        .insert(sessionTable)
        .values({ id: finalState.id, data: finalState.data, expiresAt })
        .onConflictDoUpdate({ target: sessionTable.id, set: { data: finalState.data, expiresAt } });
    }
    setCookie(c, SESSION_COOKIE, finalState.id, {
      httpOnly: true,
      path: "/",
      // The current upstream sets SameSite=Lax explicitly; the pinned one left it to the browser's default.
      ...(config.apiVersion === "current" ? { sameSite: "Lax" as const } : {}),
      secure: config.cookieSecure,
      maxAge: config.sessionTtlSeconds,
      expires: expiresAt,
    });
  };
}

/**
 * Writing the session back on every request was a third of the embedded upstream's queries under load
 * (docs/decisions/011). When a request changed nothing but the activity time, and the stored time is younger than a
 * small slack, the write is skipped: the stored activity time and expiry are then at most that slack old, which
 * moves the step-up timeout and the session expiry at most that much earlier, never later. The slack is a twentieth
 * of the step-up timeout and of the lifetime, at most 30 s.
 */
interface StoredVersion {
  id: string;
  lastRouteChangeTime: number | undefined;
  /** The stored data without the activity time. */
  rest: string;
}

const withoutActivityTime = (data: SessionData) => JSON.stringify({ ...data, lastRouteChangeTime: undefined });

function storedVersion(state: SessionState): StoredVersion {
  return { id: state.id, lastRouteChangeTime: state.data.lastRouteChangeTime, rest: withoutActivityTime(state.data) };
}

function unchangedSince(stored: StoredVersion, state: SessionState, now: number, slackMs: number): boolean {
  if (stored.id !== state.id || stored.lastRouteChangeTime === undefined) return false;
  if (now - stored.lastRouteChangeTime >= slackMs) return false;
  return withoutActivityTime(state.data) === stored.rest;
}

function writeSlackMs(config: { stepUpTimeoutSeconds: number; sessionTtlSeconds: number }): number {
  const limits = [30_000, (config.sessionTtlSeconds * 1000) / 20];
  if (config.stepUpTimeoutSeconds > 0) limits.push((config.stepUpTimeoutSeconds * 1000) / 20);
  return Math.min(...limits);
}

/** Returns the request's session, creating a fresh one (and pruning expired rows) when there is none. */
export async function ensureSession(c: Context<AppEnv>): Promise<SessionState> {
  const existing = c.var.session;
  if (existing && !existing.destroyed) return existing;
  await c.var.db.delete(sessionTable).where(lt(sessionTable.expiresAt, c.var.config.now()));
  const created: SessionState = {
    id: newSessionId(),
    data: { lastRouteChangeTime: c.var.config.now().getTime() },
    destroyed: false,
  };
  c.set("session", created);
  return created;
}

/** Replaces the session id (after a successful login) so a pre-login id can never be reused. */
export async function rotateSession(c: Context<AppEnv>, state: SessionState): Promise<SessionState> {
  await c.var.db.delete(sessionTable).where(eq(sessionTable.id, state.id));
  const rotated: SessionState = { id: newSessionId(), data: state.data, destroyed: false };
  c.set("session", rotated);
  return rotated;
}
