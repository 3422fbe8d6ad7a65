/**
 * URL helpers shared by server and browser code. Every redirect target that comes from a user
 * passes through `safeRedirectPath`, so the portal never redirects to another origin.
 */
export function safeRedirectPath(target: string | null | undefined, fallback = "/start"): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // Control characters could smuggle a second URL into a Location header.
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

export function loginUrl(redirectPath: string, level?: "gold"): string {
  const query = new URLSearchParams({ redirectUrl: safeRedirectPath(redirectPath, "/start") });
  if (level) query.set("requiredStepUpLevel", level);
  return `/api/auth/login?${query}`;
}

/** The portal's logout: it arranges the "logged out" message, then hands over to the upstream's logout. */
export const LOGOUT_URL = "/abmelden";
/** The upstream's logout; it ends the session (and the identity provider's) and lands on `/`. */
export const UPSTREAM_LOGOUT_URL = "/api/auth/logout";

/** Org display name as administrators know it: "1234567 (Name)" when a Dienststellennummer exists. */
export function organisationLabel(org: { kennung?: string | null; name: string }): string {
  return org.kennung ? `${org.kennung} (${org.name})` : org.name;
}
