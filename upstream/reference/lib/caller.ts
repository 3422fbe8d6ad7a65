import { eq } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { person } from "../db/schema.ts";
import type { SessionUser } from "../session.ts";
import { personVanished, stepUpRequired, unauthorized } from "./errors.ts";

export type PersonRow = typeof person.$inferSelect;

/** Step 2 of the check order (§0.6): 401 shape C without a logged-in session user. */
export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.var.session?.data.user;
  if (!user) throw unauthorized();
  return user;
}

/** Step 3 of the check order: the step-up guard demands exactly gold. */
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
