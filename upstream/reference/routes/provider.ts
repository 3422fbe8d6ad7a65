import { type SQL, and, asc, eq, inArray, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import {
  AssignableForRolleQuery,
  ManageableByOrganisationQuery,
  ManageableProvidersQuery,
  PinnedManageableProvidersQuery,
  PinnedRollenerweiterungenQuery,
  RollenerweiterungenQuery,
  type Systemrecht,
} from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import type { ReferenceDb } from "../db/client.ts";
import type { ApiVersion } from "../env.ts";
import {
  organisation,
  personenkontext,
  rolle,
  rollenerweiterung,
  rolleServiceProvider,
  serviceProvider,
  serviceProviderMerkmal,
} from "../db/schema.ts";
import { manageableDetail, manageableListItems, pageOfManageable, relevantOfferRights, storedKategorie } from "../lib/angebote.ts";
import { requireCaller, requireGold, requireUser } from "../lib/caller.ts";
import { listNotAuthorized, missingPermissions, notFound } from "../lib/errors.ts";
import { isPermittedAnywhere, permittedOrganisations } from "../lib/permissions.ts";
import { findLogo, loadServiceProviderResponses, renderServiceProvider } from "../lib/providers.ts";
import { entityJson } from "../lib/render.ts";
import { ancestorsOrSelf, isPermittedAt, ownersWithoutChildren } from "../lib/rolle-regeln.ts";
import { parseOrThrow, readQuery } from "../lib/validation.ts";

const LogoParam = z.object({ angebotId: z.string().uuid() });
const AngebotParam = z.object({ angebotId: z.string().uuid() });

/**
 * Offers (ORGANISATIONS_ROLES §6, CHANGES-SINCE-PIN §3.9): the start page tiles, logos, the role form's choice (pinned
 * `/all`, current `/assignable-for-rolle`), the offers an administrator manages and their Rollenerweiterungen. The
 * current upstream put the manageable lists and the Rollenerweiterung list behind the step-up guard.
 */
export function providerRoutes(version: ApiVersion) {
  const app = new Hono<AppEnv>();
  const guard = version === "current" ? requireGold : requireUser;

  /** §6.1: providers of the caller's roles, plus Rollenerweiterungen matching a kontext exactly (flag-gated). */
  app.get("/", async (c) => {
    requireUser(c);
    const caller = await requireCaller(c);
    const viaRollen = sql`SELECT rsp.service_provider_id FROM ${rolleServiceProvider} rsp
      JOIN ${personenkontext} pk ON pk.rolle_id = rsp.rolle_id WHERE pk.person_id = ${caller.id}`;
    const viaErweiterung = sql`SELECT re.service_provider_id FROM ${rollenerweiterung} re
      JOIN ${personenkontext} pk ON pk.rolle_id = re.rolle_id AND pk.organisation_id = re.organisation_id
      WHERE pk.person_id = ${caller.id}`;
    const ids = c.var.config.featureFlags.rolleErweiternEnabled ? sql`${viaRollen} UNION ${viaErweiterung}` : viaRollen;
    const providers = await loadServiceProviderResponses(c.var.db, sql`${serviceProvider.id} IN (${ids})`);
    return entityJson(
      c,
      providers.map((provider) => renderServiceProvider(provider, c.var.config.apiVersion)),
    );
  });

  if (version === "pinned") {
    /** §6.2: every offer, no right checked (the pinned role form's choice). */
    app.get("/all", async (c) => {
      requireUser(c);
      await requireCaller(c);
      const providers = await loadServiceProviderResponses(c.var.db, sql`TRUE`);
      return entityJson(
        c,
        providers.map((provider) => renderServiceProvider(provider, version)),
      );
    });
  } else {
    /** §3.9: the offers a role owned by this organisation may grant (owned there or above); ROLLEN_VERWALTEN there. */
    app.get("/assignable-for-rolle", async (c) => {
      requireGold(c);
      const query = parseOrThrow(AssignableForRolleQuery, readQuery(c.req.url, AssignableForRolleQuery, version));
      const caller = await requireCaller(c);
      const { db } = c.var;
      const owner = query.schulstrukturknotenOfRolle;
      if (!(await isPermittedAt(db, caller.id, owner, ["ROLLEN_VERWALTEN"]))) throw missingPermissions();
      const providers = await loadServiceProviderResponses(
        db,
        sql`${serviceProvider.providedOnSchulstrukturknoten} IN (${ancestorsOrSelf(owner)})`,
      );
      return entityJson(
        c,
        providers.map((provider) => renderServiceProvider(provider, version)),
      );
    });
  }

  if (version === "current") {
    /**
     * CHANGES-SINCE-PIN §4: the offers with VERFUEGBAR_FUER_ROLLENERWEITERUNG owned by the organisation or an ancestor,
     * for a caller with ROLLEN_ERWEITERN there (else 404 MISSING_PERMISSIONS; an unknown organisation too); body-paged
     * list entries in the manageable list's order, with the organisation's Rollenerweiterungen of each offer.
     */
    app.get("/manageable-by-organisation", async (c) => {
      requireGold(c);
      const query = parseOrThrow(ManageableByOrganisationQuery, readQuery(c.req.url, ManageableByOrganisationQuery, version));
      const caller = await requireCaller(c);
      const { db } = c.var;
      if (!(await isPermittedAt(db, caller.id, query.organisationId, ["ROLLEN_ERWEITERN"]))) throw missingPermissions();
      const where = sql`${serviceProvider.providedOnSchulstrukturknoten} IN (${ancestorsOrSelf(query.organisationId)})
        AND EXISTS (SELECT 1 FROM ${serviceProviderMerkmal} m WHERE m.service_provider_id = ${serviceProvider.id}
          AND m.merkmal = 'VERFUEGBAR_FUER_ROLLENERWEITERUNG')`;
      const { rows, total } = await pageOfManageable(db, where, query);
      const items = await manageableListItems(db, rows, version);
      const erweiterungen = rows.length
        ? await db
            .select({
              providerId: rollenerweiterung.serviceProviderId,
              rolleId: rolle.id,
              rolleName: rolle.name,
              organisationId: organisation.id,
              organisationName: organisation.name,
              organisationKennung: organisation.kennung,
            })
            .from(rollenerweiterung)
            .innerJoin(rolle, eq(rolle.id, rollenerweiterung.rolleId))
            .innerJoin(organisation, eq(organisation.id, rollenerweiterung.organisationId))
            .where(
              and(
                eq(rollenerweiterung.organisationId, query.organisationId),
                inArray(
                  rollenerweiterung.serviceProviderId,
                  rows.map((row) => row.id),
                ),
              ),
            )
            .orderBy(asc(sql`german_sort_key(${rolle.name})`), asc(rolle.id))
        : [];
      return entityJson(c, {
        total,
        offset: query.offset ?? 0,
        limit: query.limit ?? total,
        // `hasSomeVerwaltenPermission` of the manageable list is left out: these offers need not lie in that scope.
        items: items.map((item) => ({
          ...Object.fromEntries(Object.entries(item).filter(([key]) => key !== "hasSomeVerwaltenPermission")),
          rollenerweiterungen: erweiterungen
            .filter((entry) => entry.providerId === item.id)
            .map((entry) => ({
              organisation: { id: entry.organisationId, name: entry.organisationName, kennung: entry.organisationKennung },
              rolle: { id: entry.rolleId, name: entry.rolleName },
            })),
        })),
      });
    });
  }

  /** §6.4 / §3.9: offers owned in the caller's ANGEBOTE_VERWALTEN scope (with children), body-paged. */
  app.get("/manageable", async (c) => {
    guard(c);
    const Query = version === "current" ? ManageableProvidersQuery : PinnedManageableProvidersQuery;
    const query = parseOrThrow(Query, readQuery(c.req.url, Query, version));
    const caller = await requireCaller(c);
    const { db } = c.var;
    const conditions: SQL[] = [await angeboteScope(db, caller.id)];
    if (query.kategorien?.length) conditions.push(inArray(serviceProvider.kategorie, query.kategorien.map(storedKategorie)));
    const { rows, total } = await pageOfManageable(db, and(...conditions) ?? sql`TRUE`, query);
    const items = await manageableListItems(db, rows, version);
    return entityJson(c, { total, offset: query.offset ?? 0, limit: query.limit ?? total, items });
  });

  /**
   * §6.5 / §3.9. Pinned: the list's scope. Current: ANGEBOTE_VERWALTEN or ANGEBOTE_EINGESCHRAENKT_VERWALTEN at the
   * owner (incl. ancestors) or ROLLEN_ERWEITERN at or below it; else not found.
   */
  app.get("/manageable/:angebotId", async (c) => {
    guard(c);
    const { angebotId } = parseOrThrow(AngebotParam, c.req.param());
    const caller = await requireCaller(c);
    const { db } = c.var;
    const scope = version === "pinned" ? await angeboteScope(db, caller.id) : sql`TRUE`;
    const {
      rows: [row],
    } = await pageOfManageable(db, and(eq(serviceProvider.id, angebotId), scope) ?? scope, {});
    if (!row) throw notFound();
    const relevant = version === "current" ? await relevantOfferRights(db, caller.id, row.ownerId) : [];
    if (version === "current" && relevant.length === 0) throw notFound();
    return entityJson(c, await manageableDetail(db, row, version, relevant));
  });

  /**
   * §6.6 / §4: the Rollenerweiterungen of an offer. Pinned: a role with both ROLLEN_ERWEITERN and ANGEBOTE_VERWALTEN
   * (else the NestJS 401 NOT_AUTHORIZED, quirk), every Rollenerweiterung, by id. Current: either right (else 401
   * UNAUTHORIZED), only the caller's organisations (without children), paged per organisation by Kennung.
   */
  app.get("/:angebotId/rollenerweiterung", async (c) => {
    guard(c);
    const { angebotId } = parseOrThrow(AngebotParam, c.req.param());
    const Query = version === "current" ? RollenerweiterungenQuery : PinnedRollenerweiterungenQuery;
    const query = parseOrThrow(Query, readQuery(c.req.url, Query, version));
    const caller = await requireCaller(c);
    const { db } = c.var;
    if (version === "pinned") {
      if (!(await holdsSomewhere(db, caller.id, ["ROLLEN_ERWEITERN", "ANGEBOTE_VERWALTEN"]))) throw listNotAuthorized();
      const all = await db
        .select()
        .from(rollenerweiterung)
        .where(eq(rollenerweiterung.serviceProviderId, angebotId))
        .orderBy(asc(rollenerweiterung.id));
      const offset = query.offset ?? 0;
      const page = all.slice(offset, query.limit === undefined ? undefined : offset + query.limit);
      return c.json({ total: all.length, offset, limit: query.limit ?? all.length, items: page.map(erweiterungJson) });
    }
    const scopes = await Promise.all(
      (["ROLLEN_ERWEITERN", "ANGEBOTE_VERWALTEN"] as const).map((right) => ownersWithoutChildren(db, caller.id, [right])),
    );
    const all = scopes.includes("all");
    const scope = all
      ? sql`TRUE`
      : sql`(${sql.join(
          scopes.map((owners) => sql`${rollenerweiterung.organisationId} IN (${owners})`),
          sql` OR `,
        )})`;
    if (!all && !(await holdsEither(db, caller.id))) throw listNotAuthorized();
    if (query.organisationIds?.length && !all) {
      const inScope = await db
        .select({ id: organisation.id })
        .from(organisation)
        .where(
          and(
            inArray(organisation.id, query.organisationIds),
            sql`(${sql.join(
              scopes.map((owners) => sql`${organisation.id} IN (${owners})`),
              sql` OR `,
            )})`,
          ),
        );
      if (inScope.length !== query.organisationIds.length) throw missingPermissions();
    }
    const conditions: SQL[] = [eq(rollenerweiterung.serviceProviderId, angebotId), scope];
    if (query.organisationIds?.length) conditions.push(inArray(rollenerweiterung.organisationId, query.organisationIds));
    if (query.rolleIds?.length) conditions.push(inArray(rollenerweiterung.rolleId, query.rolleIds));
    const rows = await db
      .select({
        erweiterung: rollenerweiterung,
        rolleName: rolle.name,
        organisationName: organisation.name,
        organisationKennung: organisation.kennung,
      })
      .from(rollenerweiterung)
      .innerJoin(rolle, eq(rolle.id, rollenerweiterung.rolleId))
      .innerJoin(organisation, eq(organisation.id, rollenerweiterung.organisationId))
      .where(and(...conditions))
      .orderBy(
        sql`${organisation.kennung} ASC NULLS LAST`,
        asc(sql`german_sort_key(${organisation.name})`),
        asc(organisation.id),
        asc(sql`german_sort_key(${rolle.name})`),
        asc(rolle.id),
      );
    const organisationen = [...new Set(rows.map((row) => row.erweiterung.organisationId))];
    const offset = query.offset ?? 0;
    const onPage = new Set(organisationen.slice(offset, query.limit === undefined ? undefined : offset + query.limit));
    const items = rows
      .filter((row) => onPage.has(row.erweiterung.organisationId))
      .map((row) => ({
        ...erweiterungJson(row.erweiterung),
        rolleName: row.rolleName,
        organisationName: row.organisationName,
        organisationKennung: row.organisationKennung,
      }));
    return entityJson(c, { total: organisationen.length, offset, limit: query.limit ?? organisationen.length, items });
  });

  app.get("/:angebotId/logo", async (c) => {
    requireUser(c);
    const { angebotId } = parseOrThrow(LogoParam, c.req.param());
    await requireCaller(c);
    const row = await findLogo(c.var.db, angebotId);
    if (!row?.logo || !row.mime) throw notFound();
    return c.body(new Uint8Array(row.logo), 200, {
      "Content-Type": row.mime,
      "Content-Length": String(row.logo.length),
      "Cache-Control": "private, max-age=3600",
    });
  });

  return app;
}

type RollenerweiterungRow = typeof rollenerweiterung.$inferSelect;

/** `RollenerweiterungResponse`. */
const erweiterungJson = (row: RollenerweiterungRow) => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  organisationId: row.organisationId,
  rolleId: row.rolleId,
  serviceProviderId: row.serviceProviderId,
});

/** Offers owned in the caller's ANGEBOTE_VERWALTEN organisations (with children); nothing without the right. */
async function angeboteScope(db: ReferenceDb, callerId: string): Promise<SQL> {
  const permitted = await permittedOrganisations(db, callerId, ["ANGEBOTE_VERWALTEN"]);
  return permitted.all ? sql`TRUE` : sql`${serviceProvider.providedOnSchulstrukturknoten} IN (${permitted.subquery})`;
}

/** The caller holds all `rights` in one role somewhere (or all of them at ROOT). */
async function holdsSomewhere(db: ReferenceDb, callerId: string, rights: Systemrecht[]) {
  return isPermittedAnywhere(db, await permittedOrganisations(db, callerId, rights));
}

/** The caller holds ROLLEN_ERWEITERN or ANGEBOTE_VERWALTEN somewhere. */
async function holdsEither(db: ReferenceDb, callerId: string) {
  return (await holdsSomewhere(db, callerId, ["ROLLEN_ERWEITERN"])) || holdsSomewhere(db, callerId, ["ANGEBOTE_VERWALTEN"]);
}
