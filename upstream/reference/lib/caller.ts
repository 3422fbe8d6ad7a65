import { eq } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { person } from "../db/schema.ts";
import type { SessionUser } from "../session-data.ts";
import { checkCsrf } from "./csrf.ts";
import { personVanished, stepUpRequired, unauthorized } from "./errors.ts";
import type { PersonRow } from "./personen.ts";

/**
 * The guards of every non-public route, in the upstream's order: authentication (401), then — current version
 * only — the CSRF guard (400), then (requireGold) the step-up guard (403). Validation and the handler follow.
 * Public routes (login pages, config, status, system rights, the token endpoint) never call this, which is exactly
 * the CSRF guard's "public route" exemption.
 */
export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.var.session?.data.user;
  if (!user) throw unauthorized();
  checkCsrf(c);
  return user;
}

/** The step-up guard demands exactly gold. */
export function requireGold(c: Context<AppEnv>): SessionUser {
  const user = requireUser(c);
  if (user.stepUpLevel !== "gold") throw stepUpRequired();
  return user;
}

/** The caller's person; 403 KEYCLOAK_USER_NOT_FOUND when it vanished while the session lived on. */
export async function requireCaller(c: Context<AppEnv>, user: SessionUser = requireUser(c)): Promise<PersonRow> {
  const [row] = await c.var.db.select().from(person).where(eq(person.keycloakUserId, user.sub)).limit(1);
  if (!row) throw personVanished();
  return row;
}
