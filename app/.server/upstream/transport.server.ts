import { CSRF_HEADER } from "../../../upstream/contract/csrf";
import { upstreamSearchParams, type Query } from "../../../upstream/contract/query";
import { env } from "../env.server";
import { PORTAL_COOKIE_NAME } from "../portal-cookie.server";
import { publicOrigin } from "../security.server";
import { UpstreamFailure } from "./failure.server";

/**
 * The network part of every upstream call: URL, forwarded cookies and proxy headers, timeout. It knows
 * nothing about CSRF tokens, error codes or login redirects; the client (`client.server.ts`) adds those.
 */

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What the upstream answered, read completely, so several loaders can share one answer. */
export interface UpstreamAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** The upstream's URL of `path`, with the query written the contract's one way (lists as repeated keys). */
export function upstreamUrl(path: string, query: Query = {}): URL {
  const url = new URL(path, env.UPSTREAM_URL);
  url.search = upstreamSearchParams(query).toString();
  return url;
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

/**
 * The scheme and host the browser used. The real upstream sets its session cookie `Secure` and
 * express-session withholds such a cookie on a request it believes to be plain http: behind a
 * TLS-terminating ingress and an http hop to the upstream, the login then loops. With these headers
 * (and the upstream trusting the portal as a proxy, see docs/deployment.md) it knows better. They are
 * always the portal's own values, never what a browser sent.
 */
export function forwardedHeaders(request: Request): Record<string, string> {
  const origin = new URL(publicOrigin(request));
  return { "X-Forwarded-Proto": origin.protocol.slice(0, -1), "X-Forwarded-Host": origin.host };
}

/**
 * What the call reads from the answer: JSON, or plain text (new passwords, QR code data), which the upstream
 * sends raw with Express' default `text/html` (PERSONS.md §1.1).
 */
export type ResponseType = "json" | "text";
const ACCEPT: Record<ResponseType, string> = { json: "application/json", text: "text/plain, text/html, application/json;q=0.5" };

export interface SendOptions {
  method?: Method;
  query?: Query;
  body?: unknown;
  responseType?: ResponseType;
  /** The upstream session's CSRF token, sent on writes (CHANGES-SINCE-PIN §2.1). */
  csrfToken?: string | null;
}

/** One request to the upstream on behalf of the browser's request, bounded by the timeout. */
export async function sendToUpstream(request: Request, path: string, options: SendOptions = {}): Promise<UpstreamAnswer> {
  const method = options.method ?? "GET";
  const headers = new Headers({ Accept: ACCEPT[options.responseType ?? "json"], ...forwardedHeaders(request) });
  const cookie = upstreamCookieHeader(request);
  if (cookie) headers.set("Cookie", cookie);
  if (options.body !== undefined) headers.set("Content-Type", "application/json");
  if (options.csrfToken) headers.set(CSRF_HEADER, options.csrfToken);
  try {
    const response = await fetch(upstreamUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: "manual",
      signal: AbortSignal.timeout(env.UPSTREAM_TIMEOUT_MS),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    console.error(`upstream ${method} ${path} failed:`, error);
    throw new UpstreamFailure(timedOut ? "UPSTREAM_TIMEOUT" : "UPSTREAM_UNAVAILABLE", 503);
  }
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
