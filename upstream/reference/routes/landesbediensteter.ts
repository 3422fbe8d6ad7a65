import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { Hono } from "hono";
import { LandesbediensteterCommitBody, LandesbediensteterSearchQuery, LandesbediensteterStepQuery } from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import type { ReferenceDb } from "../db/client.ts";
import type { ApiVersion } from "../env.ts";
import { emailAddress, organisation, person, personenkontext, rolle, rolleSystemrecht, userLock } from "../db/schema.ts";
import { readJsonBody } from "../lib/body.ts";
import { requireCaller, requireGold } from "../lib/caller.ts";
import { dbiamError, internalError, listNotAuthorized } from "../lib/errors.ts";
import { publishEvent } from "../lib/events.ts";
import { isUuid } from "../lib/ids.ts";
import { hasRightAt } from "../lib/permissions.ts";
import { type PersonRow, findPerson, personError, primaryEmail } from "../lib/personen.ts";
import { entityJson } from "../lib/render.ts";
import { parseOrThrow, readQuery } from "../lib/validation.ts";
import { landesbediensteterStep } from "../lib/workflow-step.ts";
import { applyChange, assertCurrent } from "../lib/zuordnungen-aendern.ts";
import {
  type Zuordnung,
  difference,
  kontextResponses,
  loadRuleData,
  storedZuordnungen,
  updateError,
  violatedRule,
} from "../lib/zuordnungen.ts";

/**
 * State employees ("Landesbedienstete", PERSONS §2.2.13, §2.6; CHANGES-SINCE-PIN §3.6, §3.7): finding a teacher of
 * another school by KoPers number, e-mail, username or name, and adding him to one's own school.
 */

const RIGHT = "LANDESBEDIENSTETE_SUCHEN_UND_HINZUFUEGEN" as const;

/** Whether the caller holds the right at any organisation (or at ROOT). */
async function holdsRightAnywhere(db: ReferenceDb, callerId: string) {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(personenkontext)
    .innerJoin(rolleSystemrecht, eq(rolleSystemrecht.rolleId, personenkontext.rolleId))
    .where(and(eq(personenkontext.personId, callerId), eq(rolleSystemrecht.systemrecht, RIGHT)))
    .limit(1);
  return rows.length > 0;
}

/** Searchable: with a KoPers number and without a manual lock (a KoPers lock does not matter). */
async function isSearchable(db: ReferenceDb, target: PersonRow) {
  if (target.personalnummer === null) return false;
  const locks = await db
    .select({ one: sql<number>`1` })
    .from(userLock)
    .where(and(eq(userLock.personId, target.id), eq(userLock.lockedOccasion, "MANUELL_GESPERRT")))
    .limit(1);
  return locks.length === 0;
}

/** Ids of persons whose primary address among the ENABLED and DISABLED ones is `address` (ENABLED wins). */
async function personIdsByPrimaryEmail(db: ReferenceDb, address: string): Promise<string[]> {
  const candidates = await db
    .selectDistinct({ personId: emailAddress.personId })
    .from(emailAddress)
    .where(and(eq(emailAddress.address, address), inArray(emailAddress.status, ["ENABLED", "DISABLED"])));
  const found: string[] = [];
  for (const { personId } of candidates) {
    const [primary] = await db
      .select({ address: emailAddress.address })
      .from(emailAddress)
      .where(and(eq(emailAddress.personId, personId), inArray(emailAddress.status, ["ENABLED", "DISABLED"])))
      .orderBy(sql`(${emailAddress.status} = 'ENABLED') DESC`, desc(emailAddress.updatedAt))
      .limit(1);
    if (primary?.address === address) found.push(personId);
  }
  return found;
}

/** `PersonLandesbediensteterSearchResponse`: the person with all Zuordnungen, at any organisation. */
async function searchResponse(db: ReferenceDb, target: PersonRow) {
  const kontexte = await db
    .select({
      rolleId: personenkontext.rolleId,
      rolleName: rolle.name,
      organisationId: personenkontext.organisationId,
      organisationName: organisation.name,
      organisationDstNr: organisation.kennung,
    })
    .from(personenkontext)
    .innerJoin(rolle, eq(rolle.id, personenkontext.rolleId))
    .innerJoin(organisation, eq(organisation.id, personenkontext.organisationId))
    .where(eq(personenkontext.personId, target.id))
    .orderBy(asc(personenkontext.createdAt), asc(personenkontext.id));
  // The primary address of the e-mail module: ENABLED, else the most recently updated one of any status (§1.8).
  const email = await primaryEmail(db, target.id);
  return {
    id: target.id,
    vorname: target.vorname,
    familienname: target.familienname,
    username: target.username,
    personalnummer: target.personalnummer,
    ...(email ? { primaryEmailAddress: email.address } : {}),
    personenkontexte: kontexte,
  };
}

/** GET /api/personen/landesbediensteter (PERSONS §2.2.13), mounted at /api/personen before the `/:personId` routes. */
export function landesbediensteterSucheRoutes(version: ApiVersion) {
  const app = new Hono<AppEnv>();

  /** [gold] Exactly one criterion; not restricted to the caller's organisations; technical persons are not left out. */
  app.get("/landesbediensteter", async (c) => {
    const user = requireGold(c);
    const query = parseOrThrow(LandesbediensteterSearchQuery, readQuery(c.req.url, LandesbediensteterSearchQuery, version));
    const caller = await requireCaller(c, user);
    const { db } = c.var;
    if (!(await holdsRightAnywhere(db, caller.id))) throw listNotAuthorized();

    const noHit = () => personError("LANDESBEDIENSTETER_SEARCH_NO_PERSON_FOUND", 400);
    const byName = query.vorname !== undefined || query.familienname !== undefined;
    const criteria =
      [query.personalnummer, query.primaryEmailAddress, query.username].filter((v) => v !== undefined).length + (byName ? 1 : 0);
    // Zero or several criteria, or one name without the other.
    if (criteria !== 1 || (byName && (query.vorname === undefined || query.familienname === undefined))) throw noHit();

    let ids: string[];
    if (query.personalnummer !== undefined) {
      ids = (await db.select({ id: person.id }).from(person).where(eq(person.personalnummer, query.personalnummer.trim()))).map(
        (r) => r.id,
      );
    } else if (query.username !== undefined) {
      ids = (await db.select({ id: person.id }).from(person).where(eq(person.username, query.username.trim()))).map((r) => r.id);
    } else if (query.primaryEmailAddress !== undefined) {
      ids = await personIdsByPrimaryEmail(db, query.primaryEmailAddress.trim());
    } else {
      // names: exact, case-sensitive, untrimmed
      ids = (
        await db
          .select({ id: person.id })
          .from(person)
          .where(and(eq(person.vorname, query.vorname ?? ""), eq(person.familienname, query.familienname ?? "")))
      ).map((r) => r.id);
    }
    if (ids.length === 0) return entityJson(c, []);
    if (ids.length > 1) throw personError("LANDESBEDIENSTETER_SEARCH_MULTIPLE_PERSONS_FOUND", 400);
    const target = await findPerson(db, ids[0]);
    if (!target || !(await isSearchable(db, target))) throw noHit();
    return entityJson(c, [await searchResponse(db, target)]);
  });

  return app;
}

/** `LandesbediensteterError`: its own keys, the same body in both versions. */
const landesbediensteterError = (i18nKey: "MISSING_PERMISSIONS" | "NOT_FOUND", code: 403 | 404) => dbiamError(i18nKey, code);

/** /api/landesbediensteter (PERSONS §2.6): the step of the add form and the add itself. */
export function landesbediensteterRoutes(version: ApiVersion) {
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("family", "landesbediensteter");
    await next();
  });

  /** [gold] The workflow step with the state employees' right; never fails for lack of rights. */
  app.get("/step", async (c) => {
    const user = requireGold(c);
    const query = parseOrThrow(LandesbediensteterStepQuery, readQuery(c.req.url, LandesbediensteterStepQuery, version));
    const caller = await requireCaller(c, user);
    return entityJson(c, await landesbediensteterStep(c.var.db, version, caller.id, query));
  });

  /**
   * [gold] Adds Zuordnungen to a searchable person: the right at every new organisation (403), the person searchable
   * (404), then the workflow's update on the existing plus the new Zuordnungen, without the caller needing any right
   * where the person works already. Pinned, PERSONEN_VERWALTEN is needed at every new organisation; the current
   * upstream runs the update with escalated rights (CHANGES-SINCE-PIN §2.8).
   */
  app.put("/:personId", async (c) => {
    const user = requireGold(c);
    const body = parseOrThrow(LandesbediensteterCommitBody, await readJsonBody(c));
    const caller = await requireCaller(c, user);
    const { db, config } = c.var;
    const personId = c.req.param("personId");

    // 1.
    for (const organisationId of new Set(body.newPersonenkontexte.map((z) => z.organisationId))) {
      if (!(await hasRightAt(db, caller.id, organisationId, RIGHT))) throw landesbediensteterError("MISSING_PERMISSIONS", 403);
    }
    // 2.
    const target = isUuid(personId) ? await findPerson(db, personId) : undefined;
    if (!target || !(await isSearchable(db, target))) throw landesbediensteterError("NOT_FOUND", 404);

    // 3. The workflow's update on the stored set plus the new Zuordnungen.
    if (body.newPersonenkontexte.some((entry) => entry.personId !== personId)) throw updateError("PERSON_ID_MISMATCH");
    const stored = await storedZuordnungen(db, target.id);
    const neu: Zuordnung[] = body.newPersonenkontexte.map((entry) => ({
      organisationId: entry.organisationId,
      rolleId: entry.rolleId,
      befristung: entry.befristung === undefined ? null : new Date(entry.befristung).getTime(),
    }));
    const desired = [...stored, ...neu];
    const { rollen, organisationen } = await loadRuleData(db, desired);
    const rule = violatedRule({ version, stored, desired, rollen, organisationen });
    if (rule) throw updateError(rule);
    const basis = { count: body.count, lastModified: body.lastModified ?? undefined, personenkontexte: [] };
    assertCurrent(stored, basis);
    if (version === "pinned") {
      for (const organisationId of new Set(neu.map((z) => z.organisationId))) {
        if (!(await hasRightAt(db, caller.id, organisationId, "PERSONEN_VERWALTEN")))
          throw landesbediensteterError("MISSING_PERMISSIONS", 403);
      }
    }
    // The KoPers number that comes along: the found person's own changes nothing; another one is stored like the
    // metadata PATCH would, and its failures (taken, blanks around) end as an unmapped 500 (quirk).
    const personalnummer = body.personalnummer && body.personalnummer !== target.personalnummer ? body.personalnummer : "";
    if (personalnummer !== "") {
      if (personalnummer.trim() !== personalnummer) throw internalError();
      const [other] = await db.select({ id: person.id }).from(person).where(eq(person.personalnummer, personalnummer)).limit(1);
      if (other) throw internalError();
    }

    const { added } = difference(stored, desired);
    const result = await applyChange(db, { target, stored, removed: [], added, body: basis, personalnummer, now: config.now() });
    publishEvent("PersonenkontextUpdated", {
      personId: target.id,
      created: added.map((z) => `${z.organisationId}/${z.rolleId}`).join(","),
      deleted: "",
      current: String(result.length),
    });
    return entityJson(c, { dBiamPersonenkontextResponses: kontextResponses(target.id, result) });
  });

  return app;
}
