import { and, eq, ne } from "drizzle-orm";
import { Hono } from "hono";
import {
  CreatePersonWithPersonenkontexteBody,
  PersonenkontextWorkflowStepQuery,
  PinnedPersonenkontextWorkflowStepQuery,
  UpdatePersonenkontexteBody,
  UpdatePersonenkontexteQuery,
} from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import type { ReferenceDb } from "../db/client.ts";
import type { ApiVersion } from "../env.ts";
import { person } from "../db/schema.ts";
import { readJsonBody } from "../lib/body.ts";
import { requireCaller, requireGold, requireUser } from "../lib/caller.ts";
import { internalError, missingPermissions } from "../lib/errors.ts";
import { publishEvent } from "../lib/events.ts";
import { isUuid } from "../lib/ids.ts";
import { hasRightAt } from "../lib/permissions.ts";
import { createPerson } from "../lib/person-anlegen.ts";
import { type PersonRow, canModifyPerson, findPerson } from "../lib/personen.ts";
import { entityJson } from "../lib/render.ts";
import { parseOrThrow, readQuery } from "../lib/validation.ts";
import { workflowStep } from "../lib/workflow-step.ts";
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
 * The personenkontext workflow (PERSONS §2.4.1, §2.4.3; CHANGES-SINCE-PIN §3.8): the step that drives the
 * organisation and role pickers, and the PUT that replaces a person's complete set of Zuordnungen.
 */
export function personenkontextWorkflowRoutes(version: ApiVersion) {
  const app = new Hono<AppEnv>();
  const StepQuery = version === "current" ? PersonenkontextWorkflowStepQuery : PinnedPersonenkontextWorkflowStepQuery;

  /** No step-up; never fails for lack of rights. */
  app.get("/step", async (c) => {
    requireUser(c);
    const query = parseOrThrow(StepQuery, readQuery(c.req.url, StepQuery, version));
    const caller = await requireCaller(c);
    return entityJson(c, await workflowStep(c.var.db, version, caller.id, query));
  });

  /**
   * [gold] A new person with his first Zuordnungen (PERSONS §2.4.2): username by the upstream's rule, a start password
   * he must change at the first login, answered once (201) and stored only as a hash.
   */
  app.post("/", async (c) => {
    const user = requireGold(c);
    const body = parseOrThrow(CreatePersonWithPersonenkontexteBody, await readJsonBody(c));
    const caller = await requireCaller(c, user);
    const { db, config } = c.var;
    const { row, startpasswort, kontexte } = await createPerson(db, version, caller.id, body, config.now());
    publishEvent("PersonenkontextUpdated", {
      personId: row.id,
      created: kontexte.map((z) => `${z.organisationId}/${z.rolleId}`).join(","),
      deleted: "",
      current: String(kontexte.length),
    });
    const created = {
      id: row.id,
      username: row.username,
      mandant: row.mandant,
      name: { familienname: row.familienname, vorname: row.vorname },
      revision: String(row.revision),
      startpasswort,
      userLock: [],
      lastModified: row.updatedAt.toISOString(),
      // absent rather than null when not set, in both versions (PERSONS §2.4.2)
      ...(row.personalnummer ? { personalnummer: row.personalnummer } : {}),
    };
    return entityJson(
      c,
      {
        person: created,
        dBiamPersonenkontextResponses: kontextResponses(row.id, kontexte),
      },
      201,
    );
  });

  /** [gold] Checks in the upstream's order (first failure wins); nothing is written unless all pass. */
  app.put("/:personId", async (c) => {
    const user = requireGold(c);
    const query = parseOrThrow(UpdatePersonenkontexteQuery, readQuery(c.req.url, UpdatePersonenkontexteQuery, version));
    const body = parseOrThrow(UpdatePersonenkontexteBody, await readJsonBody(c));
    const caller = await requireCaller(c, user);
    const { db, config } = c.var;
    const personId = c.req.param("personId");
    const personalnummer = query.personalnummer ?? "";

    // 1. Every entry is about the person of the path.
    if (body.personenkontexte.some((entry) => entry.personId !== personId)) throw updateError("PERSON_ID_MISMATCH");
    const desired: Zuordnung[] = body.personenkontexte.map((entry) => ({
      organisationId: entry.organisationId,
      rolleId: entry.rolleId,
      befristung: entry.befristung === undefined ? null : new Date(entry.befristung).getTime(),
    }));
    // The path is not validated upstream; an id that cannot exist names no person (step 6).
    const target = isUuid(personId) ? await findPerson(db, personId) : undefined;
    const stored = target ? await storedZuordnungen(db, target.id) : [];

    // A role or organisation that does not exist (R: the upstream would fail on storing it).
    const { rollen, organisationen } = await loadRuleData(db, [...stored, ...desired]);

    // 2.–5. and the rules the reference adds.
    const rule = violatedRule({ version, stored, desired, rollen, organisationen });
    if (rule) throw updateError(rule);

    // 6. Optimistic locking.
    if (!target) throw updateError("PERSON_NOT_FOUND");
    assertCurrent(stored, body);

    // 7. The caller may change this person, and at every organisation where something is added or removed.
    //    (Upstream crashes into a 500 here, quirk Q2; R: the not-found of a missing right.)
    const { removed, added } = difference(stored, desired);
    if (!(await canModifyPerson(db, caller.id, target.id))) throw missingPermissions();
    for (const organisationId of new Set([...removed, ...added].map((z) => z.organisationId))) {
      if (!(await hasRightAt(db, caller.id, organisationId, "PERSONEN_VERWALTEN"))) throw missingPermissions();
    }

    // 8. The KoPers number that comes along (checked before anything is written).
    if (personalnummer !== "") await assertPersonalnummerFree(db, target, personalnummer);

    const result = await applyChange(db, {
      target,
      stored,
      removed,
      added,
      body,
      personalnummer,
      now: config.now(),
    });
    publishEvent("PersonenkontextUpdated", {
      personId: target.id,
      created: added.map((z) => `${z.organisationId}/${z.rolleId}`).join(","),
      deleted: removed.map((z) => `${z.organisationId}/${z.rolleId}`).join(","),
      current: String(result.length),
    });
    return entityJson(c, { dBiamPersonenkontextResponses: kontextResponses(target.id, result) });
  });

  return app;
}

/** Like PATCH …/metadata without its KOPERS_PFLICHT precondition (PERSONS §2.4.3 step 8). */
async function assertPersonalnummerFree(db: ReferenceDb, target: PersonRow, personalnummer: string) {
  // Upstream: a domain error outside the controller's filters, i.e. an unmapped 500.
  if (personalnummer.trim() !== personalnummer) throw internalError();
  const [other] = await db
    .select({ id: person.id })
    .from(person)
    .where(and(eq(person.personalnummer, personalnummer), ne(person.id, target.id)))
    .limit(1);
  if (other) throw updateError("PERSONALNUMMER_NICHT_EINDEUTIG");
}
