import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  LandesbediensteterSearchResponse,
  LandesbediensteterWorkflowStepResponse,
  PersonenkontexteUpdateResponse,
  PersonenuebersichtResponse,
  type Query,
  upstreamSearchParams,
} from "../../upstream/contract/index.ts";
import { personenkontext, rolle, rolleSystemrecht, userLock } from "../../upstream/reference/db/schema.ts";
import { stableId } from "../../upstream/reference/lib/ids.ts";
import { demoPersonId } from "../../upstream/reference/seed/demo-persons.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { E2E_LANDESBEDIENSTETE } from "../../upstream/reference/seed/landesbedienstete.ts";
import { API_VERSIONS, Browser, type TestUpstream, errorBodies, loggedIn, startTestUpstream } from "./support.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const A = DEMO_IDS.schuleA;
const B = DEMO_IDS.schuleB;
const C = DEMO_IDS.schuleC;
const LEHRKRAFT = DEMO_IDS.rolleLehrkraft;
const SCHUELER = DEMO_IDS.rolleSchueler;
const LIV = stableId("rolle:liv");
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

// Every behaviour runs against both imitated upstream versions; where the answers differ, the test says which.
describe.each(API_VERSIONS)("Landesbedienstete (Upstream-Version %s)", (version) => {
  let upstream: TestUpstream;
  let schuladmin: Browser;
  let schuladminGold: Browser;
  let landesadminGold: Browser;
  let lehrkraftGold: Browser;
  const errors = errorBodies(version);

  beforeAll(async () => {
    upstream = await startTestUpstream({ apiVersion: version });
    [schuladmin, schuladminGold, landesadminGold, lehrkraftGold] = await Promise.all([
      loggedIn(upstream.app, "schuladmin"),
      loggedIn(upstream.app, "schuladmin", "gold"),
      loggedIn(upstream.app, "landesadmin", "gold"),
      loggedIn(upstream.app, "lehrkraft", "gold"),
    ]);
  });
  afterAll(() => upstream.close());

  const db = () => upstream.handle.db;
  const expectKey = async (response: Response, i18nKey: string, code = 400) => {
    expect(response.status).toBe(code);
    expect(await response.json()).toEqual({ i18nKey, code });
  };
  /** The validation 400 of the landesbediensteter controller: NestJS default body pinned, Dbiam body now. */
  const expectValidation = async (response: Response, currentKey = "VALIDATION_ERROR") => {
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(
      version === "pinned" ? { message: "validation error", statusCode: 400 } : { i18nKey: currentKey, code: 400 },
    );
  };

  describe("GET /api/personen/landesbediensteter", () => {
    const search = (browser: Browser, query: Query) =>
      browser.get(`/api/personen/landesbediensteter?${upstreamSearchParams(query).toString()}`);
    const hits = async (browser: Browser, query: Query) => {
      const response = await search(browser, query);
      expect(response.status).toBe(200);
      return LandesbediensteterSearchResponse.parse(await response.json());
    };
    const TADSEN = demoPersonId(E2E_LANDESBEDIENSTETE.finden);

    it("verlangt Anmeldung, zweite Stufe und das Recht irgendwo; ohne Recht eine 401 wie die Personenliste", async () => {
      await errors.unauthorized(await upstream.app.request("/api/personen/landesbediensteter?personalnummer=4712803"));
      await expectKey(await search(schuladmin, { personalnummer: "4712803" }), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403);
      const ohneRecht = await search(lehrkraftGold, { personalnummer: "4712803" });
      expect(ohneRecht.status).toBe(401);
      expect(await ohneRecht.json()).toEqual(
        version === "pinned"
          ? { message: "NOT_AUTHORIZED", error: "Unauthorized", statusCode: 401 }
          : { i18nKey: "UNAUTHORIZED", code: 401 },
      );
    });

    it("findet eine Lehrkraft einer anderen Schule per KoPers-Nummer, mit Personendaten und allen Zuordnungen", async () => {
      const [hit] = await hits(schuladminGold, { personalnummer: "4712803" });
      expect(hit).toEqual({
        ...hit,
        id: TADSEN,
        vorname: "Birgit",
        familienname: "Tadsen",
        username: "btadsen",
        personalnummer: "4712803",
        primaryEmailAddress: "birgit.tadsen@schule-sh.de",
      });
      expect(hit.personenkontexte).toHaveLength(2);
      expect(hit.personenkontexte).toEqual(
        expect.arrayContaining([
          {
            rolleId: LEHRKRAFT,
            rolleName: "Lehrkraft",
            organisationId: B,
            organisationName: "Grundschule Lindenweg",
            organisationDstNr: "0710008",
          },
          {
            rolleId: LEHRKRAFT,
            rolleName: "Lehrkraft",
            organisationId: C,
            organisationName: "Gymnasium Hafenkante",
            organisationDstNr: "0710015",
          },
        ]),
      );
      // KoPers number and username are trimmed
      expect((await hits(schuladminGold, { personalnummer: " 4712803 " })).map((p) => p.id)).toEqual([TADSEN]);
    });

    it("findet dieselbe Person per E-Mail-Adresse, Benutzername sowie Vor- und Nachname zusammen", async () => {
      expect((await hits(schuladminGold, { primaryEmailAddress: "birgit.tadsen@schule-sh.de" })).map((p) => p.id)).toEqual([TADSEN]);
      expect((await hits(schuladminGold, { username: " btadsen" })).map((p) => p.id)).toEqual([TADSEN]);
      expect((await hits(schuladminGold, { vorname: "Birgit", familienname: "Tadsen" })).map((p) => p.id)).toEqual([TADSEN]);
      // names: exact and case-sensitive
      expect(await hits(schuladminGold, { vorname: "birgit", familienname: "tadsen" })).toEqual([]);
    });

    it("die E-Mail-Suche vergleicht mit der Hauptadresse: die aktive vor einer abgeschalteten", async () => {
      const mueller = demoPersonId("jmuellerluedenscheidt");
      expect((await hits(schuladminGold, { primaryEmailAddress: "joerg.mueller-luedenscheidt@schule-sh.de" })).map((p) => p.id)).toEqual([
        mueller,
      ]);
      expect(await hits(schuladminGold, { primaryEmailAddress: "j.mueller@schule-sh.de" })).toEqual([]);
    });

    it("kein Treffer: eine leere Liste, auch für ein leeres Suchfeld", async () => {
      expect(await hits(schuladminGold, { personalnummer: "9999999" })).toEqual([]);
      const leer = await schuladminGold.get("/api/personen/landesbediensteter?username=");
      expect(await leer.json()).toEqual([]);
    });

    it("mehrere Treffer gleichen Namens: LANDESBEDIENSTETER_SEARCH_MULTIPLE_PERSONS_FOUND", async () => {
      await expectKey(await search(schuladminGold, E2E_LANDESBEDIENSTETE.gleicherName), "LANDESBEDIENSTETER_SEARCH_MULTIPLE_PERSONS_FOUND");
      // each of them alone by KoPers number
      expect((await hits(schuladminGold, { personalnummer: "4712804" })).map((p) => p.username)).toEqual(["hhamkens"]);
      expect((await hits(schuladminGold, { personalnummer: "4712805" })).map((p) => p.username)).toEqual(["hhamkens1"]);
    });

    it("keine oder mehrere Suchangaben, oder ein Name allein: LANDESBEDIENSTETER_SEARCH_NO_PERSON_FOUND", async () => {
      for (const query of [{}, { personalnummer: "4712803", username: "btadsen" }, { vorname: "Birgit" }, { familienname: "Tadsen" }]) {
        await expectKey(await search(schuladminGold, query), "LANDESBEDIENSTETER_SEARCH_NO_PERSON_FOUND");
      }
    });

    it("ohne KoPers-Nummer oder von Hand gesperrt gilt als kein Treffer; eine KoPers-Sperre nicht", async () => {
      await expectKey(
        await search(schuladminGold, { username: E2E_LANDESBEDIENSTETE.ohneKopers }),
        "LANDESBEDIENSTETER_SEARCH_NO_PERSON_FOUND",
      );
      await expectKey(await search(schuladminGold, { personalnummer: "4712806" }), "LANDESBEDIENSTETER_SEARCH_NO_PERSON_FOUND");
      await expectKey(
        await search(schuladminGold, { username: E2E_LANDESBEDIENSTETE.gesperrt }),
        "LANDESBEDIENSTETER_SEARCH_NO_PERSON_FOUND",
      );
      await db()
        .insert(userLock)
        .values({ personId: demoPersonId("hhamkens1"), lockedBy: "Cron", lockedOccasion: "KOPERS_GESPERRT" });
      expect((await hits(schuladminGold, { personalnummer: "4712805" })).map((p) => p.username)).toEqual(["hhamkens1"]);
    });
  });

  describe("GET /api/landesbediensteter/step", () => {
    const step = async (browser: Browser, query: Query) => {
      const response = await browser.get(`/api/landesbediensteter/step?${upstreamSearchParams(query).toString()}`);
      expect(response.status).toBe(200);
      return LandesbediensteterWorkflowStepResponse.parse(await response.json());
    };

    it("verlangt Anmeldung und zweite Stufe; Prüffehler im Format des Controllers", async () => {
      await errors.unauthorized(await upstream.app.request("/api/landesbediensteter/step"));
      await expectKey(await schuladmin.get("/api/landesbediensteter/step"), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403);
      await expectValidation(await schuladminGold.get("/api/landesbediensteter/step?organisationId=keine-uuid"));
    });

    it("der Schuladministrator bekommt seine Schule und ihre Rollen; speichern darf er die passenden", async () => {
      expect((await step(schuladminGold, {})).organisations.map((o) => o.id)).toEqual([A]);
      const anA = await step(schuladminGold, { organisationId: A, rollenIds: [LEHRKRAFT] });
      expect(anA.rollen.map((r) => r.name)).toEqual(expect.arrayContaining(["Lehrkraft", "LiV"]));
      expect(anA.canCommit).toBe(true);
      expect(anA.selectedOrganisation).toBe(A);
      expect(anA.selectedRollen).toEqual([LEHRKRAFT]);
      // a school of someone else: no roles, no commit
      const anC = await step(schuladminGold, { organisationId: C, rollenIds: [LEHRKRAFT] });
      expect(anC.rollen).toEqual([]);
      expect(anC.canCommit).toBe(false);
      // a teacher's role at a class does not fit
      expect((await step(schuladminGold, { organisationId: DEMO_IDS.klasseMitSchueler, rollenIds: [LEHRKRAFT] })).canCommit).toBe(false);
    });

    it("ohne das Recht: leere Listen", async () => {
      const body = await step(lehrkraftGold, { organisationId: A, rollenIds: [LEHRKRAFT] });
      expect(body.organisations).toEqual([]);
      expect(body.canCommit).toBe(false);
      expect((await step(landesadminGold, {})).organisations.length).toBeGreaterThan(3);
    });
  });

  describe("PUT /api/landesbediensteter/{personId}", () => {
    const uebersicht = async (personId: string) =>
      PersonenuebersichtResponse.parse(await (await schuladmin.get(`/api/dbiam/personenuebersicht/${personId}`)).json());
    const add = async (browser: Browser, personId: string, neu: Array<[string, string, string?]>, extra: Record<string, unknown> = {}) => {
      const current = await uebersicht(personId);
      return browser.json("PUT", `/api/landesbediensteter/${personId}`, {
        count: current.zuordnungen.length,
        ...(current.lastModifiedZuordnungen ? { lastModified: current.lastModifiedZuordnungen } : {}),
        newPersonenkontexte: neu.map(([organisationId, rolleId, befristung]) => ({
          personId,
          organisationId,
          rolleId,
          ...(befristung ? { befristung } : {}),
        })),
        ...extra,
      });
    };

    it("verlangt Anmeldung, CSRF-Token (aktuell) und zweite Stufe; count muss dabei sein", async () => {
      const id = demoPersonId("hhamkens");
      await errors.unauthorized(await upstream.app.request(`/api/landesbediensteter/${id}`, { method: "PUT" }));
      if (version === "current") {
        const ohneToken = await schuladminGold.request(`/api/landesbediensteter/${id}`, { method: "PUT" });
        expect(ohneToken.status).toBe(400);
      }
      await expectKey(
        await schuladmin.json("PUT", `/api/landesbediensteter/${id}`, { count: 1, newPersonenkontexte: [] }),
        "REQUIRED_STEP_UP_LEVEL_NOT_MET",
        403,
      );
      await expectValidation(
        await schuladminGold.json("PUT", `/api/landesbediensteter/${id}`, { newPersonenkontexte: [] }),
        "REQUIRED_VALUE",
      );
    });

    it("der Schuladministrator fügt eine gefundene Lehrkraft seiner Schule hinzu; ihre andere Zuordnung bleibt", async () => {
      const id = demoPersonId(E2E_LANDESBEDIENSTETE.hinzufuegen["ohne-js"][0]);
      const response = await add(schuladminGold, id, [[A, LEHRKRAFT]], { personalnummer: "4712801" });
      expect(response.status).toBe(200);
      const { dBiamPersonenkontextResponses } = PersonenkontexteUpdateResponse.parse(await response.json());
      expect(dBiamPersonenkontextResponses.map((z) => z.organisationId)).toEqual([C, A]);
      // now he is one of the school's persons
      const list = await schuladmin.get(`/api/personen-frontend?organisationIDs=${A}&suchFilter=Matzen`);
      expect(((await list.json()) as { total: number }).total).toBe(1);
    });

    it("an einer Organisation ohne das Recht: 403 MISSING_PERMISSIONS, vor allem anderen", async () => {
      await expectKey(await add(schuladminGold, demoPersonId("hhamkens"), [[B, LEHRKRAFT]]), "MISSING_PERMISSIONS", 403);
      // also for a person that does not exist: the right is checked first
      const unbekannt = { count: 0, newPersonenkontexte: [{ personId: UNKNOWN_ID, organisationId: B, rolleId: LEHRKRAFT }] };
      await expectKey(await schuladminGold.json("PUT", `/api/landesbediensteter/${UNKNOWN_ID}`, unbekannt), "MISSING_PERMISSIONS", 403);
    });

    it("eine Person, die die Suche nicht findet (ohne KoPers, gesperrt, unbekannt): 404 NOT_FOUND", async () => {
      for (const username of [E2E_LANDESBEDIENSTETE.ohneKopers, E2E_LANDESBEDIENSTETE.gesperrt]) {
        await expectKey(await add(schuladminGold, demoPersonId(username), [[A, LEHRKRAFT]]), "NOT_FOUND", 404);
      }
      const body = { count: 0, newPersonenkontexte: [{ personId: UNKNOWN_ID, organisationId: A, rolleId: LEHRKRAFT }] };
      await expectKey(await schuladminGold.json("PUT", `/api/landesbediensteter/${UNKNOWN_ID}`, body), "NOT_FOUND", 404);
    });

    it("veraltete Zahl oder veralteter Stand der Zuordnungen: COUNT_MISMATCHING, NEWER_VERSION_OF_PERSONENKONTEXTE_AVAILABLE", async () => {
      const id = demoPersonId("hhamkens");
      await expectKey(await add(schuladminGold, id, [[A, LEHRKRAFT]], { count: 5 }), "COUNT_MISMATCHING");
      await expectKey(
        await add(schuladminGold, id, [[A, LEHRKRAFT]], { lastModified: new Date(Date.now() - 400 * DAY_MS).toISOString() }),
        "NEWER_VERSION_OF_PERSONENKONTEXTE_AVAILABLE",
      );
      await expectKey(
        await add(schuladminGold, id, [[A, LEHRKRAFT]], { lastModified: undefined }),
        "NEWER_VERSION_OF_PERSONENKONTEXTE_AVAILABLE",
      );
    });

    it("nur Lehrerrollen; Befristungspflicht; jeder Eintrag nennt die Person des Pfads", async () => {
      const id = demoPersonId("hhamkens");
      await expectKey(
        await add(schuladminGold, id, [
          [A, SCHUELER],
          [DEMO_IDS.klasseMitSchueler, SCHUELER],
        ]),
        "INVALID_PERSONENKONTEXT_FOR_PERSON_WITH_ROLLENART_LERN",
      );
      await expectKey(await add(schuladminGold, id, [[A, LIV]]), " BEFRISTUNG_REQUIRED_FOR_PERSONENKONTEXT");
      const fremd = await schuladminGold.json("PUT", `/api/landesbediensteter/${id}`, {
        count: 1,
        newPersonenkontexte: [{ personId: demoPersonId("hhamkens1"), organisationId: A, rolleId: LEHRKRAFT }],
      });
      await expectKey(fremd, "PERSON_ID_MISMATCH");
      // nothing was added
      expect((await uebersicht(id)).zuordnungen.map((z) => z.sskId)).toEqual([B]);
    });

    it("eine andere, schon vergebene KoPers-Nummer endet als 500", async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const response = await add(schuladminGold, demoPersonId("hhamkens"), [[A, LEHRKRAFT]], { personalnummer: "4711002" });
      vi.restoreAllMocks();
      await errors.internal(response);
    });

    it("seit dem Pin braucht das Hinzufügen kein PERSONEN_VERWALTEN an der neuen Schule (erweiterte Rechte)", async () => {
      const nurSuchen = stableId("rolle:test-nur-landesbedienstete");
      await db()
        .insert(rolle)
        .values({ id: nurSuchen, name: "Nur Landesbedienstete", administeredBySchulstrukturknoten: B, rollenart: "LEIT" });
      await db().insert(rolleSystemrecht).values({ rolleId: nurSuchen, systemrecht: "LANDESBEDIENSTETE_SUCHEN_UND_HINZUFUEGEN" });
      await db()
        .insert(personenkontext)
        .values({
          id: stableId(`pk:test-landesbedienstete:${version}`),
          personId: stableId("person:angebotsadmin"),
          organisationId: B,
          rolleId: nurSuchen,
        });
      const angebotsadmin = await loggedIn(upstream.app, "angebotsadmin", "gold");
      const response = await add(angebotsadmin, demoPersonId(E2E_LANDESBEDIENSTETE.hinzufuegen["mit-js"][0]), [[B, LEHRKRAFT]]);
      if (version === "current") expect(response.status).toBe(200);
      else await expectKey(response, "MISSING_PERMISSIONS", 403);
      const atB = await db()
        .select()
        .from(personenkontext)
        .where(eq(personenkontext.personId, demoPersonId(E2E_LANDESBEDIENSTETE.hinzufuegen["mit-js"][0])));
      expect(atB.map((z) => z.organisationId).sort()).toEqual(version === "current" ? [B, C].sort() : [C]);
    });
  });
});
