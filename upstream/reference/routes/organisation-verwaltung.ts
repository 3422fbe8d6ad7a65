import { and, asc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { AdministriertQuery, OrganisationByIdBody, UpdateOrganisationBody } from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import type { ApiVersion } from "../env.ts";
import { organisation } from "../db/schema.ts";
import { readJsonBody } from "../lib/body.ts";
import { requireCaller, requireGold, requireUser } from "../lib/caller.ts";
import { couldNotBe, missingPermissions, notFound, organisationNotFoundPlain } from "../lib/errors.ts";
import { publishEvent } from "../lib/events.ts";
import {
  checkBlanks,
  checkKlassenNameHasLetterOrDigit,
  checkSchuleUndKlasse,
  checkSchuleUnterTraeger,
  checkTreeShape,
  isInErsatzSubtree,
  mayManageOrganisation,
  orgError,
  wouldCycle,
} from "../lib/organisation-regeln.ts";
import {
  columnsFromBody,
  containsPattern,
  findOrganisation,
  organisationResponseColumns,
  pageOfOrganisations,
  toOrganisationResponse,
} from "../lib/organisationen.ts";
import { hasRightAt, hasRightsAtRoot } from "../lib/permissions.ts";
import { entityJson, setPagingHeaders } from "../lib/render.ts";
import { parseOrThrow, readQuery } from "../lib/validation.ts";

/**
 * Administration of schools and Schulträger (ORGANISATIONS_ROLES §4.5, §4.11–§4.14): the full update, the children of
 * an organisation along either relation, the school ↔ Träger assignment and the itslearning activation. Creation,
 * search and renaming live in `organisationen.ts`; both are mounted at `/api/organisationen`.
 */

const IdParam = z.object({ organisationId: z.string().uuid() });

/** Children lists have no order upstream ("unspecified"); kennung, then name, keeps pages stable for the portal. */
const childOrder = [sql`${organisation.kennung} ASC NULLS LAST`, asc(sql`german_sort_key(${organisation.name})`), asc(organisation.id)];

export function organisationVerwaltungRoutes(version: ApiVersion) {
  const app = new Hono<AppEnv>();

  /** §4.5: overwrites every field; the permission follows the body's typ and parent, not the stored ones. */
  app.put("/:organisationId", async (c) => {
    requireGold(c);
    const { organisationId } = parseOrThrow(IdParam, c.req.param());
    const body = parseOrThrow(UpdateOrganisationBody, await readJsonBody(c));
    const caller = await requireCaller(c);
    const { db } = c.var;

    const current = await findOrganisation(db, organisationId);
    if (!current) throw organisationNotFoundPlain(organisationId);
    if (!(await mayManageOrganisation(db, caller.id, body.typ, body.administriertVon))) throw missingPermissions();

    const parents = {
      parent: await findOrganisation(db, body.administriertVon),
      zugehoerig: await findOrganisation(db, body.zugehoerigZu),
    };
    // The upstream's rules, in its order; Träger rules are not part of the update (§4.5).
    checkKlassenNameHasLetterOrDigit(body);
    checkBlanks(body);
    await checkSchuleUndKlasse(db, body, parents);
    // The upstream would fail on the foreign key here; the reference answers as creation does.
    if (!parents.parent || !parents.zugehoerig) throw notFound();
    await checkTreeShape(db, body.typ, parents, current.id);

    const [updated] = await db
      .update(organisation)
      .set({
        ...columnsFromBody(body),
        version: current.version + 1,
        updatedAt: c.var.config.now(),
      })
      .where(eq(organisation.id, current.id))
      .returning();
    if (!updated) throw couldNotBe("UPDATED");
    return entityJson(c, toOrganisationResponse(updated));
  });

  /** §4.11: direct children along `administriertVon`; no permission filter. */
  app.get("/:organisationId/administriert", async (c) => {
    requireUser(c);
    const { organisationId } = parseOrThrow(IdParam, c.req.param());
    const query = parseOrThrow(AdministriertQuery, readQuery(c.req.url, AdministriertQuery, version));
    await requireCaller(c);
    const { db } = c.var;
    if (!(await findOrganisation(db, organisationId))) throw notFound();

    const conditions = [eq(organisation.administriertVon, organisationId)];
    if (query.searchFilter) conditions.push(sql`${organisation.name} ILIKE ${containsPattern(query.searchFilter)}`);
    const { rows, total } = await pageOfOrganisations(db, and(...conditions), childOrder, query);

    setPagingHeaders(c, { total, pageTotal: rows.length, offset: query.offset, limit: query.limit });
    return entityJson(c, rows.map(toOrganisationResponse));
  });

  /** §4.12: direct children along `zugehoerigZu` (a Träger's schools, a school's classes); no paging. */
  app.get("/:organisationId/zugehoerig", async (c) => {
    requireUser(c);
    const { organisationId } = parseOrThrow(IdParam, c.req.param());
    await requireCaller(c);
    const { db } = c.var;
    if (!(await findOrganisation(db, organisationId))) throw notFound();

    const rows = await db
      .select(organisationResponseColumns)
      .from(organisation)
      .where(eq(organisation.zugehoerigZu, organisationId))
      .orderBy(...childOrder);
    setPagingHeaders(c, { total: rows.length, pageTotal: rows.length, offset: 0, limit: rows.length });
    return entityJson(c, rows.map(toOrganisationResponse));
  });

  /**
   * §4.13: moves the school in the body below `{organisationId}` — a Träger, or its LAND to unassign it. 201 without
   * body; assigning to the current parent again succeeds as well.
   */
  app.post("/:organisationId/zugehoerig", async (c) => {
    requireGold(c);
    const { organisationId: newParentId } = parseOrThrow(IdParam, c.req.param());
    const body = parseOrThrow(OrganisationByIdBody, await readJsonBody(c));
    const caller = await requireCaller(c);
    const { db } = c.var;

    const schule = await findOrganisation(db, body.organisationId);
    if (!schule?.zugehoerigZu) throw notFound();
    const newParent = await findOrganisation(db, newParentId);
    if (!newParent) throw notFound();
    const mayMove =
      (await hasRightAt(db, caller.id, schule.zugehoerigZu, "SCHULTRAEGER_VERWALTEN")) &&
      (await hasRightAt(db, caller.id, newParent.id, "SCHULTRAEGER_VERWALTEN"));
    if (!mayMove) throw missingPermissions();
    if (schule.typ !== "SCHULE") throw orgError("ORGANISATION_ZUWEISUNG_FEHLER");
    if ((await isInErsatzSubtree(db, schule.id)) !== (await isInErsatzSubtree(db, newParent.id))) {
      throw orgError("ORGANISATION_WECHSELT_TEILBAUM");
    }
    const parent = schule.administriertVon ? await findOrganisation(db, schule.administriertVon) : undefined;
    checkSchuleUnterTraeger(parent, newParent);
    if (await wouldCycle(db, schule.id, [schule.administriertVon, newParent.id])) throw orgError("ZYKLUS_IN_ORGANISATION");

    const [moved] = await db
      .update(organisation)
      .set({ zugehoerigZu: newParent.id, version: schule.version + 1, updatedAt: c.var.config.now() })
      .where(eq(organisation.id, schule.id))
      .returning({ id: organisation.id });
    if (!moved) throw couldNotBe("UPDATED");
    return c.body(null, 201);
  });

  /**
   * §4.14: activates the school for itslearning. Calling it again on an active school succeeds again and publishes
   * the event again: that is the portal's "transmit again".
   */
  app.put("/:organisationId/enable-for-its-learning", async (c) => {
    requireGold(c);
    const { organisationId } = parseOrThrow(IdParam, c.req.param());
    const caller = await requireCaller(c);
    const { db } = c.var;

    // Missing right and unknown id look alike (ENTITY_NOT_FOUND in the current upstream, CHANGES-SINCE-PIN §3.11).
    if (!(await hasRightsAtRoot(db, caller.id, ["SCHULEN_VERWALTEN"]))) throw notFound();
    const schule = await findOrganisation(db, organisationId);
    if (!schule) throw notFound();
    if (schule.typ !== "SCHULE") throw couldNotBe("UPDATED");

    const [updated] = await db
      .update(organisation)
      .set({ itslearningEnabled: true, version: schule.version + 1, updatedAt: c.var.config.now() })
      .where(eq(organisation.id, schule.id))
      .returning();
    if (!updated) throw couldNotBe("UPDATED");
    publishEvent("SchuleItslearningEnabledEvent", { organisationId: schule.id, kennung: schule.kennung ?? "", name: schule.name });
    return entityJson(c, toOrganisationResponse(updated));
  });

  return app;
}
