import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { sameOriginTarget } from "~/return-path";
import { env } from "~/.server/env.server";
import { getFixedT } from "~/.server/i18n.server";
import { assertSameOrigin, publicOrigin, resourceSecurityHeaders } from "~/.server/security.server";
import { forwardedHeaders, hardenSetCookie, upstreamCookieHeader, upstreamUrl } from "~/.server/upstream/client.server";
import { redirectTo } from "~/.server/redirects.server";
import { isBrowserPath } from "~/.server/upstream/browser-paths.server";

/**
 * `/api/*` on the portal's origin is the upstream's, as far as a browser needs it (`isBrowserPath`): login, logout,
 * password change, status and provider logos run there, with the upstream's session cookie. Requests and responses
 * are streamed through; only hop-by-hop details change. Any other path is not found here.
 */
const FORWARDED_REQUEST_HEADERS = ["Accept", "Accept-Language", "Content-Type", "User-Agent"];
// fetch has already decoded the body, so encoding and length no longer describe it.
const DROPPED_RESPONSE_HEADERS = new Set(["content-encoding", "content-length", "transfer-encoding", "connection", "set-cookie"]);
const SERVICE_UNAVAILABLE_PAGE = "/dienst-nicht-erreichbar";

async function passThrough(request: Request): Promise<Response> {
  assertSameOrigin(request);
  const incoming = new URL(request.url);
  if (!isBrowserPath(request.method, incoming.pathname)) {
    const t = await getFixedT(request);
    return new Response(`${t("errors:NOT_FOUND.title")}\n\n${t("errors:NOT_FOUND.message")}\n`, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...resourceSecurityHeaders("text/plain") },
    });
  }
  const target = upstreamUrl(incoming.pathname);
  target.search = incoming.search;
  // The upstream follows redirectUrl verbatim after login or a password change: only our own pages qualify.
  if (target.searchParams.has("redirectUrl")) {
    target.searchParams.set("redirectUrl", sameOriginTarget(target.searchParams.get("redirectUrl"), publicOrigin(request)));
  }

  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const cookie = upstreamCookieHeader(request);
  if (cookie) headers.set("Cookie", cookie);
  // The upstream's Secure session cookie needs to know the browser used https (docs/deployment.md).
  for (const [name, value] of Object.entries(forwardedHeaders(request))) headers.set(name, value);

  // A browser following a link (login, logout, status) gets the portal's German page when the upstream fails.
  const isNavigation = request.method === "GET" && request.headers.get("Sec-Fetch-Dest") === "document";
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  // The timeout bounds the wait for the answer's headers only; its body may stream as long as it needs.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), env.UPSTREAM_TIMEOUT_MS);
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: request.method,
      headers,
      body: hasBody ? request.body : undefined,
      redirect: "manual",
      signal: timeout.signal,
      // Node's fetch needs this to stream a request body.
      duplex: hasBody ? "half" : undefined,
    });
  } catch (error) {
    console.error(`pass-through ${request.method} ${incoming.pathname} failed:`, error);
    if (request.method === "GET") return redirectTo(SERVICE_UNAVAILABLE_PAGE);
    const t = await getFixedT(request);
    return new Response(t("errors:UPSTREAM_UNAVAILABLE.message"), {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...resourceSecurityHeaders("text/plain") },
    });
  } finally {
    clearTimeout(timer);
  }
  if (isNavigation && upstream.status >= 500) {
    console.error(`pass-through ${request.method} ${incoming.pathname} answered ${upstream.status}`);
    await upstream.body?.cancel();
    return redirectTo(SERVICE_UNAVAILABLE_PAGE);
  }

  const responseHeaders = new Headers();
  upstream.headers.forEach((value, name) => {
    if (!DROPPED_RESPONSE_HEADERS.has(name.toLowerCase())) responseHeaders.set(name, value);
  });
  for (const setCookie of upstream.headers.getSetCookie()) responseHeaders.append("Set-Cookie", hardenSetCookie(setCookie));
  for (const [name, value] of Object.entries(resourceSecurityHeaders(upstream.headers.get("Content-Type")))) {
    // An upstream policy stays in force next to ours; the browser enforces both.
    if (name === "Content-Security-Policy") responseHeaders.append(name, value);
    else responseHeaders.set(name, value);
  }
  return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: responseHeaders });
}

export const loader = ({ request }: LoaderFunctionArgs) => passThrough(request);
export const action = ({ request }: ActionFunctionArgs) => passThrough(request);
