import { env } from "./env.server";

/** The origin browsers see: configured for deployments behind a TLS proxy, else the request's own. */
export function publicOrigin(request: Request): string {
  return env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : new URL(request.url).origin;
}

/**
 * Refuse state-changing requests that another site's page sent (CSRF). Browsers send Origin on every POST; where
 * it is missing (old browsers, privacy tools), the Referer and Sec-Fetch-Site tell where the post came from.
 */
export function assertSameOrigin(request: Request): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  const own = publicOrigin(request);
  const origin = request.headers.get("Origin");
  const referer = request.headers.get("Referer");
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  const foreign = origin
    ? origin !== own
    : (referer !== null && originOf(referer) !== own) || fetchSite === "cross-site" || fetchSite === "same-site";
  if (foreign) {
    throw new Response(JSON.stringify({ code: "CROSS_ORIGIN_REQUEST" }), {
      status: 403,
      headers: { "Content-Type": "application/json" },
    });
  }
}

function originOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).origin : null;
}

const BASE_HEADERS = {
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
