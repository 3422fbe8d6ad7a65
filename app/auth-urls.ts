import { safeRedirectPath } from "./return-path";

/** The upstream's login, returning to `redirectPath`; `gold` asks for the second factor as well. */
export function loginUrl(redirectPath: string, level?: "gold"): string {
  const query = new URLSearchParams({ redirectUrl: safeRedirectPath(redirectPath, "/start") });
  if (level) query.set("requiredStepUpLevel", level);
  return `/api/auth/login?${query}`;
}

/** The portal's logout: it arranges the "logged out" message, then hands over to the upstream's logout. */
export const LOGOUT_URL = "/abmelden";
/** The upstream's logout; it ends the session (and the identity provider's) and lands on `/`. */
export const UPSTREAM_LOGOUT_URL = "/api/auth/logout";
