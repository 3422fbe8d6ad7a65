import { and, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { ApplyRollenerweiterungBody, type Rollenart } from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import { rollenerweiterung } from "../db/schema.ts";
import { readJsonBody } from "../lib/body.ts";
import { requireCaller, requireUser } from "../lib/caller.ts";
import { missingPermissions, notFound } from "../lib/errors.ts";
import { newId } from "../lib/ids.ts";
import { findOrganisation } from "../lib/organisationen.ts";
import { findProviders, findRolle, isOwnedAtOrAbove, isPermittedAt, providerIdsOf, rolleError } from "../lib/rolle-regeln.ts";
import { rollenartenFor } from "../lib/rollenarten.ts";
import { parseOrThrow } from "../lib/validation.ts";

const Params = z.object({ angebotId: z.string().uuid(), organisationId: z.string().uuid() });

/**
 * CHANGES-SINCE-PIN §4, current upstream only: the Rollenerweiterungen of one offer at one organisation, added and
 * removed in one step. Login is enough (no second factor); ROLLEN_ERWEITERN at the organisation. Adds already there
 * and removes not there are skipped; a role that cannot take the offer fails alone (the others are applied) and is
 * named in a 400 `{code, rolleIdsWithI18nKeys}`.
 */
export function rollenErweiterungRoutes() {
  const app = new Hono<AppEnv>();

  app.post("/angebot/:angebotId/organisation/:organisationId/apply", async (c) => {
    requireUser(c);
    const { angebotId, organisationId } = parseOrThrow(Params, c.req.param());
    const body = parseOrThrow(ApplyRollenerweiterungBody, await readJsonBody(c));
    const caller = await requireCaller(c);
    const { db } = c.var;
    const [org, [angebot]] = await Promise.all([findOrganisation(db, organisationId), findProviders(db, [angebotId])]);
    if (!org || !angebot) throw notFound();
    if (!(await isPermittedAt(db, caller.id, org.id, ["ROLLEN_ERWEITERN"]))) throw missingPermissions();
    if (!angebot.merkmale.includes("VERFUEGBAR_FUER_ROLLENERWEITERUNG")) {
      throw rolleError("MISSING_MERKMAL_VERFUEGBAR_FUER_ROLLENERWEITERUNG_ERROR");
    }
    const present = new Set(
      (
        await db
          .select({ rolleId: rollenerweiterung.rolleId })
          .from(rollenerweiterung)
          .where(and(eq(rollenerweiterung.organisationId, org.id), eq(rollenerweiterung.serviceProviderId, angebot.id)))
      ).map((row) => row.rolleId),
    );
    const failures: { rolleId: string; i18nKey: string }[] = [];
    const now = c.var.config.now();
    for (const rolleId of new Set(body.addErweiterungenForRolleIds)) {
      if (present.has(rolleId)) continue;
      const role = await findRolle(db, rolleId);
      if (!role) {
        failures.push({ rolleId, i18nKey: "ENTITY_NOT_FOUND" });
        continue;
      }
      const assignable =
        (await isOwnedAtOrAbove(db, role, org.id)) && rollenartenFor(org.typ, "current").includes(role.rollenart as Rollenart);
      if (!assignable) {
        failures.push({ rolleId, i18nKey: "ROLLE_NUR_AN_PASSENDE_ORGANISATION" });
        continue;
      }
      if ((await providerIdsOf(db, role.id)).includes(angebot.id)) {
        failures.push({ rolleId, i18nKey: "NO_REDUNDANT_ROLLENERWEITERUNG" });
        continue;
      }
      await db
        .insert(rollenerweiterung)
        .values({ id: newId(), organisationId: org.id, rolleId, serviceProviderId: angebot.id, createdAt: now, updatedAt: now })
        .onConflictDoNothing();
    }
    const weg = [...new Set(body.removeErweiterungenForRolleIds)].filter((rolleId) => present.has(rolleId));
    if (weg.length > 0) {
      await db
        .delete(rollenerweiterung)
        .where(
          and(
            eq(rollenerweiterung.organisationId, org.id),
            eq(rollenerweiterung.serviceProviderId, angebot.id),
            inArray(rollenerweiterung.rolleId, weg),
          ),
        );
    }
    if (failures.length > 0) return c.json({ code: 400, rolleIdsWithI18nKeys: failures }, 400);
    return c.body(null, 204);
  });

  return app;
}
