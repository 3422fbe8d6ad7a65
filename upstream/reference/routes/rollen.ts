import { type SQL, and, asc, count, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  AddSystemrechtBody,
  CreateRolleBody,
  CreateRollenerweiterungBody,
  FindRollenQuery,
  FindRollenQueryFields,
  PinnedCreateRolleBody,
  PinnedFindRollenQuery,
  PinnedUpdateRolleBody,
  RolleServiceProviderBody,
  type Rollenart,
  type Systemrecht,
  UpdateRolleBody,
} from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import type { ReferenceDb } from "../db/client.ts";
import type { ApiVersion } from "../env.ts";
import { organisation, rolle, rolleMerkmal, rollenerweiterung, rolleSystemrecht, serviceProvider } from "../db/schema.ts";
import { readJsonBody } from "../lib/body.ts";
import { requireCaller, requireGold, requireUser } from "../lib/caller.ts";
import { dbiamError, internalError, missingPermissions, notFound } from "../lib/errors.ts";
import { publishEvent } from "../lib/events.ts";
import { isUuid, newId } from "../lib/ids.ts";
import { containsPattern, findOrganisation } from "../lib/organisationen.ts";
import { permittedOrganisations } from "../lib/permissions.ts";
import { loadServiceProviderResponses, renderServiceProvider } from "../lib/providers.ts";
import { entityJson } from "../lib/render.ts";
import {
  type RolleRow,
  ancestorsOrSelf,
  checkNameUnique,
  checkProvidersInTree,
  checkRolleName,
  findProviders,
  findRolle,
  isForeignKeyViolation,
  isPermittedAt,
  isOwnedAtOrAbove,
  isRolleInUse,
  ownersWithoutChildren,
  providerIdsOf,
  replaceProviders,
  rolleError,
  rolleWithServiceProviders,
} from "../lib/rolle-regeln.ts";
import { rolleResponses } from "../lib/rollen.ts";
import { rollenartenFor } from "../lib/rollenarten.ts";
import { parseOrThrow, readQuery } from "../lib/validation.ts";

/**
 * Roles (ORGANISATIONS_ROLES §5, CHANGES-SINCE-PIN §3.10): list, read, create, update, delete, the offers of a role
 * and the Rollenerweiterung. The pinned upstream also has `PATCH /{id}` and PUT/DELETE `/{id}/serviceProviders`; the
 * current one removed them, so there they are unknown routes (NestJS 404 "Cannot PATCH …").
 */

const IdParam = z.object({ rolleId: z.string().uuid() });

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item) => b.includes(item));

export function rollenRoutes(version: ApiVersion) {
  const app = new Hono<AppEnv>();
  /** Missing ROLLEN_VERWALTEN over the owner: pinned the same 404 as not-found, current MISSING_PERMISSIONS (GET: not found). */
  const notManageable = () => (version === "current" ? missingPermissions() : notFound());

  /** §5.1 / §3.10: header-paged, sorted by name. */
  app.get("/", async (c) => {
    requireUser(c);
    const caller = await requireCaller(c);
    const { db } = c.var;
    const query =
      version === "current"
        ? parseOrThrow(FindRollenQuery, readQuery(c.req.url, FindRollenQueryFields, version))
        : { ...parseOrThrow(PinnedFindRollenQuery, readQuery(c.req.url, PinnedFindRollenQuery, version)), rolleIds: undefined };
    const where = version === "current" ? await currentListCondition(db, caller.id, query) : await pinnedListCondition(db, caller.id);
    const conditions: SQL[] = where === "none" ? [sql`FALSE`] : [eq(rolle.istTechnisch, false), where];
    if (query.searchStr) conditions.push(ilike(rolle.name, containsPattern(query.searchStr)));
    let condition = and(...conditions) ?? sql`TRUE`;
    // `rolleIds` are always returned in addition, past every other filter (the technical one included).
    if (query.rolleIds?.length) condition = or(condition, inArray(rolle.id, query.rolleIds)) ?? condition;

    const [{ total }] = await db.select({ total: count() }).from(rolle).where(condition);
    const rowsQuery = db
      .select({ rolle, ownerName: organisation.name, ownerKennung: organisation.kennung })
      .from(rolle)
      .innerJoin(organisation, eq(organisation.id, rolle.administeredBySchulstrukturknoten))
      .where(condition)
      .orderBy(asc(sql`german_sort_key(${rolle.name})`), asc(rolle.id))
      .$dynamic();
    if (query.offset !== undefined) rowsQuery.offset(query.offset);
    if (query.limit !== undefined) rowsQuery.limit(query.limit);
    const rows = total > 0 ? await rowsQuery : [];
    const items = await rolleWithServiceProviders(
      db,
      rows.map((row) => ({ ...row.rolle, ownerName: row.ownerName, ownerKennung: row.ownerKennung })),
      { owner: true },
    );
    c.header("X-Paging-Total", String(total));
    c.header("X-Paging-Offset", String(total > 0 ? (query.offset ?? 0) : 0));
    c.header("X-Paging-Limit", String(query.limit ?? items.length));
    c.header("X-Paging-pageTotal", "0");
    return entityJson(c, items);
  });

  /** §5.11 / §3.10: grants one offer to the holders of a role at exactly one organisation. */
  app.post("/erweiterung", async (c) => {
    requireGold(c);
    const body = parseOrThrow(CreateRollenerweiterungBody, await readJsonBody(c));
    const caller = await requireCaller(c);
    const { db } = c.var;
    // Pinned: every refusal before the domain rules is a generic 500 (quirk); current: 404 with the shared keys.
    if (!(await isPermittedAt(db, caller.id, body.organisationId, ["ROLLEN_ERWEITERN"]))) {
      throw version === "current" ? missingPermissions() : internalError();
    }
    const [org, role, [provider]] = await Promise.all([
      findOrganisation(db, body.organisationId),
      findRolle(db, body.rolleId),
      findProviders(db, [body.serviceProviderId]),
    ]);
    const assignable =
      version === "pinned" ||
      (org !== undefined &&
        role !== undefined &&
        (await isOwnedAtOrAbove(db, role, org.id)) &&
        rollenartenFor(org.typ, version).includes(role.rollenart as Rollenart));
    if (!org || !role || !provider || !assignable) throw version === "current" ? notFound() : internalError();
    if ((await providerIdsOf(db, role.id)).includes(provider.id)) throw rolleError("NO_REDUNDANT_ROLLENERWEITERUNG");
    if (!provider.merkmale.includes("VERFUEGBAR_FUER_ROLLENERWEITERUNG")) {
      throw rolleError("SERVICE_PROVIDER_NICHT_VERFUEGBAR_FUER_ROLLENERWEITERUNG");
    }
    const now = c.var.config.now();
    // A second identical triple fails on the unique index: 500 DB_ERROR / SchulConneX "database", as upstream.
    const [created] = await db
      .insert(rollenerweiterung)
      .values({ id: newId(), ...body, createdAt: now, updatedAt: now })
      .returning();
    return c.json(
      {
        id: created.id,
        createdAt: created.createdAt.toISOString(),
        updatedAt: created.updatedAt.toISOString(),
        organisationId: created.organisationId,
        rolleId: created.rolleId,
        serviceProviderId: created.serviceProviderId,
      },
      201,
    );
  });

  /** §5.3: ROLLEN_VERWALTEN over the owner (with children), else not found — in both versions. */
  app.get("/:rolleId", async (c) => {
    requireUser(c);
    const { rolleId } = parseOrThrow(IdParam, c.req.param());
    const caller = await requireCaller(c);
    const { db } = c.var;
    const role = await findRolle(db, rolleId);
    if (!role || !(await isPermittedAt(db, caller.id, role.administeredBySchulstrukturknoten, ["ROLLEN_VERWALTEN"]))) throw notFound();
    const [response] = await rolleWithServiceProviders(db, [role]);
    return entityJson(c, response);
  });

  /** §5.4 / §3.10. */
  app.post("/", async (c) => {
    requireGold(c);
    const { db } = c.var;
    const now = c.var.config.now();
    if (version === "pinned") {
      const body = parseOrThrow(PinnedCreateRolleBody, await readJsonBody(c));
      await requireCaller(c);
      // No right is checked (quirk): login and step-up are all the pinned upstream asks.
      if (!(await findOrganisation(db, body.administeredBySchulstrukturknoten))) throw notFound();
      checkRolleName(body.name);
      await checkNameUnique(db, body.name, body.administeredBySchulstrukturknoten);
      const created = await insertRolle(db, body, [], now);
      const [response] = await rolleResponses(db, [created]);
      return entityJson(c, response, 201);
    }
    const body = parseOrThrow(CreateRolleBody, await readJsonBody(c));
    const caller = await requireCaller(c);
    checkRolleName(body.name);
    // An unknown organisation ends here as well (nobody holds a right there).
    if (!(await isPermittedAt(db, caller.id, body.administeredBySchulstrukturknoten, ["ROLLEN_VERWALTEN"]))) {
      throw missingPermissions();
    }
    const providers = await findProviders(db, body.serviceProviderIds);
    if (providers.length !== body.serviceProviderIds.length) throw notFound();
    await checkProvidersInTree(db, body.administeredBySchulstrukturknoten, providers);
    await checkNameUnique(db, body.name, body.administeredBySchulstrukturknoten);
    const created = await insertRolle(db, body, body.serviceProviderIds, now);
    const [response] = await rolleWithServiceProviders(db, [created]);
    return entityJson(c, response, 201);
  });

  /** §5.5 / §3.10: the complete new state; rules in the upstream's order, version last. */
  app.put("/:rolleId", async (c) => {
    requireGold(c);
    const { rolleId } = parseOrThrow(IdParam, c.req.param());
    const body = parseOrThrow(version === "current" ? UpdateRolleBody : PinnedUpdateRolleBody, await readJsonBody(c));
    const caller = await requireCaller(c);
    const { db } = c.var;

    const role = await findRolle(db, rolleId);
    if (!role) throw notFound();
    if (!(await isPermittedAt(db, caller.id, role.administeredBySchulstrukturknoten, ["ROLLEN_VERWALTEN"]))) throw notManageable();
    const inUse = await isRolleInUse(db, role.id);
    if (inUse) {
      const stored = await db.select({ merkmal: rolleMerkmal.merkmal }).from(rolleMerkmal).where(eq(rolleMerkmal.rolleId, role.id));
      if (
        !sameSet(
          stored.map((row) => row.merkmal),
          body.merkmale,
        )
      ) {
        throw rolleError("UPDATE_MERKMALE_ERROR");
      }
    }
    checkRolleName(body.name);
    // Pinned ids are plain strings: one that is no UUID cannot exist.
    if (!body.serviceProviderIds.every(isUuid)) throw notFound();
    const providers = await findProviders(db, body.serviceProviderIds);
    if (providers.length !== body.serviceProviderIds.length) throw notFound();
    if (version === "current") await checkProvidersInTree(db, role.administeredBySchulstrukturknoten, providers);
    if (inUse) {
      const before = await providerIdsOf(db, role.id);
      const changed = [
        ...before.filter((id) => !body.serviceProviderIds.includes(id)),
        ...body.serviceProviderIds.filter((id) => !before.includes(id)),
      ];
      const changedProviders = await findProviders(db, changed);
      if (changedProviders.some((provider) => !provider.merkmale.includes("NACHTRAEGLICH_ZUWEISBAR"))) {
        throw rolleError("SERVICE_PROVIDER_NICHT_NACHTRAEGLICH_ZUWEISBAR");
      }
    }
    await checkNameUnique(db, body.name, role.administeredBySchulstrukturknoten, role.id);
    if (body.version !== role.version) throw rolleError("NEWER_VERSION_OF_ROLLE_AVAILABLE");

    const updated = await db.transaction(async (tx) => {
      // Compared again while writing: of two saves on the same version only the first succeeds.
      const [row] = await tx
        .update(rolle)
        .set({ name: body.name, version: role.version + 1, updatedAt: c.var.config.now() })
        .where(and(eq(rolle.id, role.id), eq(rolle.version, role.version)))
        .returning();
      if (!row) return undefined;
      await replaceRechteUndMerkmale(tx, role.id, body.merkmale, body.systemrechte);
      await replaceProviders(tx, role.id, body.serviceProviderIds);
      return row;
    });
    if (!updated) throw rolleError("NEWER_VERSION_OF_ROLLE_AVAILABLE");
    publishEvent("RolleUpdatedEvent", { rolleId: role.id });
    const [response] = await rolleWithServiceProviders(db, [updated]);
    return entityJson(c, response);
  });

  /**
   * §5.6 / §3.10: a role with Personenkontexte stays. Pinned, Rollenerweiterungen block as well; current, they go
   * with the role (cascade).
   */
  app.delete("/:rolleId", async (c) => {
    requireGold(c);
    const { rolleId } = parseOrThrow(IdParam, c.req.param());
    const caller = await requireCaller(c);
    const { db } = c.var;
    const role = await findRolle(db, rolleId);
    if (!role) throw notFound();
    if (!(await isPermittedAt(db, caller.id, role.administeredBySchulstrukturknoten, ["ROLLEN_VERWALTEN"]))) throw notManageable();
    try {
      await db.transaction(async (tx) => {
        if (version === "current") await tx.delete(rollenerweiterung).where(eq(rollenerweiterung.rolleId, role.id));
        await tx.delete(rolle).where(eq(rolle.id, role.id));
      });
    } catch (error) {
      // Still referenced (a Personenkontext; pinned also a Rollenerweiterung): the database refuses, as upstream.
      if (isForeignKeyViolation(error)) throw rolleError("ROLLE_HAT_PERSONENKONTEXTE_ERROR");
      // Pinned quirk: any other database failure of the delete is swallowed and reported as success; the current
      // upstream lets it surface (500 DB_ERROR, fc4ab9406).
      if (version === "current") throw error;
      console.error(`[reference-upstream] role ${role.id} could not be deleted; answered 204 as the pinned upstream does`);
      return c.body(null, 204);
    }
    publishEvent("RolleDeletedEvent", { rolleId: role.id });
    return c.body(null, 204);
  });

  /** §5.8: no right checked. */
  app.get("/:rolleId/serviceProviders", async (c) => {
    requireUser(c);
    const { rolleId } = parseOrThrow(IdParam, c.req.param());
    await requireCaller(c);
    const role = await findRolle(c.var.db, rolleId);
    if (!role) throw notFound();
    return c.json({ serviceProviderIds: await providerIdsOf(c.var.db, role.id) });
  });

  if (version === "pinned") {
    /** §5.7: adds one right; no right checked; an unknown role is hidden behind a 500 (quirk). */
    app.patch("/:rolleId", async (c) => {
      requireGold(c);
      const { rolleId } = parseOrThrow(IdParam, c.req.param());
      const body = parseOrThrow(AddSystemrechtBody, await readJsonBody(c));
      await requireCaller(c);
      const { db } = c.var;
      const role = await findRolle(db, rolleId);
      if (!role) throw dbiamError("ADD_SYSTEMRECHT_ERROR", 500);
      await db.transaction(async (tx) => {
        await tx.insert(rolleSystemrecht).values({ rolleId: role.id, systemrecht: body.systemRecht }).onConflictDoNothing();
        await tx
          .update(rolle)
          .set({ version: sql`${rolle.version} + 1`, updatedAt: c.var.config.now() })
          .where(eq(rolle.id, role.id));
      });
      publishEvent("RolleUpdatedEvent", { rolleId: role.id });
      return c.body(null, 200);
    });

    /** §5.9: replaces the offers (no NACHTRAEGLICH_ZUWEISBAR rule, no right checked); 201 with the offers. */
    app.put("/:rolleId/serviceProviders", async (c) => {
      const { db, role, body } = await pinnedProviderRequest(c);
      const ids = [...new Set(body.serviceProviderIds)];
      if ((await findProviders(db, ids)).length !== ids.length) throw notFound();
      await saveProvidersAtVersion(db, role, body.version, ids, c.var.config.now());
      const providers = await loadServiceProviderResponses(db, inArray(serviceProvider.id, ids));
      const inOrder = ids.flatMap((id) => providers.filter((provider) => provider.id === id));
      return c.json(
        inOrder.map((provider) => renderServiceProvider(provider, version)),
        201,
      );
    });

    /** §5.10: removes offers that the role has (JSON body on DELETE). */
    app.delete("/:rolleId/serviceProviders", async (c) => {
      const { db, role, body } = await pinnedProviderRequest(c);
      const before = await providerIdsOf(db, role.id);
      if (!body.serviceProviderIds.every((id) => before.includes(id))) throw notFound();
      const remaining = before.filter((id) => !body.serviceProviderIds.includes(id));
      await saveProvidersAtVersion(db, role, body.version, remaining, c.var.config.now());
      return c.body(null, 200);
    });
  }

  return app;
}

/** The guards and checks both pinned offer endpoints begin with: gold, the body, an existing role (no right checked). */
async function pinnedProviderRequest(c: Context<AppEnv>) {
  requireGold(c);
  const { rolleId } = parseOrThrow(IdParam, c.req.param());
  const body = parseOrThrow(RolleServiceProviderBody, await readJsonBody(c));
  await requireCaller(c);
  const { db } = c.var;
  const role = await findRolle(db, rolleId);
  if (!role) throw notFound();
  return { db, role, body };
}

/** The pinned offer endpoints: the version is compared when saving, then the offers become `ids`. */
async function saveProvidersAtVersion(db: ReferenceDb, role: RolleRow, version: number, ids: readonly string[], now: Date) {
  if (version !== role.version) throw rolleError("NEWER_VERSION_OF_ROLLE_AVAILABLE");
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(rolle)
      .set({ version: role.version + 1, updatedAt: now })
      .where(and(eq(rolle.id, role.id), eq(rolle.version, role.version)))
      .returning({ id: rolle.id });
    if (!row) return false;
    await replaceProviders(tx, role.id, ids);
    return true;
  });
  if (!saved) throw rolleError("NEWER_VERSION_OF_ROLLE_AVAILABLE");
  publishEvent("RolleUpdatedEvent", { rolleId: role.id });
}

async function insertRolle(
  db: ReferenceDb,
  body: { name: string; administeredBySchulstrukturknoten: string; rollenart: string; merkmale: string[]; systemrechte: string[] },
  providerIds: readonly string[],
  now: Date,
): Promise<RolleRow> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(rolle)
      .values({
        id: newId(),
        name: body.name,
        administeredBySchulstrukturknoten: body.administeredBySchulstrukturknoten,
        rollenart: body.rollenart,
        istTechnisch: false,
        version: 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await replaceRechteUndMerkmale(tx, created.id, body.merkmale, body.systemrechte);
    await replaceProviders(tx, created.id, providerIds);
    return created;
  });
}

async function replaceRechteUndMerkmale(db: ReferenceDb, rolleId: string, merkmale: readonly string[], systemrechte: readonly string[]) {
  await db.delete(rolleMerkmal).where(eq(rolleMerkmal.rolleId, rolleId));
  await db.delete(rolleSystemrecht).where(eq(rolleSystemrecht.rolleId, rolleId));
  if (merkmale.length > 0) await db.insert(rolleMerkmal).values(merkmale.map((merkmal) => ({ rolleId, merkmal })));
  if (systemrechte.length > 0) await db.insert(rolleSystemrecht).values(systemrechte.map((systemrecht) => ({ rolleId, systemrecht })));
}

/** The role is owned by the organisation or one of its ancestors (current Rollenerweiterung, role search). */
/** Pinned list scope: owners in the caller's ROLLEN_VERWALTEN organisations, with children (§5.1). */
async function pinnedListCondition(db: ReferenceDb, callerId: string): Promise<SQL> {
  const permitted = await permittedOrganisations(db, callerId, ["ROLLEN_VERWALTEN"]);
  return permitted.all ? sql`TRUE` : sql`${rolle.administeredBySchulstrukturknoten} IN (${permitted.subquery})`;
}

/**
 * Current list scope and filters (CHANGES-SINCE-PIN §3.10). `systemrechte` ROLLEN_ERWEITERN or IMPORT_DURCHFUEHREN
 * alone with `organisationContextForOperation`: the roles assignable at that organisation (owned there or above,
 * rollenart allowed for its typ), if the caller holds that right there (reference: else nothing); IMPORT_DURCHFUEHREN
 * without the organisation: nothing. Otherwise owners where the caller holds the right(s), without children.
 */
async function currentListCondition(db: ReferenceDb, callerId: string, query: FindRollenQuery): Promise<SQL | "none"> {
  const rechte: Systemrecht[] = query.systemrechte?.length ? query.systemrechte : ["ROLLEN_VERWALTEN"];
  const conditions: SQL[] = [];
  const single = rechte.length === 1 ? rechte[0] : undefined;
  const operation = single === "ROLLEN_ERWEITERN" || single === "IMPORT_DURCHFUEHREN" ? single : undefined;
  if (operation && (query.organisationContextForOperation || operation === "IMPORT_DURCHFUEHREN")) {
    const context = query.organisationContextForOperation;
    const org = context ? await findOrganisation(db, context) : undefined;
    if (!org || !(await isPermittedAt(db, callerId, org.id, [operation]))) return "none";
    conditions.push(sql`${rolle.administeredBySchulstrukturknoten} IN (${ancestorsOrSelf(org.id)})`);
    conditions.push(inArray(rolle.rollenart, [...rollenartenFor(org.typ, "current")]));
  } else {
    const owners = await ownersWithoutChildren(db, callerId, rechte);
    if (owners !== "all") conditions.push(sql`${rolle.administeredBySchulstrukturknoten} IN (${owners})`);
  }
  if (query.organisationenForFilter?.length)
    conditions.push(inArray(rolle.administeredBySchulstrukturknoten, query.organisationenForFilter));
  if (query.rollenarten?.length) conditions.push(inArray(rolle.rollenart, query.rollenarten));
  if (query.merkmale?.length) {
    conditions.push(sql`EXISTS (SELECT 1 FROM ${rolleMerkmal} rm WHERE rm.rolle_id = ${rolle.id} AND rm.merkmal IN ${query.merkmale})`);
  }
  return and(...conditions) ?? sql`TRUE`;
}
