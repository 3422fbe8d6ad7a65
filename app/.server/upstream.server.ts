import { chooseErrorCode, type ErrorCode } from "~/errors";
import { loginUrl } from "~/paths";
import { env } from "./env.server";
import { currentPath } from "./request-path.server";
import { PORTAL_COOKIE_NAME } from "./portal-cookie.server";

type QueryValue = string | number | undefined | null | readonly string[];
export type Query = Record<string, QueryValue>;

interface CallOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Query;
  body?: unknown;
  /** The call's default error code (spec section 8) when the upstream names none. */
  defaultError?: ErrorCode;
}

/**
 * An upstream call that failed in a way the page cannot handle by itself. It is a Response so
 * that, thrown from a loader, Remix renders the error boundary with the German text of `code`.
 * Actions catch it to show the same text on their form.
 */
export class UpstreamFailure extends Response {
  constructor(
    readonly code: ErrorCode,
    status: number,
  ) {
    super(JSON.stringify({ code }), { status, headers: { "Content-Type": "application/json" } });
  }
}

// Set-Cookie headers the upstream sent while serving one portal request; relayed to the browser.
const relayedCookies = new WeakMap<Request, string[]>();

/** Headers a loader or action returns so the upstream's refreshed session cookie reaches the browser. */
export function upstreamCookieHeaders(request: Request): Headers {
  const headers = new Headers();
  for (const cookie of relayedCookies.get(request) ?? []) headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * Harden the upstream's cookies on the way through: the real upstream sets no SameSite, and
 * behind an https origin they must be Secure.
 */
export function hardenSetCookie(cookie: string): string {
  let hardened = cookie;
  if (!/;\s*samesite=/i.test(hardened)) hardened += "; SameSite=Lax";
  if (!/;\s*httponly/i.test(hardened)) hardened += "; HttpOnly";
  if (env.isProduction && !/;\s*secure/i.test(hardened)) hardened += "; Secure";
  return hardened;
}

/** The browser's cookies minus the portal's own, which the upstream has no business reading. */
export function upstreamCookieHeader(request: Request): string | null {
  const cookie = request.headers.get("Cookie");
  if (!cookie) return null;
  const forwarded = cookie
    .split(/;\s*/)
    .filter((pair) => pair && !pair.startsWith(`${PORTAL_COOKIE_NAME}=`))
    .join("; ");
  return forwarded || null;
}

export function upstreamUrl(path: string, query: Query = {}): URL {
  const url = new URL(path, env.UPSTREAM_URL);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
  return url;
}

/**
 * One call to the upstream on behalf of the browser's request. Handles what every call shares:
 * cookie forwarding and relay, the timeout, 401 (→ login) and errors (→ UpstreamFailure).
 */
export async function callUpstream(request: Request, path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers({ Accept: "application/json" });
  const cookie = upstreamCookieHeader(request);
  if (cookie) headers.set("Cookie", cookie);
  if (options.body !== undefined) headers.set("Content-Type", "application/json");

  let response: Response;
  try {
    response = await fetch(upstreamUrl(path, options.query), {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: "manual",
      signal: AbortSignal.timeout(env.UPSTREAM_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    console.error(`upstream ${options.method ?? "GET"} ${path} failed:`, error);
    throw new UpstreamFailure(timedOut ? "UPSTREAM_TIMEOUT" : "UPSTREAM_UNAVAILABLE", 503);
  }

  const setCookies = response.headers.getSetCookie().map(hardenSetCookie);
  if (setCookies.length > 0) relayedCookies.set(request, [...(relayedCookies.get(request) ?? []), ...setCookies]);

  if (response.status === 401) {
    throw new Response(null, {
      status: 302,
      headers: [["Location", loginUrl(currentPath(request))], ...setCookies.map((c) => ["Set-Cookie", c] as [string, string])],
    });
  }
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    const code = chooseErrorCode(body, options.defaultError);
    // 5xx of the upstream is not the user's fault: the page says "try again later" (502).
    throw new UpstreamFailure(code, response.status >= 500 ? 502 : response.status);
  }
  return response;
}

/** A JSON call whose answer is parsed with the contract schema. */
export async function callUpstreamJson<T>(
  request: Request,
  path: string,
  schema: { parse(value: unknown): T },
  options: CallOptions = {},
): Promise<T> {
  const response = await callUpstream(request, path, options);
  const text = await response.text();
  try {
    return schema.parse(text ? JSON.parse(text) : null);
  } catch (error) {
    console.error(`upstream ${path} answered outside the contract:`, error);
    throw new UpstreamFailure(options.defaultError ?? "UNSPECIFIED_ERROR", 502);
  }
}

/** Header paging of organisation and role lists (ORGANISATIONS_ROLES.md §0.2). */
export function pagingTotal(response: Response): number {
  return Number(response.headers.get("x-paging-total") ?? 0) || 0;
}
