import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { staticT } from "~/i18n-static";
import { assertSameOrigin } from "~/.server/security.server";
import { hardenSetCookie, upstreamCookieHeader, upstreamUrl } from "~/.server/upstream.server";

/**
 * `/api/*` on the portal's origin is the upstream's: login, logout, password change, status and
 * provider logos run there, with the upstream's session cookie. Requests and responses are
 * streamed through; only hop-by-hop details change.
 */
const FORWARDED_REQUEST_HEADERS = ["Accept", "Accept-Language", "Content-Type", "User-Agent"];
// fetch has already decoded the body, so encoding and length no longer describe it.
const DROPPED_RESPONSE_HEADERS = new Set(["content-encoding", "content-length", "transfer-encoding", "connection", "set-cookie"]);

async function passThrough(request: Request): Promise<Response> {
  assertSameOrigin(request);
  const incoming = new URL(request.url);
  const target = upstreamUrl(incoming.pathname);
  target.search = incoming.search;

  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const cookie = upstreamCookieHeader(request);
  if (cookie) headers.set("Cookie", cookie);

  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: request.method,
      headers,
      body: hasBody ? request.body : undefined,
      redirect: "manual",
      // Node's fetch needs this to stream a request body.
      duplex: hasBody ? "half" : undefined,
    });
  } catch (error) {
    console.error(`pass-through ${request.method} ${incoming.pathname} failed:`, error);
    // A browser following a login or logo link gets the portal's German error page.
    if (request.method === "GET") return redirect("/dienst-nicht-erreichbar");
    return new Response(staticT("errors:UPSTREAM_UNAVAILABLE.message"), {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }

  const responseHeaders = new Headers();
  upstream.headers.forEach((value, name) => {
    if (!DROPPED_RESPONSE_HEADERS.has(name.toLowerCase())) responseHeaders.set(name, value);
  });
  for (const setCookie of upstream.headers.getSetCookie()) responseHeaders.append("Set-Cookie", hardenSetCookie(setCookie));
  return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: responseHeaders });
}

export const loader = ({ request }: LoaderFunctionArgs) => passThrough(request);
export const action = ({ request }: ActionFunctionArgs) => passThrough(request);
