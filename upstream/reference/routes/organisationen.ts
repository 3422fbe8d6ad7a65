import { type SQL, and, eq, inArray, ne, notInArray, or, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import {
  CreateOrganisationBody,
  FindOrganisationQuery,
  OrganisationByNameBody,
  ParentsByIdsBody,
  PinnedFindOrganisationQuery,
  ROOT_ORGANISATION_ID,
  type Systemrecht,
} from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import type { ReferenceDb } from "../db/client.ts";
import type { ApiVersion } from "../env.ts";
import { organisation, personenkontext, rolle, rollenerweiterung, serviceProvider } from "../db/schema.ts";
import { requireCaller, requireGold, requireUser } from "../lib/caller.ts";
import { couldNotBe, internalError, missingPermissions, notFound } from "../lib/errors.ts";
import { newId } from "../lib/ids.ts";
import {
  checkBlanks,
  checkKlassenNameHasLetterOrDigit,
  checkSchuleUndKlasse,
  checkTraegerUnterRootChild,
  checkTreeShape,
  hasBadBlanks,
  mayManageOrganisation,
  orgError,
} from "../lib/organisation-regeln.ts";
import {
  columnsFromBody,
  containsPattern,
  findOrganisation,
  findRootChildren,
  klassenNameTaken,
  organisationResponseColumns,
  pageOfOrganisations,
  toOrganisationResponse,
  traegerNameTaken,
} from "../lib/organisationen.ts";
import { hasRightAt, permittedOrganisations, permittedPredicate } from "../lib/permissions.ts";
import { parseOrThrow, readQuery } from "../lib/validation.ts";
import { readJsonBody } from "../lib/body.ts";
import { entityJson, omitNulls, setPagingHeaders } from "../lib/render.ts";

const IdParam = z.object({ organisationId: z.string().uuid() });

/** Organisations administered (transitively) below any of `parents`. */
const descendantsOf = (parents: string[]) => sql`WITH RECURSIVE below(id) AS (
    SELECT o.id FROM ${organisation} o WHERE o.administriert_von IN ${parents}
    UNION
    SELECT o.id FROM ${organisation} o JOIN below b ON o.administriert_von = b.id
  ) SELECT id FROM below`;

/** Typs the current `DELETE /api/organisationen/{id}` handles, each with the right it needs. */
const DELETE_RIGHT: Record<string, Systemrecht> = {
  TRAEGER: "SCHULTRAEGER_VERWALTEN",
  SCHULE: "SCHULEN_VERWALTEN",
  KLASSE: "KLASSEN_VERWALTEN",
};

/** The organisation lies in the caller's permitted set (with children) of at least one of the rights. */
async function visibleThroughAny(db: ReferenceDb, callerId: string, organisationId: string, rights: readonly Systemrecht[]) {
  for (const right of rights) {
    const permitted = await permittedOrganisations(db, callerId, [right]);
    if (permitted.all) return true;
    const [row] = await db
      .select({ id: organisation.id })
      .from(organisation)
      .where(and(eq(organisation.id, organisationId), permittedPredicate(organisation.id, permitted)))
      .limit(1);
    if (row) return true;
  }
  return false;
}

export function organisationRoutes(version: ApiVersion) {
  const app = new Hono<AppEnv>();
  const FindQuery = version === "current" ? FindOrganisationQuery : PinnedFindOrganisationQuery;

  app.get("/", async (c) => {
    requireUser(c);
    const query = parseOrThrow(FindQuery, readQuery(c.req.url, FindQuery, version));
    const caller = await requireCaller(c);
    const { db } = c.var;

    const permitted = await permittedOrganisations(db, caller.id, query.systemrechte ?? []);
    const conditions: SQL[] = [permittedPredicate(organisation.id, permitted)];
    if (query.kennung !== undefined) conditions.push(eq(organisation.kennung, query.kennung));
    if (query.name !== undefined) conditions.push(eq(organisation.name, query.name));
    if (query.typ !== undefined) conditions.push(eq(organisation.typ, query.typ));
    if (query.administriertVon?.length && query.getChildrenRecursively) {
      conditions.push(sql`${organisation.id} IN (${descendantsOf(query.administriertVon)})`);
    } else if (query.administriertVon?.length) {
      conditions.push(inArray(organisation.administriertVon, query.administriertVon));
    }
    if (query.zugehoerigZu?.length) conditions.push(inArray(organisation.zugehoerigZu, query.zugehoerigZu));
    if (query.excludeTyp?.length) conditions.push(notInArray(organisation.typ, query.excludeTyp));
    if (query.searchString) {
      const pattern = containsPattern(query.searchString);
      const search = or(sql`${organisation.name} ILIKE ${pattern}`, sql`${organisation.kennung} ILIKE ${pattern}`);
      if (search) conditions.push(search);
    }

    // typ rank, then sortField, both in the requested direction; then the other field ascending; id for stable paging.
    const direction = query.sortOrder === "desc" ? sql`DESC` : sql`ASC`;
    const [primary, secondary] =
      query.sortField === "name"
        ? [sql`german_sort_key(${organisation.name})`, organisation.kennung]
        : [organisation.kennung, sql`german_sort_key(${organisation.name})`];
    const typRank = sql`CASE ${organisation.typ} WHEN 'ROOT' THEN 1 WHEN 'LAND' THEN 2 WHEN 'TRAEGER' THEN 3 ELSE 4 END`;
    const ordering = [sql`${typRank} ${direction}`, sql`${primary} ${direction}`, sql`${secondary} ASC`, sql`${organisation.id} ASC`];

    const where = and(...conditions);
    const { rows: regular, total } = await pageOfOrganisations(db, where, ordering, query);

    // organisationIds are always placed first (if permitted), regardless of the other criteria and of paging.
    const selected = query.organisationIds?.length
      ? await db
          .select(organisationResponseColumns)
          .from(organisation)
          .where(and(inArray(organisation.id, query.organisationIds), permittedPredicate(organisation.id, permitted)))
          .orderBy(...ordering)
      : [];
    const selectedIds = new Set(selected.map((row) => row.id));
    const regularIds = new Set(regular.map((row) => row.id));
    const combined = [...selected, ...regular.filter((row) => !selectedIds.has(row.id))].slice(0, query.limit ?? Number.POSITIVE_INFINITY);
    const overlap = selected.filter((row) => regularIds.has(row.id)).length;
    const pagingTotal = total + selected.length - overlap;
    const pageBase = query.searchString ? regular.length : combined.length;
    const pageTotal = query.limit === undefined ? pageBase : Math.min(pageBase, query.limit);

    setPagingHeaders(c, { total: pagingTotal, pageTotal, offset: query.offset, limit: query.limit });
    return entityJson(c, combined.map(toOrganisationResponse));
  });

  /**
   * §4.10: the given organisations and all their ancestors along `administriertVon`, each once, sorted by id; unknown
   * ids are ignored; no permission filter. A read behind the step-up guard (and, current, CSRF), as upstream.
   */
  app.post("/parents-by-ids", async (c) => {
    requireGold(c);
    const { organisationIds } = parseOrThrow(ParentsByIdsBody, await readJsonBody(c));
    await requireCaller(c);
    if (organisationIds.length === 0) return c.json({ parents: [] }, 200);
    const ancestors = sql`WITH RECURSIVE anc(id, parent) AS (
        SELECT o.id, o.administriert_von FROM ${organisation} o WHERE o.id IN ${organisationIds}
        UNION
        SELECT o.id, o.administriert_von FROM ${organisation} o JOIN anc ON o.id = anc.parent
      ) SELECT id FROM anc`;
    const rows = await c.var.db
      .select(organisationResponseColumns)
      .from(organisation)
      .where(sql`${organisation.id} IN (${ancestors})`)
      .orderBy(organisation.id);
    return entityJson(c, { parents: rows.map(toOrganisationResponse) });
  });

  app.get("/root", async (c) => {
    requireUser(c);
    await requireCaller(c);
    const root = await findOrganisation(c.var.db, ROOT_ORGANISATION_ID);
    if (!root) throw notFound();
    return entityJson(c, toOrganisationResponse(root));
  });

  app.get("/root/children", async (c) => {
    requireUser(c);
    await requireCaller(c);
    const { oeffentlich, ersatz } = await findRootChildren(c.var.db);
    if (!oeffentlich || !ersatz) throw notFound();
    return entityJson(c, { oeffentlich: toOrganisationResponse(oeffentlich), ersatz: toOrganisationResponse(ersatz) });
  });

  app.get("/:organisationId", async (c) => {
    requireUser(c);
    const { organisationId } = parseOrThrow(IdParam, c.req.param());
    await requireCaller(c);
    const row = await findOrganisation(c.var.db, organisationId);
    if (!row) throw notFound();
    return entityJson(c, toOrganisationResponse(row));
  });

  app.post("/", async (c) => {
    requireGold(c);
    const body = parseOrThrow(CreateOrganisationBody, await readJsonBody(c));
    const caller = await requireCaller(c);
    const { db } = c.var;

    if (!(await mayManageOrganisation(db, caller.id, body.typ, body.administriertVon))) throw missingPermissions();

    // The upstream's order (§4.2); the reference's own tree rules come last (see checkTreeShape).
    checkBlanks(body);
    const parent = await findOrganisation(db, body.administriertVon);
    if (!parent) throw notFound();
    const zugehoerig = await findOrganisation(db, body.zugehoerigZu);
    if (!zugehoerig) throw notFound();
    checkKlassenNameHasLetterOrDigit(body);
    await checkSchuleUndKlasse(db, body, { parent, zugehoerig });
    if (body.typ === "TRAEGER") {
      await checkTraegerUnterRootChild(db, zugehoerig.id);
      if (await traegerNameTaken(db, zugehoerig.id, body.name)) throw orgError("SCHULTRAEGER_NAME_EINDEUTIG");
    }
    await checkTreeShape(db, body.typ, { parent, zugehoerig });

    const [created] = await db
      .insert(organisation)
      .values({
        id: newId(),
        ...columnsFromBody(body),
      })
      .returning();
    if (!created) throw couldNotBe("CREATED");
    // Both versions answer the created object as built, so optional fields that were not sent are absent.
    return c.json(omitNulls(toOrganisationResponse(created)), 201);
  });

  app.patch("/:organisationId/name", async (c) => {
    requireGold(c);
    const { organisationId } = parseOrThrow(IdParam, c.req.param());
    const body = parseOrThrow(OrganisationByNameBody, await readJsonBody(c));
    const caller = await requireCaller(c);
    const { db } = c.var;

    if (!(await hasRightAt(db, caller.id, organisationId, "KLASSEN_VERWALTEN"))) throw missingPermissions();
    const current = await findOrganisation(db, organisationId);
    if (!current) throw notFound();
    if (current.typ !== "KLASSE" && current.typ !== "TRAEGER") throw couldNotBe("UPDATED");
    if (current.typ === "KLASSE" && current.administriertVon) {
      const schule = await findOrganisation(db, current.administriertVon);
      if (!schule) throw notFound();
      if (!schule.name) throw internalError();
    }
    if (body.name !== current.name) {
      if (hasBadBlanks(body.name)) throw orgError("NAME_ENTHAELT_LEERZEICHEN");
      if (current.typ === "KLASSE") {
        if (!body.name) throw orgError("NAME_REQUIRED_FOR_KLASSE");
        if (current.administriertVon && (await klassenNameTaken(db, current.administriertVon, body.name))) {
          throw orgError("KLASSENNAME_AN_SCHULE_EINDEUTIG");
        }
      } else {
        const land = await checkTraegerUnterRootChild(db, current.zugehoerigZu);
        if (await traegerNameTaken(db, land, body.name, current.id)) throw orgError("SCHULTRAEGER_NAME_EINDEUTIG");
      }
    }
    if (body.version !== current.version) throw orgError("NEWER_VERSION_ORGANISATION");

    // The version condition guards against a concurrent update between the check above and this write.
    const [updated] = await db
      .update(organisation)
      .set({ name: body.name, version: current.version + 1, updatedAt: c.var.config.now() })
      .where(and(eq(organisation.id, current.id), eq(organisation.version, current.version)))
      .returning();
    if (!updated) throw orgError("NEWER_VERSION_ORGANISATION");
    return entityJson(c, toOrganisationResponse(updated));
  });

  /**
   * Pinned class deletion (§4.7). The current upstream replaced it by `DELETE /api/organisationen/{id}`; the
   * reference keeps both in the current version on purpose, so the portal can be tested on either path.
   */
  app.delete("/:organisationId/klasse", async (c) => {
    requireGold(c);
    const { organisationId } = parseOrThrow(IdParam, c.req.param());
    const caller = await requireCaller(c);
    const { db } = c.var;

    if (!(await hasRightAt(db, caller.id, organisationId, "KLASSEN_VERWALTEN"))) throw missingPermissions();
    // One matching kontext is enough; counting would read every pupil of a full class (personenkontext_organisation_idx).
    const assigned = await db
      .select({ id: personenkontext.id })
      .from(personenkontext)
      .where(eq(personenkontext.organisationId, organisationId))
      .limit(1);
    if (assigned.length > 0) throw orgError("ORGANISATION_IST_BEREITS_ZUGEWIESEN_ERROR");
    const klasse = await findOrganisation(db, organisationId);
    if (!klasse) throw notFound();
    if (klasse.administriertVon) {
      const schule = await findOrganisation(db, klasse.administriertVon);
      if (!schule) throw notFound();
      if (!schule.name || !schule.administriertVon) throw internalError();
    }
    if (klasse.typ !== "KLASSE") throw internalError();
    await db.delete(organisation).where(eq(organisation.id, klasse.id));
    return c.body(null, 204);
  });

  if (version === "current") {
    /** CHANGES-SINCE-PIN §4: deletes a Träger, school or class that nothing refers to any more. */
    app.delete("/:organisationId", async (c) => {
      requireGold(c);
      const { organisationId } = parseOrThrow(IdParam, c.req.param());
      const caller = await requireCaller(c);
      const { db } = c.var;

      // Visible through any of the three management rights (with children), else it "does not exist".
      const target = await findOrganisation(db, organisationId);
      if (!target || !(await visibleThroughAny(db, caller.id, target.id, Object.values(DELETE_RIGHT)))) throw notFound();
      const right = DELETE_RIGHT[target.typ];
      if (!right || !(await hasRightAt(db, caller.id, target.id, right))) throw missingPermissions();

      // First failure wins, in the upstream's order; one matching row is enough (a class may hold thousands).
      const any = async (query: PromiseLike<unknown[]>) => (await query).length > 0;
      const one = { one: sql<number>`1` };
      const blockers: Array<[string, () => Promise<boolean>]> = [
        [
          "ORGANISATION_HAT_KINDER",
          () =>
            any(
              db
                .select(one)
                .from(organisation)
                .where(and(eq(organisation.administriertVon, target.id), ne(organisation.id, target.id)))
                .limit(1),
            ),
        ],
        [
          "ORGANISATION_HAT_ZUGEHOERIGE",
          () =>
            any(
              db
                .select(one)
                .from(organisation)
                .where(and(eq(organisation.zugehoerigZu, target.id), ne(organisation.id, target.id)))
                .limit(1),
            ),
        ],
        [
          "ORGANISATION_HAT_ROLLEN",
          () => any(db.select(one).from(rolle).where(eq(rolle.administeredBySchulstrukturknoten, target.id)).limit(1)),
        ],
        [
          "ORGANISATION_HAT_PERSONENKONTEXTE",
          () => any(db.select(one).from(personenkontext).where(eq(personenkontext.organisationId, target.id)).limit(1)),
        ],
        [
          "ORGANISATION_HAT_ANGEBOTE",
          () => any(db.select(one).from(serviceProvider).where(eq(serviceProvider.providedOnSchulstrukturknoten, target.id)).limit(1)),
        ],
        [
          "ORGANISATION_HAT_ROLLENERWEITERUNGEN",
          () => any(db.select(one).from(rollenerweiterung).where(eq(rollenerweiterung.organisationId, target.id)).limit(1)),
        ],
      ];
      for (const [key, blocked] of blockers) {
        if (await blocked()) throw orgError(key);
      }
      await db.delete(organisation).where(eq(organisation.id, target.id));
      return c.body(null, 204);
    });
  }

  return app;
}
