import { createHash } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { CSRF_HEADER } from "@contract/csrf";
import { upstreamSearchParams, type Query } from "@contract/query";
import { env } from "~/.server/env.server";
import { PORTAL_COOKIE_NAME } from "~/.server/portal-cookie.server";
import { publicOrigin } from "~/.server/security.server";
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

/** Control characters are never part of a search; PostgreSQL refuses a NUL in text outright (a 500 upstream). */
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

function withoutControlCharacters(query: Query): Query {
  const clean = (value: unknown) => (typeof value === "string" ? value.replace(CONTROL_CHARACTERS, "") : value);
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? (value as unknown[]).map(clean) : clean(value)]),
  ) as Query;
}

/**
 * The upstream's URL of `path`, with the query written the contract's one way (lists as repeated keys), and without
 * the control characters a crafted address may carry.
 */
export function upstreamUrl(path: string, query: Query = {}): URL {
  const url = new URL(path, env.UPSTREAM_URL);
  url.search = upstreamSearchParams(withoutControlCharacters(query)).toString();
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
 * A key for what the portal keeps per upstream session (its CSRF token, the person list's guess): a digest of the
 * upstream's session cookie (the whole forwarded cookie line if that cookie is missing), so raw session ids do not sit
 * in a long-lived structure. Null without cookies.
 */
export function upstreamSessionKey(request: Request): string | null {
  const cookies = upstreamCookieHeader(request);
  if (!cookies) return null;
  const prefix = `${env.UPSTREAM_SESSION_COOKIE}=`;
  const session = cookies
    .split(/;\s*/)
    .find((pair) => pair.startsWith(prefix))
    ?.slice(prefix.length);
  return createHash("sha256")
    .update(session || cookies)
    .digest("hex");
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
  /** A `multipart/form-data` body instead of JSON (the CSV import's upload). */
  multipart?: FormData;
}

/** One request to the upstream on behalf of the browser's request, bounded by the timeout. */
export async function sendToUpstream(request: Request, path: string, options: SendOptions = {}): Promise<UpstreamAnswer> {
  const method = options.method ?? "GET";
  const headers: Record<string, string> = { Accept: ACCEPT[options.responseType ?? "json"], ...forwardedHeaders(request) };
  const cookie = upstreamCookieHeader(request);
  if (cookie) headers.Cookie = cookie;
  let body: string | Buffer | undefined;
  if (options.multipart) {
    // The platform writes the multipart body and its boundary; node:http then sends the bytes as they are.
    const encoded = new Response(options.multipart);
    body = Buffer.from(await encoded.arrayBuffer());
    headers["Content-Type"] = encoded.headers.get("Content-Type") ?? "multipart/form-data";
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] = "application/json";
  }
  if (options.csrfToken) headers[CSRF_HEADER] = options.csrfToken;
  const url = upstreamUrl(path, options.query);
  try {
    return await exchange(url, method, headers, body).catch((error: unknown) => {
      // A kept-alive connection the upstream closed just as it was reused fails before any answer; like fetch, send
      // an idempotent request once more on a new one. A POST or PATCH may have arrived: its caller looks again instead.
      // The next kept-alive connection may be just as stale (seen under load): the second try opens a new one.
      if (error instanceof StaleConnection && IDEMPOTENT.has(method)) return exchange(url, method, headers, body, { fresh: true });
      throw error;
    });
  } catch (error) {
    const timedOut = error instanceof UpstreamTimeout;
    console.error(`upstream ${method} ${path} failed:`, timedOut ? `no answer within ${env.UPSTREAM_TIMEOUT_MS} ms` : error);
    throw new UpstreamFailure(timedOut ? "UPSTREAM_TIMEOUT" : "UPSTREAM_UNAVAILABLE", 503);
  }
}

class UpstreamTimeout extends Error {}
class StaleConnection extends Error {}
const IDEMPOTENT = new Set<Method>(["GET", "PUT", "DELETE"]);

// Kept-alive connections, as undici's fetch keeps them; node:http costs the portal about a millisecond less per page
// than fetch (three calls a page; docs/decisions/017), and a call reads its whole answer anyway.
// An idle connection is closed after 4 s, before a Node server's default keep-alive timeout of 5 s (the upstream's
// framework and the reference both run on node:http): reusing one the upstream is closing at that moment fails a
// POST that cannot be sent again safely (seen in CI: an import's execute, after the page had waited five seconds).
const IDLE_MS = 4_000;
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 256, timeout: IDLE_MS }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 256, timeout: IDLE_MS }),
};

/** Sends the request and reads the whole answer; fails with UpstreamTimeout when it takes longer than the timeout. */
function exchange(
  url: URL,
  method: Method,
  headers: Record<string, string>,
  body: string | Buffer | undefined,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === "https:";
    let answered = false;
    const agent = fresh ? false : agents[secure ? "https:" : "http:"];
    const outgoing = (secure ? https : http).request(url, { method, headers, agent }, (incoming) => {
      answered = true;
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("error", fail);
      incoming.on("end", () => {
        clearTimeout(timer);
        resolve({ status: incoming.statusCode ?? 502, headers: headersOf(incoming.headers), text: Buffer.concat(chunks).toString("utf8") });
      });
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      outgoing.destroy(new UpstreamTimeout());
    }, env.UPSTREAM_TIMEOUT_MS);
    // Destroying the request may surface first as the answer's "aborted"; the cause is still the timeout.
    function fail(error: Error & { code?: string }) {
      clearTimeout(timer);
      if (timedOut) reject(new UpstreamTimeout());
      else if (outgoing.reusedSocket && !answered && (error.code === "ECONNRESET" || error.code === "EPIPE"))
        reject(new StaleConnection(error.message));
      else reject(error);
    }
    outgoing.on("error", fail);
    outgoing.end(body);
  });
}

function headersOf(incoming: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
