/**
 * URL helpers shared by server and browser code. Every redirect target that comes from a user
 * passes through `safeRedirectPath`, so the portal never redirects to another origin.
 */
export function safeRedirectPath(target: string | null | undefined, fallback = "/start"): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // Control characters could smuggle a second URL into a Location header.
  if (/[\u0000-\u001f\u007f]/.test(target)) return fallback;
  return target;
}

export function loginUrl(redirectPath: string, level?: "gold"): string {
  const query = new URLSearchParams({ redirectUrl: safeRedirectPath(redirectPath, "/start") });
  if (level) query.set("requiredStepUpLevel", level);
  return `/api/auth/login?${query}`;
}

export const LOGOUT_URL = "/api/auth/logout";

/** Org display name as administrators know it: "1234567 (Name)" when a Dienststellennummer exists. */
export function organisationLabel(org: { kennung?: string | null; name: string }): string {
  return org.kennung ? `${org.kennung} (${org.name})` : org.name;
}
