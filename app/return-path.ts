/**
 * Where a screen goes back to, and every other redirect target a user can influence. A list passes its own
 * address (filters, search, page) to the screens it opens as `zurueck`; they return there. Each target passes
 * through `safeRedirectPath`, so the portal never sends anybody to another origin.
 */
export const RETURN_PARAM = "zurueck";

/** The return path carried by a URL's query, or the fallback when there is none or it is not a safe path. */
export function returnPathFrom(search: URLSearchParams | string, fallback: string): string {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return safeRedirectPath(params.get(RETURN_PARAM), fallback);
}

/**
 * `path` with the way back attached. The default way back (`fallback`) is left out, so plain links stay plain;
 * `path` may carry a query of its own.
 */
export function withReturnPath(path: string, zurueck: string, fallback: string): string {
  const target = safeRedirectPath(zurueck, fallback);
  if (target === fallback) return path;
  const url = new URL(path, PLACEHOLDER_ORIGIN);
  url.searchParams.set(RETURN_PARAM, target);
  return `${url.pathname}${url.search}`;
}

/** A location as a path with its query: what a screen passes on as "come back here". */
export function pathOf(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`;
}

export function safeRedirectPath(target: string | null | undefined, fallback = "/start"): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // Control characters could smuggle a second URL into a Location header.
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  if (/[\u0000-\u001f\u007f]/.test(target)) return fallback;
  // Resolving against a placeholder origin catches what the prefix checks cannot (encoded tricks) and
  // percent-encodes characters such as "ü" that a Location header cannot carry raw.
  const resolved = new URL(target, PLACEHOLDER_ORIGIN);
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // "/.//evil.example" resolves to "//evil.example", which a browser would read as another host.
  if (resolved.origin !== PLACEHOLDER_ORIGIN || path.startsWith("//")) return fallback;
  return path;
}

const PLACEHOLDER_ORIGIN = "http://portal.invalid";

/**
 * A redirect target handed on to another system (the upstream follows `redirectUrl` verbatim): an absolute URL
 * stays absolute if it is on our own origin (the identity provider needs it so for the password change), a path
 * must be a safe path, anything else becomes the fallback path.
 */
export function sameOriginTarget(target: string | null, origin: string, fallback = "/"): string {
  if (target && URL.canParse(target)) {
    const url = new URL(target);
    return url.origin === origin ? `${origin}${safeRedirectPath(`${url.pathname}${url.search}${url.hash}`, "/")}` : fallback;
  }
  return safeRedirectPath(target, fallback);
}
