import { hasPermissions, type RoutePermission } from "~/permissions";
import { authenticate, hasSecondFactor, UnknownPersonError, type CurrentUser } from "./auth.server";
import { readFormData } from "./form-data.server";
import { loginRedirect, redirectTo } from "./redirects.server";
import { currentPath } from "./request-path.server";
import { assertSameOrigin } from "./security.server";

/**
 * Guards for loaders and actions. Each throws a Response, so route code stays straight. Every
 * loader and action calls one of them itself: a parent loader does not protect its children.
 */

export function notFound(): Response {
  return new Response(JSON.stringify({ code: "NOT_FOUND" }), {
    status: 404,
    headers: { "Content-Type": "application/json" },
  });
}

/**
 * (1) A session: without one the upstream answers 401 and the browser goes to the login. A post must come from
 * the portal's own pages and be a readable form; it is read here, before anything else, so a refused body never
 * reaches an action and a login that interrupts the post can offer the typed values again.
 */
export async function requireUser(request: Request): Promise<CurrentUser> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    assertSameOrigin(request);
    await readFormData(request);
  }
  try {
    return await authenticate(request);
  } catch (error) {
    if (error instanceof UnknownPersonError) throw redirectTo("/login-error");
    throw error;
  }
}

interface AdminRequirement {
  permissions: readonly RoutePermission[];
  /**
   * Other permissions, each of which opens the screen as well (an offer's page: offers, restricted offers or role
   * extension, decision 024).
   */
  orPermissions?: readonly RoutePermission[];
  /** The spec's level; only the import screen gets by with silver. */
  level?: "silver" | "gold";
}

/**
 * (2) the route permission, checked before (3) the level, so nobody is asked for a one-time
 * password only to be told "not found".
 */
export async function requireAdmin(request: Request, { permissions, orPermissions, level = "gold" }: AdminRequirement) {
  const user = await requireUser(request);
  const permitted = hasPermissions(user.rights, permissions) || (orPermissions ?? []).some((key) => hasPermissions(user.rights, [key]));
  if (!permitted) throw notFound();
  if (level === "gold" && user.acr !== "gold") {
    if (await hasSecondFactor(request, user.personId)) throw await loginRedirect(request, { level: "gold" });
    throw redirectTo(`/no-second-factor?${new URLSearchParams({ zurueck: currentPath(request) })}`);
  }
  return user;
}

/**
 * Starts a page's upstream reads while the guard decides, so the page costs one round of upstream
 * latency instead of two. The guard's verdict always wins: its redirect or not-found is thrown
 * before any data is used. The reads are safe to start early because the upstream filters them by
 * the same session's rights.
 */
export async function guardWhileLoading<U, T>(guard: Promise<U>, load: () => Promise<T>): Promise<[U, T]> {
  const data = load();
  // Keep an early failure of the reads from surfacing as unhandled while the guard is pending.
  data.catch(() => undefined);
  const verdict = await guard;
  return [verdict, await data];
}
