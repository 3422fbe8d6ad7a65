import { chooseErrorCode, type ErrorCode } from "~/errors";
import { env } from "./env.server";
import { PORTAL_COOKIE_NAME } from "./portal-cookie.server";
import { loginRedirect } from "./redirects.server";

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

/**
 * The status of a page that shows an upstream failure on its form, with the user's input kept: a refusal is the
 * user's to fix (400); an outage keeps its own status.
 */
export function formFailureStatus(failure: UpstreamFailure): number {
  return failure.status >= 500 ? failure.status : 400;
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

/** What the upstream answered, read completely, so several loaders can share one answer. */
export interface UpstreamAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** The network part of a call: forwards the browser's cookies, bounded by the timeout. */
export async function exchangeWithUpstream(
  request: Request,
  path: string,
  options: CallOptions = {},
): Promise<UpstreamAnswer> {
  const headers = new Headers({ Accept: "application/json" });
  const cookie = upstreamCookieHeader(request);
  if (cookie) headers.set("Cookie", cookie);
  if (options.body !== undefined) headers.set("Content-Type", "application/json");
  try {
    const response = await fetch(upstreamUrl(path, options.query), {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: "manual",
      signal: AbortSignal.timeout(env.UPSTREAM_TIMEOUT_MS),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    console.error(`upstream ${options.method ?? "GET"} ${path} failed:`, error);
    throw new UpstreamFailure(timedOut ? "UPSTREAM_TIMEOUT" : "UPSTREAM_UNAVAILABLE", 503);
  }
}

/**
 * What every answer gets on behalf of the browser's request: the refreshed session cookie is
 * relayed, 401 becomes the login redirect back to this page, any other failure an UpstreamFailure
 * with the error code of spec section 8.
 */
export async function acceptUpstreamAnswer(
  request: Request,
  answer: UpstreamAnswer,
  defaultError?: ErrorCode,
): Promise<UpstreamAnswer> {
  const setCookies = answer.headers.getSetCookie().map(hardenSetCookie);
  if (setCookies.length > 0) relayedCookies.set(request, [...(relayedCookies.get(request) ?? []), ...setCookies]);

  if (answer.status === 401) {
    const headers = new Headers();
    for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
    throw await loginRedirect(request, { headers });
  }
  if (answer.status < 200 || answer.status >= 300) {
    const code = chooseErrorCode(parseJson(answer.text), defaultError);
    // 5xx of the upstream is not the user's fault: the page says "try again later" (502).
    throw new UpstreamFailure(code, answer.status >= 500 ? 502 : answer.status);
  }
  return answer;
}

/** One call to the upstream on behalf of the browser's request. */
export async function callUpstream(request: Request, path: string, options: CallOptions = {}): Promise<UpstreamAnswer> {
  return acceptUpstreamAnswer(request, await exchangeWithUpstream(request, path, options), options.defaultError);
}

/** A JSON answer parsed with the contract schema; anything else is the upstream's failure. */
export function parseAnswer<T>(answer: UpstreamAnswer, schema: { parse(value: unknown): T }, defaultError?: ErrorCode): T {
  try {
    return schema.parse(answer.text ? JSON.parse(answer.text) : null);
  } catch (error) {
    console.error("upstream answered outside the contract:", error);
    throw new UpstreamFailure(defaultError ?? "UNSPECIFIED_ERROR", 502);
  }
}

export async function callUpstreamJson<T>(
  request: Request,
  path: string,
  schema: { parse(value: unknown): T },
  options: CallOptions = {},
): Promise<T> {
  return parseAnswer(await callUpstream(request, path, options), schema, options.defaultError);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Header paging of organisation and role lists (ORGANISATIONS_ROLES.md §0.2). */
export function pagingTotal(answer: UpstreamAnswer): number {
  return Number(answer.headers.get("x-paging-total") ?? 0) || 0;
}
