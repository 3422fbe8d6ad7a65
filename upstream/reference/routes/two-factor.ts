import { eq, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { TwoFactorPersonQuery } from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import { person, personenkontext, rolleServiceProvider, serviceProvider } from "../db/schema.ts";
import { type PersonRow, requireCaller } from "../lib/caller.ts";
import { twoFactorTargetNotFound } from "../lib/errors.ts";
import { isUuid } from "../lib/ids.ts";
import { isPersonVisible } from "../lib/permissions.ts";
import { activeToken } from "../lib/tokens.ts";

/**
 * PERSONS §2.9 (read part). A foreign person outside the caller's scope is a 403 with the serialised internal error
 * (errors.ts). A vanished caller: pinned a generic 500 (no authentication filter on this controller), current the
 * Dbiam 403 `KEYCLOAK_USER_NOT_FOUND`. `personId` is not validated by the upstream: a missing one, or anything that
 * is not a UUID, cannot name a person and is answered like an unknown one, without asking the database.
 */
async function resolveTarget(c: Context<AppEnv>): Promise<PersonRow | Response> {
  const caller = await requireCaller(c);
  const { db } = c.var;
  const query = TwoFactorPersonQuery.safeParse(c.req.query());
  const personId = query.success ? query.data.personId : undefined;
  let target: PersonRow | undefined = caller;
  if (personId !== caller.id) {
    [target] = personId && isUuid(personId) ? await db.select().from(person).where(eq(person.id, personId)).limit(1) : [];
    if (!target || !(await isPersonVisible(db, caller.id, target))) {
      throw twoFactorTargetNotFound(personId ?? "");
    }
  }
  if (!target.username) return c.text("User not found.", 400);
  return target;
}

export function twoFactorRoutes() {
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("family", "twoFactor");
    await next();
  });

  app.get("/state", async (c) => {
    const target = await resolveTarget(c);
    if (target instanceof Response) return target;
    const token = await activeToken(c.var.db, target.id);
    return c.json(token ? { hasToken: true, tokenKind: token.kind, serial: token.serial } : { hasToken: false, tokenKind: "", serial: "" });
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
