import { type SQL, and, asc, eq, ilike, inArray, sql } from "drizzle-orm";
import { Hono } from "hono";
import { PersonAdministrationRollenQuery, PinnedPersonAdministrationRollenQuery } from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import type { ReferenceDb } from "../db/client.ts";
import type { ApiVersion } from "../env.ts";
import { organisation, rolle } from "../db/schema.ts";
import { requireCaller, requireUser } from "../lib/caller.ts";
import { type PermittedOrganisations, permittedOrganisations, permittedPredicate } from "../lib/permissions.ts";
import { rollenartenFor } from "../lib/rollenarten.ts";
import { rolleResponses } from "../lib/rollen.ts";
import { entityJson } from "../lib/render.ts";
import { parseOrThrow, readQuery } from "../lib/validation.ts";

/** GET /api/person-administration/rollen (PERSONS §2.5, CHANGES-SINCE-PIN §3.7): the roles of the person filter. */
export function personAdministrationRoutes(version: ApiVersion) {
  const app = new Hono<AppEnv>();
  const Query = version === "current" ? PersonAdministrationRollenQuery : PinnedPersonAdministrationRollenQuery;

  app.get("/rollen", async (c) => {
    requireUser(c);
    const query = parseOrThrow(Query, readQuery(c.req.url, Query, version));
    const caller = await requireCaller(c);
    const { db } = c.var;
    const permitted = await permittedOrganisations(db, caller.id, ["PERSONEN_VERWALTEN"]);
    const organisationIds = version === "current" ? query.organisationIds : undefined;

    const conditions: SQL[] = [eq(rolle.istTechnisch, false)];
    if (query.rolleName) conditions.push(ilike(rolle.name, `%${query.rolleName}%`));
    const restriction = await selection(db, version, permitted, organisationIds);
    if (restriction === "none") return entityJson(c, { moeglicheRollen: [], total: 0 });
    if (restriction !== "all") conditions.push(restriction);

    const rollenQuery = db
      .select({
        id: rolle.id,
        name: rolle.name,
        administeredBySchulstrukturknoten: rolle.administeredBySchulstrukturknoten,
        rollenart: rolle.rollenart,
        version: rolle.version,
        createdAt: rolle.createdAt,
        updatedAt: rolle.updatedAt,
        ownerName: organisation.name,
        ownerKennung: organisation.kennung,
      })
      .from(rolle)
      .innerJoin(organisation, eq(organisation.id, rolle.administeredBySchulstrukturknoten))
      .where(and(...conditions))
      // storage order, which the upstream's limit cuts
      .orderBy(asc(rolle.createdAt), asc(rolle.id))
      .$dynamic();
    if (query.limit !== undefined) rollenQuery.limit(query.limit);
    const rollen = await rollenQuery;

    const responses = await rolleResponses(db, rollen);
    const moeglicheRollen = responses.map((response, index) => ({
      ...response,
      administeredBySchulstrukturknotenName: rollen[index].ownerName,
      administeredBySchulstrukturknotenKennung: rollen[index].ownerKennung,
    }));
    return entityJson(c, { moeglicheRollen, total: moeglicheRollen.length });
  });

  return app;
}

/**
 * The role condition from the caller's permitted organisations: "all" (root holder, no organisations named),
 * "none" (no organisation left), or a predicate. Pinned: the rollenart must fit the typ of a permitted organisation.
 * Current: the organisations are the permitted ones intersected with `organisationIds`; the rollenart must fit the
 * typ of one of them, and the role must be owned by one of them or one of their ancestors.
 */
async function selection(
  db: ReferenceDb,
  version: ApiVersion,
  permitted: PermittedOrganisations,
  organisationIds: string[] | undefined,
): Promise<SQL | "all" | "none"> {
  if (permitted.all && !organisationIds?.length) return "all";
  const conditions = [permittedPredicate(organisation.id, permitted)];
  if (organisationIds?.length) conditions.push(inArray(organisation.id, organisationIds));
  const selected = db
    .select({ id: organisation.id })
    .from(organisation)
    .where(and(...conditions));
  const typs = await db
    .selectDistinct({ typ: organisation.typ })
    .from(organisation)
    .where(and(...conditions));
  if (typs.length === 0) return "none";
  const rollenarten = [...new Set(typs.flatMap(({ typ }) => rollenartenFor(typ, version)))];
  const fits = inArray(rolle.rollenart, rollenarten);
  if (version === "pinned") return fits;
  // owner is a selected organisation or an ancestor of one
  const ancestors = sql`WITH RECURSIVE up(id, parent) AS (
      SELECT o.id, o.administriert_von FROM ${organisation} o WHERE o.id IN (${selected})
      UNION
      SELECT o.id, o.administriert_von FROM ${organisation} o JOIN up ON o.id = up.parent
    ) SELECT id FROM up`;
  return sql`${fits} AND ${rolle.administeredBySchulstrukturknoten} IN (${ancestors})`;
}
