import { eq, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { person, personenkontext, rolleServiceProvider, serviceProvider } from "../db/schema.ts";
import { type PersonRow, requireUser } from "../lib/caller.ts";
import { HttpError, internalError } from "../lib/errors.ts";
import { isPersonVisible } from "../lib/permissions.ts";
import { activeToken } from "../lib/tokens.ts";

/**
 * PERSONS §2.9 (read part). This controller has no authentication-error filter in the real upstream: a vanished
 * caller yields a generic 500, a foreign person outside the caller's scope a 403 `{"code":"ENTITY_NOT_FOUND"}`.
 */
async function resolveTarget(c: Context<AppEnv>): Promise<PersonRow | Response> {
  const user = requireUser(c);
  const { db } = c.var;
  const [caller] = await db.select().from(person).where(eq(person.keycloakUserId, user.sub)).limit(1);
  if (!caller) throw internalError();
  const personId = c.req.query("personId");
  let target: PersonRow | undefined = caller;
  if (personId !== caller.id) {
    [target] = personId
      ? await db.select().from(person).where(sql`${person.id}::text = ${personId}`).limit(1)
      : [];
    if (!target || !(await isPersonVisible(db, caller.id, target))) {
      throw new HttpError(403, { code: "ENTITY_NOT_FOUND" });
    }
  }
  if (!target.username) return c.text("User not found.", 400);
  return target;
}

export function twoFactorRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/state", async (c) => {
    const target = await resolveTarget(c);
    if (target instanceof Response) return target;
    const token = await activeToken(c.var.db, target.id);
    return c.json(
      token
        ? { hasToken: true, tokenKind: token.kind, serial: token.serial }
        : { hasToken: false, tokenKind: "", serial: "" },
    );
  });

  app.get("/required", async (c) => {
    const target = await resolveTarget(c);
    if (target instanceof Response) return target;
    const rows = await c.var.db
      .select({ one: sql<number>`1` })
      .from(personenkontext)
      .innerJoin(rolleServiceProvider, eq(rolleServiceProvider.rolleId, personenkontext.rolleId))
      .innerJoin(serviceProvider, eq(serviceProvider.id, rolleServiceProvider.serviceProviderId))
      .where(sql`${personenkontext.personId} = ${target.id} AND ${serviceProvider.requires2fa}`)
      .limit(1);
    return c.json({ required: rows.length > 0 });
  });

  return app;
}
