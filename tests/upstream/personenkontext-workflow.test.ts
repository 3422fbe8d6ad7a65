import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  PersonenkontexteUpdateResponse,
  PersonenkontextWorkflowResponse,
  PersonenuebersichtResponse,
  type Query,
  upstreamSearchParams,
} from "../../upstream/contract/index.ts";
import { identityAccount, organisation, person, personenkontext, userLock } from "../../upstream/reference/db/schema.ts";
import { newId, stableId } from "../../upstream/reference/lib/ids.ts";
import { ROLLEN } from "../../upstream/reference/seed/demo-data.ts";
import { E2E_ZUORDNUNGEN_PERSONEN, demoPersonId } from "../../upstream/reference/seed/demo-persons.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { MANDANT_ID } from "../../upstream/reference/seed/index.ts";
import { API_VERSIONS, Browser, type TestUpstream, errorBodies, loggedIn, startTestUpstream } from "./support.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const A = DEMO_IDS.schuleA;
const B = DEMO_IDS.schuleB;
const C = DEMO_IDS.schuleC;
const klasse = (school: "schule-a" | "schule-b" | "schule-c", name: string) => stableId(`org:${school}:${name}`);
const rolleId = (key: string) => stableId(`rolle:${key}`);
const LEHRKRAFT = DEMO_IDS.rolleLehrkraft;
const SCHUELER = DEMO_IDS.rolleSchueler;
const LIV = rolleId("liv");
const VERTRETUNG = rolleId("vertretungslehrkraft");
const WEBUNTIS_SCHUELER = rolleId("webuntis-schueler");
const SCHULADMIN = DEMO_IDS.rolleSchuladmin;
const EXTERNE_FACHKRAFT = rolleId("externe-fachkraft");
const germanOrder = new Intl.Collator("de", { numeric: true });

/** A Zuordnung as the tests write it: organisation, role and, for a time-limited one, the end date. */
type Z = [organisationId: string, rolleId: string, befristung?: string];

// Every behaviour runs against both imitated upstream versions; where the answers differ, the test says which.
describe.each(API_VERSIONS)("Personenkontext-Workflow (Upstream-Version %s)", (version) => {
  let upstream: TestUpstream;
  let landesadmin: Browser;
  let landesadminGold: Browser;
  let schuladmin: Browser;
  let schuladminGold: Browser;
  let lehrkraftGold: Browser;
  let schuladminbcGold: Browser;
  const errors = errorBodies(version);

  beforeAll(async () => {
    upstream = await startTestUpstream({ apiVersion: version });
    [landesadmin, landesadminGold, schuladmin, schuladminGold, lehrkraftGold, schuladminbcGold] = await Promise.all([
      loggedIn(upstream.app, "landesadmin"),
      loggedIn(upstream.app, "landesadmin", "gold"),
      loggedIn(upstream.app, "schuladmin"),
      loggedIn(upstream.app, "schuladmin", "gold"),
      loggedIn(upstream.app, "lehrkraft", "gold"),
      loggedIn(upstream.app, "schuladminbc", "gold"),
    ]);
  });
  afterAll(() => upstream.close());

  const db = () => upstream.handle.db;
  const expectKey = async (response: Response, i18nKey: string, code = 400) => {
    expect(response.status).toBe(code);
    expect(await response.json()).toEqual({ i18nKey, code });
  };

  /** A new person with these Zuordnungen (created long ago), with a login account. */
  async function newPerson(zuordnungen: Z[], options: { personalnummer?: string; daysAgo?: number } = {}) {
    const personId = newId();
    const accountId = newId();
    const created = new Date(Date.now() - (options.daysAgo ?? 30) * DAY_MS);
    await db()
      .insert(identityAccount)
      .values({ id: accountId, username: `wf${personId.slice(0, 8)}`, passwordHash: "x" });
    await db()
      .insert(person)
      .values({
        id: personId,
        keycloakUserId: accountId,
        username: `wf${personId.slice(0, 8)}`,
        mandant: MANDANT_ID,
        vorname: "Wiebke",
        familienname: "Werkstatt",
        personalnummer: options.personalnummer ?? null,
        createdAt: created,
        updatedAt: created,
      });
    for (const [organisationId, rolle, befristung] of zuordnungen) {
      await db()
        .insert(personenkontext)
        .values({
          id: newId(),
          personId,
          organisationId,
          rolleId: rolle,
          befristung: befristung ? new Date(befristung) : null,
          createdAt: created,
          updatedAt: created,
        });
    }
    return personId;
  }

  const uebersicht = async (personId: string) => {
    const response = await landesadmin.get(`/api/dbiam/personenuebersicht/${personId}`);
    expect(response.status).toBe(200);
    return PersonenuebersichtResponse.parse(await response.json());
  };
  const bodyOf = (personId: string, zuordnungen: Z[], basis: { count: number; lastModified?: string | null }) => ({
    ...(basis.lastModified ? { lastModified: basis.lastModified } : {}),
    count: basis.count,
    personenkontexte: zuordnungen.map(([organisationId, rolle, befristung]) => ({
      personId,
      organisationId,
      rolleId: rolle,
      ...(befristung ? { befristung } : {}),
    })),
  });
  const put = (browser: Browser, personId: string, body: unknown, personalnummer?: string) =>
    browser.json(
      "PUT",
      `/api/personenkontext-workflow/${personId}${personalnummer === undefined ? "" : `?${new URLSearchParams({ personalnummer }).toString()}`}`,
      body,
    );
  /** Sends the complete new set, based on the Personenübersicht as the portal reads it right before. */
  const save = async (browser: Browser, personId: string, zuordnungen: Z[], personalnummer?: string) => {
    const current = await uebersicht(personId);
    return put(
      browser,
      personId,
      bodyOf(personId, zuordnungen, { count: current.zuordnungen.length, lastModified: current.lastModifiedZuordnungen }),
      personalnummer,
    );
  };
  const current = async (personId: string): Promise<Z[]> =>
    (await uebersicht(personId)).zuordnungen.map((z) => (z.befristung ? [z.sskId, z.rolleId, z.befristung] : [z.sskId, z.rolleId]));
  const kontextRows = (personId: string) => db().select().from(personenkontext).where(eq(personenkontext.personId, personId));
  const personRow = async (personId: string) => (await db().select().from(person).where(eq(person.id, personId)))[0];
  const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

  describe("GET /api/personenkontext-workflow/step", () => {
    const step = async (browser: Browser, query: Query) => {
      const response = await browser.get(`/api/personenkontext-workflow/step?${upstreamSearchParams(query).toString()}`);
      expect(response.status).toBe(200);
      const raw = (await response.json()) as Record<string, unknown>;
      return { raw, body: PersonenkontextWorkflowResponse.parse(raw) };
    };
    const names = (list: Array<{ name: string }>) => list.map((item) => item.name);
    const BEARBEITEN = { operationContext: "PERSON_BEARBEITEN" } as const;

    it("verlangt eine Anmeldung und einen gültigen operationContext, aber keine zweite Stufe", async () => {
      await errors.unauthorized(await upstream.app.request("/api/personenkontext-workflow/step?operationContext=PERSON_BEARBEITEN"));
      await errors.validation(await landesadmin.get("/api/personenkontext-workflow/step"), "required", "operationContext");
      await errors.validation(
        await landesadmin.get("/api/personenkontext-workflow/step?operationContext=LOESCHEN"),
        "enum",
        "operationContext",
      );
      await errors.validation(
        await landesadmin.get(`/api/personenkontext-workflow/step?operationContext=PERSON_BEARBEITEN&organisationId=keine-uuid`),
        "other",
        "organisationId",
      );
      await errors.validation(
        await landesadmin.get(`/api/personenkontext-workflow/step?operationContext=PERSON_BEARBEITEN&rollenIds=${LIV}&rollenIds=${LIV}`),
        "other",
        "rollenIds",
      );
      const { body } = await step(landesadmin, BEARBEITEN);
      expect(body.organisations.length).toBeGreaterThan(0);
    });

    it("die Landesadministratorin bekommt Organisationen ohne Klassen, nach Kennung und Name sortiert, ohne Auswahl keine Rollen", async () => {
      const { raw, body } = await step(landesadmin, BEARBEITEN);
      expect(body.organisations.every((o) => o.typ !== "KLASSE")).toBe(true);
      expect(body.organisations.map((o) => o.id)).toEqual(expect.arrayContaining([DEMO_IDS.root, DEMO_IDS.traegerStadt, A, B, C]));
      const titles = body.organisations.map((o) => (o.kennung ? `${o.kennung} (${o.name})` : o.name));
      expect(titles).toEqual([...titles].sort(germanOrder.compare));
      expect(body.rollen).toEqual([]);
      expect(body.canCommit).toBe(false);
      expect(raw).not.toHaveProperty("selectedOrganisation");
      expect(raw).not.toHaveProperty("selectedRollen");
    });

    it("sucht Organisationen nach Name oder Kennung (ohne Groß-/Kleinschreibung) und begrenzt die Liste", async () => {
      expect((await step(landesadmin, { ...BEARBEITEN, organisationName: "hafenKANTE" })).body.organisations.map((o) => o.id)).toEqual([C]);
      expect((await step(landesadmin, { ...BEARBEITEN, organisationName: "0710015" })).body.organisations.map((o) => o.id)).toEqual([C]);
      // a LIKE wildcard is an ordinary character
      expect((await step(landesadmin, { ...BEARBEITEN, organisationName: "%" })).body.organisations).toEqual([]);
      expect((await step(landesadmin, { ...BEARBEITEN, limit: 3 })).body.organisations).toHaveLength(3);
    });

    it("der Schuladministrator sieht nur seine Schule; eine ausgewählte fremde Organisation wird einmal dazugenommen", async () => {
      expect((await step(schuladmin, BEARBEITEN)).body.organisations.map((o) => o.id)).toEqual([A]);
      const mitC = await step(schuladmin, { ...BEARBEITEN, organisationId: C });
      expect(mitC.body.organisations.map((o) => o.id).sort()).toEqual([A, C].sort());
      expect((await step(schuladmin, { ...BEARBEITEN, organisationId: A })).body.organisations.map((o) => o.id)).toEqual([A]);
      // ... but he gets no roles there and cannot commit
      const rollenAnC = await step(schuladmin, { ...BEARBEITEN, organisationId: C, rollenIds: [LEHRKRAFT] });
      expect(rollenAnC.body.rollen.map((r) => r.id)).toEqual([]);
      expect(rollenAnC.body.canCommit).toBe(false);
    });

    it("eine Lehrkraft ohne Verwaltungsrecht bekommt leere Listen und darf nichts speichern", async () => {
      const { body } = await step(lehrkraftGold, { ...BEARBEITEN, organisationId: A, rollenIds: [LEHRKRAFT] });
      expect(body.organisations).toEqual([]);
      expect(body.rollen).toEqual([]);
      expect(body.canCommit).toBe(false);
    });

    it("bietet einer Lehrkraft an ihrer Schule die Lehrerrollen an, die dort vergeben werden dürfen, nach Namen sortiert", async () => {
      const { body, raw } = await step(landesadmin, { ...BEARBEITEN, organisationId: A, personId: DEMO_IDS.personLehrkraft });
      const expected = ROLLEN.filter(
        (r) => r.rollenart === "LEHR" && !r.istTechnisch && [DEMO_IDS.root, DEMO_IDS.landOeffentlich, A].includes(r.owner),
      )
        .map((r) => r.name)
        .sort(germanOrder.compare);
      expect(names(body.rollen)).toEqual(expected);
      expect(names(body.rollen)).not.toContain("Ersatzschullehrkraft");
      expect(raw.selectedOrganisation).toBe(A);
      const liv = body.rollen.find((r) => r.id === LIV);
      expect(liv).toMatchObject({ rollenart: "LEHR", merkmale: ["BEFRISTUNG_PFLICHT", "KOPERS_PFLICHT"], systemrechte: [] });
      expect((raw.rollen as Array<Record<string, unknown>>)[0]).toEqual(
        expect.objectContaining({ createdAt: expect.any(String), updatedAt: expect.any(String), version: 1 }),
      );
    });

    it("einem Schüler bietet sie an seiner Klasse nur Schülerrollen an", async () => {
      const { body } = await step(landesadmin, {
        ...BEARBEITEN,
        organisationId: DEMO_IDS.klasseMitSchueler,
        personId: DEMO_IDS.personSchueler,
      });
      expect(names(body.rollen)).toEqual(["itslearning-Schulbegleitung", "itslearning-Schüler", "Webuntis-Schüler"]);
    });

    it("ohne Person richtet sich das Angebot nach der Organisationsart, je nach Version", async () => {
      const { body } = await step(landesadmin, { ...BEARBEITEN, organisationId: A });
      const arten = new Set(body.rollen.map((r) => r.rollenart));
      if (version === "current") expect(arten).toEqual(new Set(["LEIT", "LEHR", "LERN"]));
      else expect(arten).toEqual(new Set(["LEIT", "LEHR", "LERN", "EXTERN", "ORGADMIN"]));
      const anTraeger = await step(landesadmin, { ...BEARBEITEN, organisationId: DEMO_IDS.traegerStadt });
      if (version === "current") expect(names(anTraeger.body.rollen)).toContain("Lehrkraft");
      else expect(new Set(anTraeger.body.rollen.map((r) => r.rollenart))).toEqual(new Set(["EXTERN", "ORGADMIN"]));
    });

    it("sucht Rollen nach Namen; mit limit kommen die ausgewählten zuerst", async () => {
      const { body } = await step(landesadmin, {
        ...BEARBEITEN,
        organisationId: A,
        personId: DEMO_IDS.personLehrkraft,
        rolleName: "LEHRKRAFT",
      });
      expect(names(body.rollen)).toEqual(["Ev./Kat. Religionslehrkraft", "itslearning-Lehrkraft", "Lehrkraft", "Vertretungslehrkraft"]);
      const limited = await step(landesadmin, {
        ...BEARBEITEN,
        organisationId: A,
        personId: DEMO_IDS.personLehrkraft,
        rollenIds: [VERTRETUNG],
        limit: 2,
      });
      expect(names(limited.body.rollen)).toEqual(["Vertretungslehrkraft", "Ev./Kat. Religionslehrkraft"]);
      expect(limited.raw.selectedRollen).toEqual([VERTRETUNG]);
    });

    it("für eine Person, die der Aufrufer nicht verwalten darf, gibt es keine Rollen", async () => {
      const anC = demoPersonId("asoennichsen");
      const { body } = await step(schuladmin, { ...BEARBEITEN, organisationId: A, personId: anC });
      expect(body.rollen).toEqual([]);
      expect((await step(schuladmin, { ...BEARBEITEN, organisationId: A, personId: anC, rollenIds: [LEHRKRAFT] })).body.canCommit).toBe(
        false,
      );
    });

    it("canCommit: Rolle passt zur Organisation, und der Aufrufer hat dort das Recht des Vorgangs", async () => {
      const can = async (browser: Browser, query: Query) => (await step(browser, query)).body.canCommit;
      expect(await can(landesadmin, { ...BEARBEITEN, organisationId: A, rollenIds: [LEHRKRAFT], personId: DEMO_IDS.personLehrkraft })).toBe(
        true,
      );
      expect(await can(schuladmin, { ...BEARBEITEN, organisationId: A, rollenIds: [LIV, LEHRKRAFT] })).toBe(true);
      expect(await can(schuladmin, { ...BEARBEITEN, organisationId: A })).toBe(false);
      // a teacher role at a class, a role owned by another subtree, an unknown role
      expect(await can(landesadmin, { ...BEARBEITEN, organisationId: DEMO_IDS.klasseMitSchueler, rollenIds: [LEHRKRAFT] })).toBe(false);
      expect(await can(landesadmin, { ...BEARBEITEN, organisationId: A, rollenIds: [rolleId("ersatzschullehrkraft")] })).toBe(false);
      expect(await can(landesadmin, { ...BEARBEITEN, organisationId: A, rollenIds: [UNKNOWN_ID] })).toBe(false);
      expect(await can(landesadmin, { ...BEARBEITEN, organisationId: UNKNOWN_ID, rollenIds: [LEHRKRAFT] })).toBe(false);
      // creating: PERSONEN_ANLEGEN, or the limited right for pupils only
      const ANLEGEN = { operationContext: "PERSON_ANLEGEN" } as const;
      expect(await can(landesadmin, { ...ANLEGEN, organisationId: A, rollenIds: [LEHRKRAFT] })).toBe(true);
      expect(await can(schuladmin, { ...ANLEGEN, organisationId: A, rollenIds: [SCHUELER] })).toBe(true);
      expect(await can(schuladmin, { ...ANLEGEN, organisationId: A, rollenIds: [LEHRKRAFT] })).toBe(false);
    });

    it("eingeschränktes Anlegen bietet nur Schüler- und Externenrollen an", async () => {
      const { body } = await step(schuladmin, {
        operationContext: "PERSON_ANLEGEN",
        organisationId: A,
        requestedWithSystemrecht: "EINGESCHRAENKT_NEUE_BENUTZER_ERSTELLEN",
      });
      const arten = new Set(body.rollen.map((r) => r.rollenart));
      expect(arten).toEqual(version === "current" ? new Set(["LERN"]) : new Set(["LERN", "EXTERN"]));
    });

    it("Listen als Klammerform (rollenIds[]=…) liest nur der festgeschriebene Upstream", async () => {
      const { raw } = await step(landesadmin, { ...BEARBEITEN, organisationId: A, "rollenIds[]": LEHRKRAFT });
      if (version === "current") expect(raw).not.toHaveProperty("selectedRollen");
      else expect(raw.selectedRollen).toEqual([LEHRKRAFT]);
    });
  });

  describe("PUT /api/personenkontext-workflow/{personId}", () => {
    it("verlangt eine Anmeldung, das CSRF-Token (aktuell) und die zweite Stufe", async () => {
      const personId = await newPerson([[A, LEHRKRAFT]]);
      const basis = await uebersicht(personId);
      const body = bodyOf(personId, [[A, LEHRKRAFT]], { count: 1, lastModified: basis.lastModifiedZuordnungen });
      await errors.unauthorized(
        await upstream.app.request(`/api/personenkontext-workflow/${personId}`, {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
      await expectKey(await put(landesadmin, personId, body), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403);
      const withoutToken = await landesadminGold.request(`/api/personenkontext-workflow/${personId}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      if (version === "current") {
        expect(withoutToken.status).toBe(400);
        expect(await withoutToken.json()).toEqual({ message: "Invalid or missing CSRF token", error: "Bad Request", statusCode: 400 });
      } else {
        expect(withoutToken.status).toBe(200);
      }
    });

    it("prüft den Körper: count fehlt, keine UUID, Befristung kein Datum", async () => {
      const personId = await newPerson([[A, LEHRKRAFT]]);
      await errors.validation(await put(landesadminGold, personId, { personenkontexte: [] }), "required", "count");
      await errors.validation(await put(landesadminGold, personId, { count: 1 }), "required", "personenkontexte");
      await errors.validation(
        await put(landesadminGold, personId, { count: 1, personenkontexte: [{ personId, organisationId: "A", rolleId: LEHRKRAFT }] }),
        "other",
        "personenkontexte.organisationId",
      );
      const badDate = await put(landesadminGold, personId, {
        count: 1,
        personenkontexte: [{ personId, organisationId: A, rolleId: LEHRKRAFT, befristung: "31.07.2030" }],
      });
      expect(badDate.status).toBe(400);
      expect(await badDate.json()).toMatchObject(version === "current" ? { i18nKey: "INVALID_DATE" } : { subcode: "09" });
      expect(await current(personId)).toEqual([[A, LEHRKRAFT]]);
    });

    it("fügt einer Lehrkraft eine befristete Zuordnung hinzu und antwortet mit allen Zuordnungen danach", async () => {
      const personId = await newPerson([[A, LEHRKRAFT]], { personalnummer: `47${personId4()}` });
      const [vorher] = await kontextRows(personId);
      const before = await uebersicht(personId);
      const ende = inDays(200);
      const response = await save(landesadminGold, personId, [
        [A, LEHRKRAFT],
        [A, VERTRETUNG, ende],
      ]);
      expect(response.status).toBe(200);
      const raw = (await response.json()) as { dBiamPersonenkontextResponses: Array<Record<string, unknown>> };
      expect(raw.dBiamPersonenkontextResponses).toEqual([
        { personId, organisationId: A, rolleId: LEHRKRAFT, ...(version === "pinned" ? { befristung: null } : {}) },
        { personId, organisationId: A, rolleId: VERTRETUNG, befristung: ende },
      ]);
      expect(PersonenkontexteUpdateResponse.parse(raw).dBiamPersonenkontextResponses).toHaveLength(2);
      // the unchanged Zuordnung keeps its id; the Personenübersicht shows the new state and a newer lastModified
      expect((await kontextRows(personId)).map((row) => row.id)).toContain(vorher?.id);
      const after = await uebersicht(personId);
      expect(after.zuordnungen.map((z) => [z.rolleId, z.befristung ?? null])).toEqual([
        [LEHRKRAFT, null],
        [VERTRETUNG, ende],
      ]);
      expect(Date.parse(after.lastModifiedZuordnungen ?? "")).toBeGreaterThan(Date.parse(before.lastModifiedZuordnungen ?? ""));
    });

    it("eine geänderte Befristung ist eine neue Zuordnung (neue Id, neue Erstellungszeit)", async () => {
      const alt = inDays(40);
      const personId = await newPerson([[A, LIV, alt]], { personalnummer: `47${personId4()}` });
      const [vorher] = await kontextRows(personId);
      const neu = inDays(300);
      expect((await save(landesadminGold, personId, [[A, LIV, neu]])).status).toBe(200);
      const [nachher] = await kontextRows(personId);
      expect(nachher?.id).not.toBe(vorher?.id);
      expect(nachher?.befristung?.toISOString()).toBe(neu);
      expect(nachher?.createdAt.getTime()).toBeGreaterThan(vorher?.createdAt.getTime() ?? 0);
      // the same set once more changes nothing
      expect((await save(landesadminGold, personId, [[A, LIV, neu]])).status).toBe(200);
      expect((await kontextRows(personId)).map((row) => row.id)).toEqual([nachher?.id]);
    });

    it("ohne letzte Zuordnung beginnt die Löschfrist; mit einer neuen endet sie", async () => {
      const personId = await newPerson([[A, LEHRKRAFT]]);
      const response = await save(landesadminGold, personId, []);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ dBiamPersonenkontextResponses: [] });
      const ohne = await personRow(personId);
      expect(ohne?.orgUnassignmentDate).toBeInstanceOf(Date);
      // no Zuordnung: count 0, no lastModified
      expect((await put(landesadminGold, personId, bodyOf(personId, [[B, LEHRKRAFT]], { count: 0 }))).status).toBe(200);
      expect((await personRow(personId))?.orgUnassignmentDate).toBeNull();
    });

    it("COUNT_MISMATCHING, wenn sich die Zahl der Zuordnungen inzwischen geändert hat", async () => {
      const personId = await newPerson([[A, LEHRKRAFT]]);
      const basis = await uebersicht(personId);
      await expectKey(
        await put(landesadminGold, personId, bodyOf(personId, [], { count: 2, lastModified: basis.lastModifiedZuordnungen })),
        "COUNT_MISMATCHING",
      );
      expect(await current(personId)).toEqual([[A, LEHRKRAFT]]);
    });

    it("NEWER_VERSION_OF_PERSONENKONTEXTE_AVAILABLE bei veraltetem oder fehlendem lastModified", async () => {
      const personId = await newPerson([[A, LEHRKRAFT]]);
      const basis = await uebersicht(personId);
      const older = new Date(Date.parse(basis.lastModifiedZuordnungen ?? "") - 1).toISOString();
      await expectKey(
        await put(landesadminGold, personId, bodyOf(personId, [], { count: 1, lastModified: older })),
        "NEWER_VERSION_OF_PERSONENKONTEXTE_AVAILABLE",
      );
      await expectKey(
        await put(landesadminGold, personId, bodyOf(personId, [], { count: 1 })),
        "NEWER_VERSION_OF_PERSONENKONTEXTE_AVAILABLE",
      );
      expect(await current(personId)).toEqual([[A, LEHRKRAFT]]);
    });

    it("von zwei Änderungen auf demselben Stand gelingt nur die erste", async () => {
      const alt = inDays(40);
      const personId = await newPerson([[A, LIV, alt]], { personalnummer: `47${personId4()}` });
      const basis = await uebersicht(personId);
      const stand = { count: 1, lastModified: basis.lastModifiedZuordnungen };
      const [erste, zweite] = await Promise.all([
        put(landesadminGold, personId, bodyOf(personId, [[A, LIV, inDays(100)]], stand)),
        put(schuladminGold, personId, bodyOf(personId, [[A, LIV, inDays(200)]], stand)),
      ]);
      const statuses = [erste.status, zweite.status].sort();
      expect(statuses).toEqual([200, 400]);
      const refused = erste.status === 400 ? erste : zweite;
      expect(await refused.json()).toEqual({ i18nKey: "NEWER_VERSION_OF_PERSONENKONTEXTE_AVAILABLE", code: 400 });
      expect(await kontextRows(personId)).toHaveLength(1);
    });

    it("PERSON_ID_MISMATCH, wenn ein Eintrag eine andere Person nennt", async () => {
      const personId = await newPerson([[A, LEHRKRAFT]]);
      const basis = await uebersicht(personId);
      const body = bodyOf(DEMO_IDS.personLehrkraft, [[A, LEHRKRAFT]], { count: 1, lastModified: basis.lastModifiedZuordnungen });
      await expectKey(await put(landesadminGold, personId, body), "PERSON_ID_MISMATCH");
    });

    it("PERSON_NOT_FOUND für eine unbekannte Person (auch eine Id, die keine UUID ist)", async () => {
      await expectKey(await put(landesadminGold, UNKNOWN_ID, bodyOf(UNKNOWN_ID, [], { count: 0 })), "PERSON_NOT_FOUND");
      await expectKey(await put(landesadminGold, "keine-uuid", bodyOf("keine-uuid", [], { count: 0 })), "PERSON_NOT_FOUND");
    });

    it("eine unbekannte Rolle oder Organisation: nicht gefunden (404)", async () => {
      const personId = await newPerson([[A, LEHRKRAFT]]);
      await errors.entityNotFound(
        await save(landesadminGold, personId, [
          [A, LEHRKRAFT],
          [A, UNKNOWN_ID],
        ]),
      );
      await errors.entityNotFound(
        await save(landesadminGold, personId, [
          [A, LEHRKRAFT],
          [UNKNOWN_ID, LEHRKRAFT],
        ]),
      );
    });

    it("alle Rollen einer Person haben dieselbe Rollenart wie ihre bisherigen (INVALID_PERSONENKONTEXT_FOR_PERSON_WITH_ROLLENART_LERN)", async () => {
      const lehrerin = await newPerson([[A, LEHRKRAFT]]);
      const pupil: Z[] = [
        [A, SCHUELER],
        [klasse("schule-a", "6a"), SCHUELER],
      ];
      const key = "INVALID_PERSONENKONTEXT_FOR_PERSON_WITH_ROLLENART_LERN";
      await expectKey(await save(landesadminGold, lehrerin, [[A, LEHRKRAFT], ...pupil]), key);
      // also when every old role is replaced at once
      await expectKey(await save(landesadminGold, lehrerin, pupil), key);
      await expectKey(await save(landesadminGold, lehrerin, [[A, SCHULADMIN]]), key);
      // without Zuordnungen, the new ones must share one rollenart
      const ohne = await newPerson([]);
      await expectKey(await save(landesadminGold, ohne, [[A, LEHRKRAFT], ...pupil]), key);
      expect((await save(landesadminGold, ohne, pupil)).status).toBe(200);
    });

    it("ein Schüler braucht eine Klasse: fest LERN_HAT_KEINE_KLASSE, aktuell LERN_NOT_AT_SCHULE_AND_KLASSE", async () => {
      const schueler = await newPerson([
        [A, SCHUELER],
        [klasse("schule-a", "6a"), SCHUELER],
      ]);
      await expectKey(
        await save(landesadminGold, schueler, [[A, SCHUELER]]),
        version === "pinned" ? "LERN_HAT_KEINE_KLASSE" : "LERN_NOT_AT_SCHULE_AND_KLASSE",
      );
      expect(await current(schueler)).toHaveLength(2);
    });

    it("eine Klasse nur mit derselben Rolle an ihrer Schule; auch keine Klasse einer anderen Schule", async () => {
      const schueler = await newPerson([
        [A, SCHUELER],
        [klasse("schule-a", "6a"), SCHUELER],
      ]);
      const pinnedOr = (current: string) => (version === "pinned" ? "GLEICHE_ROLLE_AN_KLASSE_WIE_SCHULE" : current);
      // the class without the school
      await expectKey(
        await save(landesadminGold, schueler, [[klasse("schule-a", "6a"), SCHUELER]]),
        pinnedOr("LERN_NOT_AT_SCHULE_AND_KLASSE"),
      );
      // a class of another school
      await expectKey(
        await save(landesadminGold, schueler, [
          [A, SCHUELER],
          [klasse("schule-c", "7a"), SCHUELER],
        ]),
        pinnedOr("LERN_NOT_AT_SCHULE_AND_KLASSE"),
      );
      // another role at the class than at the school
      await expectKey(
        await save(landesadminGold, schueler, [
          [A, SCHUELER],
          [klasse("schule-a", "6a"), SCHUELER],
          [klasse("schule-a", "6b"), WEBUNTIS_SCHUELER],
        ]),
        pinnedOr("LERN_NOT_AT_SCHULE_AND_KLASSE"),
      );
      // a teacher at a class of a school where he does not teach with that role
      const lehrer = await newPerson([[A, LEHRKRAFT]], { personalnummer: `47${personId4()}` });
      await expectKey(
        await save(landesadminGold, lehrer, [
          [A, LEHRKRAFT],
          [klasse("schule-c", "7a"), LEHRKRAFT],
        ]),
        "GLEICHE_ROLLE_AN_KLASSE_WIE_SCHULE",
      );
      expect(await current(schueler)).toHaveLength(2);
    });

    it("nur Lehrer- und Schülerrollen an einer Klasse (NUR_LEHR_UND_LERN_AN_KLASSE)", async () => {
      const extern = await newPerson([[DEMO_IDS.traegerStadt, EXTERNE_FACHKRAFT]]);
      await expectKey(
        await save(landesadminGold, extern, [
          [DEMO_IDS.traegerStadt, EXTERNE_FACHKRAFT],
          [klasse("schule-a", "6a"), EXTERNE_FACHKRAFT],
        ]),
        "NUR_LEHR_UND_LERN_AN_KLASSE",
      );
    });

    it("dieselbe Schülerrolle nur einmal unter den Klassen einer Schule (DUPLICATE_KLASSENKONTEXT_FOR_SAME_ROLLE)", async () => {
      const schueler = await newPerson([
        [A, SCHUELER],
        [klasse("schule-a", "6a"), SCHUELER],
      ]);
      await expectKey(
        await save(landesadminGold, schueler, [
          [A, SCHUELER],
          [klasse("schule-a", "6a"), SCHUELER],
          [klasse("schule-a", "6b"), SCHUELER],
        ]),
        "DUPLICATE_KLASSENKONTEXT_FOR_SAME_ROLLE",
      );
    });

    it("ein Schüler wechselt die Klasse an seiner Schule und bekommt eine zweite Schülerrolle samt Klasse", async () => {
      const schueler = await newPerson([
        [A, SCHUELER],
        [klasse("schule-a", "6a"), SCHUELER],
      ]);
      expect(
        (
          await save(schuladminGold, schueler, [
            [A, SCHUELER],
            [klasse("schule-a", "6b"), SCHUELER],
          ])
        ).status,
      ).toBe(200);
      expect(
        (
          await save(schuladminGold, schueler, [
            [A, SCHUELER],
            [klasse("schule-a", "6b"), SCHUELER],
            [A, WEBUNTIS_SCHUELER],
            [klasse("schule-a", "6b"), WEBUNTIS_SCHUELER],
          ])
        ).status,
      ).toBe(200);
      const sorted = (list: Z[]) => list.map((z) => z.join("|")).sort();
      expect(sorted(await current(schueler))).toEqual(
        sorted([
          [A, SCHUELER],
          [klasse("schule-a", "6b"), SCHUELER],
          [A, WEBUNTIS_SCHUELER],
          [klasse("schule-a", "6b"), WEBUNTIS_SCHUELER],
        ]),
      );
    });

    it("eine Rolle mit Befristungspflicht braucht ein Ende; der Schlüssel beginnt wirklich mit einem Leerzeichen", async () => {
      const personId = await newPerson([[A, LEHRKRAFT]], { personalnummer: `47${personId4()}` });
      const response = await save(landesadminGold, personId, [
        [A, LEHRKRAFT],
        [A, LIV],
      ]);
      await expectKey(response, " BEFRISTUNG_REQUIRED_FOR_PERSONENKONTEXT");
      // an end date in the past is not refused by the upstream; the portal refuses it in its form
      expect(
        (
          await save(landesadminGold, personId, [
            [A, LEHRKRAFT],
            [A, LIV, new Date(Date.now() - DAY_MS).toISOString()],
          ])
        ).status,
      ).toBe(200);
    });

    it("der Schuladministrator ändert nur an seiner Schule; fremde Zuordnungen bleiben unangetastet erhalten", async () => {
      const personId = await newPerson([
        [A, LEHRKRAFT],
        [C, LEHRKRAFT],
      ]);
      // removing or adding at C: refused (R: the not-found of a missing right instead of the upstream's 500)
      await errors.missingPermissions(await save(schuladminGold, personId, [[A, LEHRKRAFT]]));
      await errors.missingPermissions(
        await save(schuladminGold, personId, [
          [A, LEHRKRAFT],
          [C, LEHRKRAFT],
          [C, LIV, inDays(30)],
        ]),
      );
      // changing at A while keeping C as it is: fine
      expect(
        (
          await save(schuladminGold, personId, [
            [A, LEHRKRAFT],
            [C, LEHRKRAFT],
            [A, VERTRETUNG, inDays(30)],
          ])
        ).status,
      ).toBe(200);
      expect(await current(personId)).toHaveLength(3);
      // a person only at C: not his to change at all
      const nurC = await newPerson([[C, LEHRKRAFT]]);
      await errors.missingPermissions(
        await save(schuladminGold, nurC, [
          [C, LEHRKRAFT],
          [A, LEHRKRAFT],
        ]),
      );
      // a teacher without any right
      await errors.missingPermissions(await save(lehrkraftGold, nurC, []));
      expect(await current(nurC)).toEqual([[C, LEHRKRAFT]]);
    });

    it("speichert die mitgeschickte KoPers-Nummer, erhöht die Revision und hebt eine KoPers-Sperre auf", async () => {
      const personId = await newPerson([[A, rolleId("religionslehrkraft")]], { daysAgo: 80 });
      const [row] = await db().select().from(person).where(eq(person.id, personId));
      await db().insert(userLock).values({ personId, lockedBy: "Cron", lockedOccasion: "KOPERS_GESPERRT" });
      await db()
        .update(identityAccount)
        .set({ enabled: false })
        .where(eq(identityAccount.id, row?.keycloakUserId ?? ""));
      const nummer = `48${personId4()}`;
      const response = await save(
        landesadminGold,
        personId,
        [
          [A, rolleId("religionslehrkraft")],
          [A, LEHRKRAFT],
        ],
        nummer,
      );
      expect(response.status).toBe(200);
      const after = await personRow(personId);
      expect(after).toMatchObject({ personalnummer: nummer, revision: (row?.revision ?? 0) + 1 });
      expect(after?.updatedAt.getTime()).toBeGreaterThan(row?.updatedAt.getTime() ?? 0);
      expect(await db().select().from(userLock).where(eq(userLock.personId, personId))).toEqual([]);
      const [account] = await db()
        .select({ enabled: identityAccount.enabled })
        .from(identityAccount)
        .where(eq(identityAccount.id, row?.keycloakUserId ?? ""));
      expect(account?.enabled).toBe(true);
      // without the number the change is stored as well: the KoPers timer takes care of it later
      const ohne = await newPerson([[A, rolleId("religionslehrkraft")]]);
      expect(
        (
          await save(landesadminGold, ohne, [
            [A, rolleId("religionslehrkraft")],
            [A, LEHRKRAFT],
          ])
        ).status,
      ).toBe(200);
      expect((await personRow(ohne))?.personalnummer).toBeNull();
    });

    it("eine KoPers-Nummer einer anderen Person: PERSONALNUMMER_NICHT_EINDEUTIG, und nichts ändert sich", async () => {
      const personId = await newPerson([[A, rolleId("religionslehrkraft")]]);
      const response = await save(
        landesadminGold,
        personId,
        [
          [A, rolleId("religionslehrkraft")],
          [A, LEHRKRAFT],
        ],
        "4711002",
      );
      await expectKey(response, "PERSONALNUMMER_NICHT_EINDEUTIG");
      expect(await current(personId)).toEqual([[A, rolleId("religionslehrkraft")]]);
      expect((await personRow(personId))?.personalnummer).toBeNull();
      // leading or trailing spaces: an unmapped 500 upstream
      await errors.internal(await save(landesadminGold, personId, [[A, rolleId("religionslehrkraft")]], " 4799999"));
      // an empty number counts as none
      expect((await save(landesadminGold, personId, [[A, rolleId("religionslehrkraft")]], "")).status).toBe(200);
    });

    it("meldet die Änderung als Ereignis PersonenkontextUpdated", async () => {
      const personId = await newPerson([[A, LEHRKRAFT]]);
      const log = vi.spyOn(console, "info").mockImplementation(() => {});
      try {
        expect(
          (
            await save(landesadminGold, personId, [
              [A, LEHRKRAFT],
              [A, VERTRETUNG, inDays(10)],
            ])
          ).status,
        ).toBe(200);
        const lines = log.mock.calls.map((call) => String(call[0])).filter((line) => line.includes("PersonenkontextUpdated"));
        expect(lines).toHaveLength(1);
        expect(lines[0]).toContain(personId);
        expect(lines[0]).toContain(`${A}/${VERTRETUNG}`);
      } finally {
        log.mockRestore();
      }
    });
  });

  describe("Demo-Personen der Zuordnungs-Journeys", () => {
    it.each(Object.entries(E2E_ZUORDNUNGEN_PERSONEN))(
      "Projekt %s: jede Person gibt es, an Gymnasium Hafenkante, von schuladminbc änderbar",
      async (_project, set) => {
        for (const username of Object.values(set)) {
          const personId = demoPersonId(username);
          const zuordnungen = await current(personId);
          expect(zuordnungen.length, username).toBeGreaterThan(0);
          const schools = await db()
            .select({ id: organisation.id })
            .from(personenkontext)
            .innerJoin(organisation, eq(organisation.id, personenkontext.organisationId))
            .where(and(eq(personenkontext.personId, personId), eq(organisation.typ, "SCHULE")));
          expect(schools.map((s) => s.id)).toEqual([C]);
          // the stored set satisfies every rule: saving it unchanged succeeds and changes nothing
          const ids = (await kontextRows(personId)).map((row) => row.id).sort();
          expect((await save(schuladminbcGold, personId, zuordnungen)).status, username).toBe(200);
          expect((await kontextRows(personId)).map((row) => row.id).sort()).toEqual(ids);
        }
        expect((await personRow(demoPersonId(set.befristet)))?.personalnummer).not.toBeNull();
        expect((await personRow(demoPersonId(set.ohneKopers)))?.personalnummer).toBeNull();
        expect(await current(demoPersonId(set.befristet))).toEqual([[C, VERTRETUNG, expect.any(String)]]);
        expect(await current(demoPersonId(set.letzte))).toHaveLength(1);
        expect(await current(demoPersonId(set.schueler))).toHaveLength(2);
      },
    );
  });
});

let counter = 0;
/** Four digits for KoPers numbers unique within a run. */
function personId4() {
  counter += 1;
  return String(1000 + counter).padStart(4, "0") + String(Math.floor(Math.random() * 1000)).padStart(3, "0");
}
