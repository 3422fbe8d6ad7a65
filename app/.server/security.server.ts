import { env } from "./env.server";

/** The origin browsers see: configured for deployments behind a TLS proxy, else the request's own. */
export function publicOrigin(request: Request): string {
  return env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : new URL(request.url).origin;
}

/** What tells where a request came from; a Request's and a Node request's headers both give it. */
export interface RequestSource {
  method: string;
  origin: string | null;
  referer: string | null;
  fetchSite: string | null;
}

/**
 * Whether a state-changing request was sent by another site's page (CSRF). Browsers send Origin on every POST; where
 * it is missing (old browsers, privacy tools), the Referer and Sec-Fetch-Site tell where the post came from. The
 * front door (front-door.server.ts) asks this before Remix sees the request; `assertSameOrigin` asks it again in
 * every guard, for a handler that runs without the front door (tests, another server).
 */
export function isForeignWrite(source: RequestSource, own: string): boolean {
  if (source.method === "GET" || source.method === "HEAD") return false;
  const { origin, referer, fetchSite } = source;
  return origin
    ? origin !== own
    : (referer !== null && originOf(referer) !== own) || fetchSite === "cross-site" || fetchSite === "same-site";
}

export function assertSameOrigin(request: Request): void {
  const source = {
    method: request.method,
    origin: request.headers.get("Origin"),
    referer: request.headers.get("Referer"),
    fetchSite: request.headers.get("Sec-Fetch-Site"),
  };
  if (isForeignWrite(source, publicOrigin(request))) {
    throw new Response(JSON.stringify({ code: "CROSS_ORIGIN_REQUEST" }), {
      status: 403,
      headers: { "Content-Type": "application/json" },
    });
  }
}

function originOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).origin : null;
}

/** Sent with every answer of the portal, static files included (the front door adds what a response lacks). */
export const BASE_HEADERS: Readonly<Record<string, string>> = {
  "Referrer-Policy": "same-origin",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

/**
 * Headers for responses that are not documents the portal renders: what `/api/*` relays from the upstream and
 * Remix's data requests. Anything served on the portal's origin could run script there (an SVG logo opened
 * directly, say), so only the upstream's plain HTML pages may load styles and images; everything else is
 * sandboxed. Browsers enforce this policy in addition to one the upstream sent.
 */
export function resourceSecurityHeaders(contentType: string | null): Record<string, string> {
  const isHtml = /^text\/html\b/i.test(contentType ?? "");
  const csp = isHtml
    ? "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    : "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";
  return { ...BASE_HEADERS, "Content-Security-Policy": csp };
}

/** Security headers of every document the portal renders; the nonce admits our own scripts only. */
export function securityHeaders(nonce: string): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Headless UI positions dialogs with style attributes; no inline <style> blocks are used.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
  return { ...BASE_HEADERS, "Content-Security-Policy": csp };
}
