import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FindRollenResponse,
  PersonenFrontendResponse,
  PersonenuebersichtListResponse,
  PersonenuebersichtResponse,
} from "../../upstream/contract/index.ts";
import { personenPageQuery } from "../../upstream/reference/routes/personen-frontend.ts";
import { seedBulkPersons } from "../../upstream/reference/seed/bulk.ts";
import { person, personenkontext, rolle } from "../../upstream/reference/db/schema.ts";
import { stableId } from "../../upstream/reference/lib/ids.ts";
import { MANDANT_ID } from "../../upstream/reference/seed/index.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { germanOrder } from "../e2e/support/german-order.ts";
import { API_VERSIONS, type Browser, type TestUpstream, errorBodies, loggedIn, startTestUpstream } from "./support.ts";

/**
 * The person list and its helpers (PERSONS §2.2.1, §2.3, §2.5; CHANGES-SINCE-PIN §3.4, §3.7). Besides the demo data,
 * a few persons with the made-up family name "Quastedt" make sorting and the "one and the same kontext" rule exact;
 * totals over everything are compared with the database, so more demo persons do not break the tests.
 */

const rolleLiv = stableId("rolle:liv");
const rolleProjekt = stableId("rolle:projektrolle");
const rolleSchulbegleitung = stableId("rolle:schulbegleitung-deich");
const rolleErsatzAdmin = stableId("rolle:schuladministrator-ersatz");
const klasse7b = DEMO_IDS.klasseMitSchueler;

interface Fixture {
  key: string;
  vorname: string;
  familienname: string;
  personalnummer?: string;
  kontexte: Array<[organisation: string, rolle: string]>;
  istTechnisch?: boolean;
}

/** Sorting fixtures: same family name in different cases, ties broken by first name and username. */
const FIXTURES: Fixture[] = [
  {
    key: "q1",
    vorname: "Berta",
    familienname: "Quastedt",
    personalnummer: "9900002",
    kontexte: [
      [DEMO_IDS.schuleB, DEMO_IDS.rolleLehrkraft],
      [DEMO_IDS.schuleC, rolleLiv],
    ],
  },
  {
    key: "q2",
    vorname: "anton",
    familienname: "quastedt",
    kontexte: [
      [DEMO_IDS.schuleA, DEMO_IDS.rolleLehrkraft],
      [DEMO_IDS.schuleB, DEMO_IDS.rolleLehrkraft],
    ],
  },
  {
    key: "q3",
    vorname: "Anton",
    familienname: "QUASTEDT",
    personalnummer: "9900001",
    kontexte: [[DEMO_IDS.schuleC, DEMO_IDS.rolleLehrkraft]],
  },
  { key: "q4", vorname: "Carl", familienname: "Quastedt", kontexte: [] },
  { key: "q5", vorname: "Technik", familienname: "Quastedt", kontexte: [[DEMO_IDS.schuleA, DEMO_IDS.rolleLehrkraft]], istTechnisch: true },
];
const fixtureId = (key: string) => stableId(`person:fixture-${key}`);
const fixtureUsername = (key: string) => `quastedt-${key}`;

describe.each(API_VERSIONS)("Personenliste (Upstream-Version %s)", (version) => {
  let upstream: TestUpstream;
  let landesadmin: Browser;
  let schuladmin: Browser;
  let lehrkraft: Browser;
  const errors = errorBodies(version);

  beforeAll(async () => {
    upstream = await startTestUpstream({ apiVersion: version });
    const { db } = upstream.handle;
    const created = new Date("2026-01-01T00:00:00.000Z");
    await db.insert(person).values(
      FIXTURES.map((f) => ({
        id: fixtureId(f.key),
        username: fixtureUsername(f.key),
        mandant: MANDANT_ID,
        vorname: f.vorname,
        familienname: f.familienname,
        personalnummer: f.personalnummer ?? null,
        istTechnisch: f.istTechnisch ?? false,
        createdAt: created,
        updatedAt: created,
      })),
    );
    const kontexte = FIXTURES.flatMap((f) =>
      f.kontexte.map(([organisationId, rolleId], index) => ({
        id: stableId(`kontext:fixture-${f.key}:${index}`),
        personId: fixtureId(f.key),
        organisationId,
        rolleId,
        createdAt: new Date(created.getTime() + index * 1000),
        updatedAt: new Date(created.getTime() + index * 1000),
      })),
    );
    await db.insert(personenkontext).values(kontexte);
    [landesadmin, schuladmin, lehrkraft] = await Promise.all([
      loggedIn(upstream.app, "landesadmin"),
      loggedIn(upstream.app, "schuladmin"),
      loggedIn(upstream.app, "lehrkraft"),
    ]);
  });
  afterAll(() => upstream.close());

  const list = async (browser: Browser, query: string) => {
    const response = await browser.get(`/api/personen-frontend?${query}`);
    expect(response.status).toBe(200);
    const raw = (await response.json()) as { items: Array<{ person: Record<string, unknown> }> };
    return { raw, ...PersonenFrontendResponse.parse(raw) };
  };
  const usernames = (page: { items: Array<{ person: { username?: string | null } }> }) => page.items.map((i) => i.person.username);

  describe("GET /api/personen-frontend", () => {
    it("verlangt eine Anmeldung", async () => {
      await errors.unauthorized(await upstream.app.request("/api/personen-frontend"));
    });

    it("eine Lehrkraft ohne PERSONEN_VERWALTEN bekommt 401 (pinned NOT_AUTHORIZED, aktuell UNAUTHORIZED)", async () => {
      const response = await lehrkraft.get("/api/personen-frontend?limit=5");
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(
        version === "pinned"
          ? { message: "NOT_AUTHORIZED", error: "Unauthorized", statusCode: 401 }
          : { i18nKey: "UNAUTHORIZED", code: 401 },
      );
    });

    it("der Landesadmin sieht alle nicht-technischen Personen, auch ohne Zuordnung; ohne limit alle Zeilen", async () => {
      const [{ expected }] = await upstream.handle.db.select({ expected: count() }).from(person).where(eq(person.istTechnisch, false));
      const page = await list(landesadmin, "");
      expect(page.total).toBe(expected);
      expect(page.items).toHaveLength(expected);
      expect(page.offset).toBe(0);
      expect(page.limit).toBe(expected);
      const names = usernames(page);
      expect(names).toContain("ohnezuordnung");
      expect(names).toContain(fixtureUsername("q4"));
      expect(names).not.toContain("cron-runner");
      expect(names).not.toContain(fixtureUsername("q5"));
    });

    it("der Schuladmin sieht nur Personen seiner Schule und ihrer Klassen", async () => {
      const page = await list(schuladmin, "");
      const names = usernames(page);
      expect(names).toEqual(expect.arrayContaining(["schuladmin", "lehrkraft", "schueler", fixtureUsername("q2")]));
      for (const other of [
        "landesadmin",
        "ohnetoken",
        "ohnezuordnung",
        fixtureUsername("q1"),
        fixtureUsername("q3"),
        fixtureUsername("q4"),
        fixtureUsername("q5"),
      ]) {
        expect(names).not.toContain(other);
      }
      const [{ expected }] = await upstream.handle.db
        .select({ expected: sql<number>`count(DISTINCT ${person.id})`.mapWith(Number) })
        .from(person)
        .innerJoin(personenkontext, eq(personenkontext.personId, person.id))
        .where(
          and(
            eq(person.istTechnisch, false),
            sql`${personenkontext.organisationId} IN (SELECT id FROM organisation WHERE id = ${DEMO_IDS.schuleA} OR administriert_von = ${DEMO_IDS.schuleA})`,
          ),
        );
      expect(page.total).toBe(expected);
    });

    it("Zeilen haben die Form von PersonResponse, ohne Sperren und E-Mail; leere Spalten je nach Version null oder weggelassen", async () => {
      const page = await list(landesadmin, "suchFilter=quastedt-q2");
      expect(page.total).toBe(1);
      const row = page.raw.items[0].person;
      expect(row).toMatchObject({
        id: fixtureId("q2"),
        username: "quastedt-q2",
        mandant: MANDANT_ID,
        name: { familienname: "quastedt", vorname: "anton" },
        revision: "1",
        userLock: [],
        lastModified: "2026-01-01T00:00:00.000Z",
      });
      expect(row).not.toHaveProperty("isLocked");
      expect(row).not.toHaveProperty("email");
      if (version === "pinned") expect(row.personalnummer).toBeNull();
      else expect(row).not.toHaveProperty("personalnummer");
    });

    it.each([
      ["Vorname", "BERTA", ["quastedt-q1"]],
      ["Nachname", "Quasted", ["quastedt-q1", "quastedt-q2", "quastedt-q3", "quastedt-q4"]],
      ["Benutzername", "TEDT-Q3", ["quastedt-q3"]],
      ["KoPers-Nummer", "990000", ["quastedt-q1", "quastedt-q3"]],
    ])("suchFilter findet über %s, ohne Rücksicht auf Groß- und Kleinschreibung", async (_kind, term, expected) => {
      const page = await list(landesadmin, `suchFilter=${encodeURIComponent(term)}`);
      expect([...usernames(page)].sort()).toEqual(expected);
    });

    it("suchFilter maskiert % und _ nicht (wie das Upstream)", async () => {
      const all = await list(landesadmin, "limit=1");
      expect((await list(landesadmin, "suchFilter=%25&limit=1")).total).toBe(all.total);
      expect((await list(landesadmin, "suchFilter=quastedt_q&limit=1")).total).toBe(4);
    });

    it("vorname und familienname filtern exakt und mit Groß- und Kleinschreibung", async () => {
      expect(usernames(await list(landesadmin, "familienname=Quastedt"))).toEqual(["quastedt-q1", "quastedt-q4"]);
      expect(usernames(await list(landesadmin, "vorname=anton"))).toEqual(["quastedt-q2"]);
    });

    it("Organisation und Rolle müssen auf ein und derselben Zuordnung passen", async () => {
      const q = (query: string) => list(landesadmin, `suchFilter=quastedt&${query}`).then(usernames);
      // q1: Lehrkraft at B, LiV at C
      expect(await q(`organisationIDs=${DEMO_IDS.schuleB}&rolleIDs=${rolleLiv}`)).toEqual([]);
      expect(await q(`organisationIDs=${DEMO_IDS.schuleC}&rolleIDs=${rolleLiv}`)).toEqual(["quastedt-q1"]);
      expect(await q(`organisationIDs=${DEMO_IDS.schuleB}&organisationIDs=${DEMO_IDS.schuleC}&sortField=username`)).toEqual([
        "quastedt-q1",
        "quastedt-q2",
        "quastedt-q3",
      ]);
      expect(await q(`rolleIDs=${DEMO_IDS.rolleLehrkraft}&sortField=username`)).toEqual(["quastedt-q1", "quastedt-q2", "quastedt-q3"]);
    });

    it("der Klassenfilter findet Schüler über ihre Zuordnung an der Klasse", async () => {
      expect(usernames(await list(schuladmin, `organisationIDs=${klasse7b}`))).toContain("schueler");
    });

    it("ein Schuladmin, der nach einer fremden Schule filtert, bekommt nichts von dort", async () => {
      const page = await list(schuladmin, `organisationIDs=${DEMO_IDS.schuleB}`);
      // q2 is at A (visible) and at B (filter): the filter and the visibility need not be the same kontext
      expect(usernames(page)).toEqual(["quastedt-q2"]);
    });

    it("sortiert nach Nachname ohne Groß-/Kleinschreibung, dann Vorname (ebenso) und Benutzername aufsteigend", async () => {
      const asc = await list(landesadmin, "suchFilter=quastedt&sortField=familienname&sortOrder=asc");
      expect(usernames(asc)).toEqual(["quastedt-q2", "quastedt-q3", "quastedt-q1", "quastedt-q4"]);
      // all four share the family name: the tie-breakers stay ascending, so both directions give the same order
      const desc = await list(landesadmin, "suchFilter=quastedt&sortField=familienname&sortOrder=desc");
      expect(usernames(desc)).toEqual(["quastedt-q2", "quastedt-q3", "quastedt-q1", "quastedt-q4"]);
      const mixed = await list(landesadmin, `sortField=familienname&sortOrder=desc&organisationIDs=${DEMO_IDS.schuleA}&limit=3`);
      const names = mixed.items.map((i) => i.person.name.familienname);
      expect(names).toEqual([...names].sort(germanOrder).reverse());
    });

    it("sortiert Namen, wie man es im Deutschen erwartet: Umlaute wie ihr Grundbuchstabe, ß wie ss", async () => {
      const all = await list(landesadmin, "sortField=familienname");
      const names = all.items.map((i) => i.person.name.familienname);
      expect(names).toEqual([...names].sort(germanOrder));
      // byte order would put them after every other name
      expect(names.indexOf("Özdemir")).toBeLessThan(names.indexOf("Weiß"));
      expect(names.indexOf("Bäcker")).toBeLessThan(names.indexOf("Brückner"));
    });

    it("sortiert nach Vorname (Standard) ohne Groß-/Kleinschreibung", async () => {
      const page = await list(landesadmin, "suchFilter=quastedt");
      expect(usernames(page)).toEqual(["quastedt-q2", "quastedt-q3", "quastedt-q1", "quastedt-q4"]);
      const desc = await list(landesadmin, "suchFilter=quastedt&sortOrder=desc");
      expect(desc.items.map((i) => i.person.name.vorname.toLowerCase())).toEqual(["carl", "berta", "anton", "anton"]);
    });

    it("sortiert nach KoPers-Nummer: leere aufsteigend zuletzt, absteigend zuerst, Gleichstand nach Benutzername", async () => {
      const asc = usernames(await list(landesadmin, "suchFilter=quastedt&sortField=personalnummer"));
      expect(asc).toEqual(["quastedt-q3", "quastedt-q1", "quastedt-q2", "quastedt-q4"]);
      const desc = usernames(await list(landesadmin, "suchFilter=quastedt&sortField=personalnummer&sortOrder=desc"));
      expect(desc).toEqual(["quastedt-q2", "quastedt-q4", "quastedt-q1", "quastedt-q3"]);
    });

    it("sortiert nach Benutzername in beide Richtungen", async () => {
      expect(usernames(await list(landesadmin, "suchFilter=quastedt&sortField=username&sortOrder=desc"))).toEqual([
        "quastedt-q4",
        "quastedt-q3",
        "quastedt-q2",
        "quastedt-q1",
      ]);
    });

    it("blättert mit offset und limit; total zählt vor dem Blättern, auch hinter der letzten Seite", async () => {
      const first = await list(landesadmin, "suchFilter=quastedt&sortField=username&offset=0&limit=3");
      expect(first).toMatchObject({ total: 4, offset: 0, limit: 3 });
      expect(usernames(first)).toEqual(["quastedt-q1", "quastedt-q2", "quastedt-q3"]);
      const second = await list(landesadmin, "suchFilter=quastedt&sortField=username&offset=3&limit=3");
      expect(usernames(second)).toEqual(["quastedt-q4"]);
      const beyond = await list(landesadmin, "suchFilter=quastedt&offset=30&limit=3");
      expect(beyond).toMatchObject({ total: 4, offset: 30, limit: 3, items: [] });
      const none = await list(landesadmin, "suchFilter=gibtesnicht&limit=30");
      expect(none).toMatchObject({ total: 0, offset: 0, limit: 30, items: [] });
    });

    it.each([
      ["rolleIDs=kein-uuid", "other", "rolleIDs"],
      [`organisationIDs=${DEMO_IDS.schuleA}&organisationIDs=${DEMO_IDS.schuleA}`, "other", "organisationIDs"],
      ["sortField=geburtstag", "enum", "sortField"],
      ["sortOrder=rauf", "enum", "sortOrder"],
      ["offset=-1", "other", "offset"],
      ["limit=0", "other", "limit"],
      ["sichtfreigabe=vielleicht", "enum", "sichtfreigabe"],
    ] as const)("%s → 400", async (query, rule, path) => {
      await errors.validation(await landesadmin.get(`/api/personen-frontend?${query}`), rule, path);
    });

    it("Listen in Klammerform: pinned liest sie, aktuell werden sie ignoriert", async () => {
      const page = await list(landesadmin, `suchFilter=quastedt&rolleIDs[]=${rolleLiv}`);
      expect(usernames(page)).toEqual(
        version === "pinned" ? ["quastedt-q1"] : ["quastedt-q2", "quastedt-q3", "quastedt-q1", "quastedt-q4"],
      );
    });
  });

  describe("POST /api/dbiam/personenuebersicht", () => {
    const post = (browser: Browser, personIds: unknown) => browser.json("POST", "/api/dbiam/personenuebersicht", { personIds });
    const items = async (response: Response) => {
      expect(response.status).toBe(201);
      const raw = (await response.json()) as { items: Array<Record<string, unknown>> };
      expect(Object.keys(raw)).toEqual(["items"]);
      return { raw: raw.items, parsed: PersonenuebersichtListResponse.parse(raw).items };
    };

    it("verlangt eine Anmeldung", async () => {
      const response = await upstream.app.request("/api/dbiam/personenuebersicht", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ personIds: [] }),
      });
      await errors.unauthorized(response);
    });

    it("antwortet 201 mit den Personen in der Reihenfolge der Anfrage; Unbekannte fehlen einfach", async () => {
      const ids = [DEMO_IDS.personSchueler, stableId("person:gibtesnicht"), DEMO_IDS.personLandesadmin, fixtureId("q1")];
      const { parsed } = await items(await post(landesadmin, ids));
      expect(parsed.map((p) => p.personId)).toEqual([DEMO_IDS.personSchueler, DEMO_IDS.personLandesadmin, fixtureId("q1")]);
    });

    it("liefert alle Zuordnungen mit Schule, Dienststellennummer, Rolle, Merkmalen; editable immer true", async () => {
      const { parsed, raw } = await items(await post(schuladmin, [fixtureId("q2"), DEMO_IDS.personSchueler]));
      const [q2, schueler] = parsed;
      expect(q2).toMatchObject({ vorname: "anton", nachname: "quastedt", benutzername: "quastedt-q2" });
      expect(q2.zuordnungen.map((z) => [z.sskId, z.sskDstNr, z.rolle, z.editable])).toEqual([
        [DEMO_IDS.schuleA, "0710001", "Lehrkraft", true],
        // editable even at a school the schuladmin does not administer (quirk Q3)
        [DEMO_IDS.schuleB, "0710008", "Lehrkraft", true],
      ]);
      expect(q2.zuordnungen[0]).toMatchObject({
        rollenArt: "LEHR",
        typ: "SCHULE",
        administriertVon: DEMO_IDS.landOeffentlich,
        merkmale: ["KOPERS_PFLICHT"],
      });
      expect(q2.lastModifiedZuordnungen).toBe("2026-01-01T00:00:01.000Z");
      const klasse = schueler.zuordnungen.find((z) => z.typ === "KLASSE");
      expect(klasse).toMatchObject({ sskId: klasse7b, sskName: "7b", administriertVon: DEMO_IDS.schuleA });
      const rawKlasse = (raw[1].zuordnungen as Array<Record<string, unknown>>).find((z) => z.typ === "KLASSE");
      if (version === "pinned") expect(rawKlasse).toMatchObject({ sskDstNr: null, befristung: null });
      else {
        expect(rawKlasse).not.toHaveProperty("sskDstNr");
        expect(rawKlasse).not.toHaveProperty("befristung");
      }
    });

    it("nennt bei Nicht-LEIT-Zuordnungen die Schulleitung derselben Organisation, bei LEIT-Zuordnungen keine", async () => {
      const { parsed, raw } = await items(await post(landesadmin, [DEMO_IDS.personSchuladmin]));
      const zuordnungen = raw[0].zuordnungen as Array<Record<string, unknown>>;
      const leit = zuordnungen.find((z) => z.rollenArt === "LEIT");
      expect(leit).not.toHaveProperty("admins");
      const lehr = parsed[0].zuordnungen.find((z) => z.rollenArt === "LEHR");
      expect(lehr?.admins).toContain("Sven Schulze");
    });

    it("der Schuladmin bekommt nur Personen, die er verwaltet; eine Lehrkraft bekommt nichts", async () => {
      const ids = [DEMO_IDS.personLehrkraft, DEMO_IDS.personOhnetoken, fixtureId("q1")];
      expect((await items(await post(schuladmin, ids))).parsed.map((p) => p.personId)).toEqual([DEMO_IDS.personLehrkraft]);
      expect((await items(await post(lehrkraft, ids))).parsed).toEqual([]);
    });

    it("technische Personen werden hier nicht herausgefiltert", async () => {
      const { parsed } = await items(await post(landesadmin, [fixtureId("q5"), stableId("person:cron-runner")]));
      expect(parsed.map((p) => p.personId)).toEqual([fixtureId("q5"), stableId("person:cron-runner")]);
    });

    it("Personen ohne Zuordnung haben kein lastModifiedZuordnungen", async () => {
      const { raw } = await items(await post(landesadmin, [fixtureId("q4")]));
      expect(raw[0]).toEqual({
        personId: fixtureId("q4"),
        vorname: "Carl",
        nachname: "Quastedt",
        benutzername: "quastedt-q4",
        zuordnungen: [],
      });
    });

    it("eine Kennung, die keine UUID ist, scheitert in der Datenbank (500)", async () => {
      await errors.internal(await post(landesadmin, ["kein-uuid"]), "DB_ERROR");
    });

    it("ohne personIds → 400", async () => {
      await errors.validation(await landesadmin.json("POST", "/api/dbiam/personenuebersicht", {}), "required", "personIds");
    });

    it("aktuell verlangt auch dieser lesende POST das CSRF-Token", async () => {
      const response = await landesadmin.request("/api/dbiam/personenuebersicht", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ personIds: [] }),
      });
      expect(response.status).toBe(version === "current" ? 400 : 201);
    });
  });

  describe("GET /api/dbiam/personenuebersicht/{personId}", () => {
    const get = async (browser: Browser, id: string) => {
      const response = await browser.get(`/api/dbiam/personenuebersicht/${id}`);
      expect(response.status).toBe(200);
      return PersonenuebersichtResponse.parse(await response.json());
    };

    it("prüft die Sichtbarkeit nicht: auch eine Lehrkraft liest jede Person, aber nichts ist editierbar", async () => {
      const uebersicht = await get(lehrkraft, fixtureId("q1"));
      expect(uebersicht.zuordnungen.map((z) => [z.sskId, z.editable])).toEqual([
        [DEMO_IDS.schuleB, false],
        [DEMO_IDS.schuleC, false],
      ]);
    });

    it("editable je Zuordnung nach den Organisationen des Aufrufers", async () => {
      const forSchuladmin = await get(schuladmin, fixtureId("q2"));
      expect(forSchuladmin.zuordnungen.map((z) => [z.sskId, z.editable])).toEqual([
        [DEMO_IDS.schuleA, true],
        [DEMO_IDS.schuleB, false],
      ]);
      const forLandesadmin = await get(landesadmin, fixtureId("q2"));
      expect(forLandesadmin.zuordnungen.every((z) => z.editable)).toBe(true);
      const schueler = await get(schuladmin, DEMO_IDS.personSchueler);
      expect(schueler.zuordnungen.every((z) => z.editable)).toBe(true);
    });

    it("die eigene Übersicht (das Profil): Befristung und die Schuladministration der Schule je Zuordnung", async () => {
      const liv = await loggedIn(upstream.app, "liv");
      const { zuordnungen } = await get(liv, stableId("person:liv"));
      expect(zuordnungen).toHaveLength(1);
      const [zuordnung] = zuordnungen;
      expect(zuordnung).toMatchObject({ sskId: DEMO_IDS.schuleA, rolle: "LiV", rollenArt: "LEHR", editable: false });
      // the seed's Befristung, 30 days ahead
      const days = (Date.parse(zuordnung.befristung ?? "") - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(28);
      expect(days).toBeLessThan(32);
      // every person with a LEIT role at school A, whatever its name: public school admin, offer management, itslearning
      expect(zuordnung.admins).toEqual(expect.arrayContaining(["Sven Schulze", "Anja Albers", "Wiebke Thomsen", "Knut Asmussen"]));
      expect(zuordnung.admins).not.toContain("Lara Lehmann");
    });

    it("unbekannte Person → 404, keine UUID → 400, ohne Anmeldung → 401", async () => {
      await errors.entityNotFound(await landesadmin.get(`/api/dbiam/personenuebersicht/${stableId("person:gibtesnicht")}`));
      await errors.validation(await landesadmin.get("/api/dbiam/personenuebersicht/kein-uuid"), "other", "personId");
      await errors.unauthorized(await upstream.app.request(`/api/dbiam/personenuebersicht/${DEMO_IDS.personLehrkraft}`));
    });
  });

  describe("GET /api/person-administration/rollen", () => {
    const rollen = async (browser: Browser, query = "") => {
      const response = await browser.get(`/api/person-administration/rollen?${query}`);
      expect(response.status).toBe(200);
      const body = FindRollenResponse.parse(await response.json());
      expect(body.total).toBe(body.moeglicheRollen.length);
      return body.moeglicheRollen;
    };
    const ids = (list: Array<{ id: string }>) => list.map((r) => r.id);

    it("verlangt eine Anmeldung", async () => {
      await errors.unauthorized(await upstream.app.request("/api/person-administration/rollen"));
    });

    it("ohne PERSONEN_VERWALTEN ist die Liste leer", async () => {
      expect(await rollen(lehrkraft)).toEqual([]);
    });

    it("der Landesadmin bekommt alle nicht-technischen Rollen, in der Form von RolleResponse", async () => {
      const [{ expected }] = await upstream.handle.db.select({ expected: count() }).from(rolle).where(eq(rolle.istTechnisch, false));
      const list = await rollen(landesadmin);
      expect(list).toHaveLength(expected);
      expect(ids(list)).not.toContain(stableId("rolle:technical-cron"));
      const admin = list.find((r) => r.id === DEMO_IDS.rolleLandesadmin);
      expect(admin).toMatchObject({ name: "Landesadministrator", rollenart: "SYSADMIN", administeredBySchulstrukturknoten: DEMO_IDS.root });
      expect(admin?.systemrechte).toContainEqual({ name: "PERSONEN_VERWALTEN", isTechnical: false });
    });

    it("rolleName sucht ohne Groß-/Kleinschreibung, limit kürzt", async () => {
      const list = await rollen(landesadmin, "rolleName=LEHRKRAFT");
      expect(list.length).toBeGreaterThan(2);
      expect(list.every((r) => r.name.toLowerCase().includes("lehrkraft"))).toBe(true);
      expect(await rollen(landesadmin, "rolleName=LEHRKRAFT&limit=2")).toHaveLength(2);
    });

    it("der Schuladmin bekommt nur Rollen, die an seine Schule und ihre Klassen passen", async () => {
      const list = ids(await rollen(schuladmin));
      expect(list).toEqual(
        expect.arrayContaining([DEMO_IDS.rolleLehrkraft, DEMO_IDS.rolleSchueler, DEMO_IDS.rolleSchuladmin, rolleSchulbegleitung]),
      );
      expect(list).not.toContain(DEMO_IDS.rolleLandesadmin);
      if (version === "pinned") {
        // EXTERN fits everywhere; ownership is ignored
        expect(list).toEqual(expect.arrayContaining([rolleProjekt, rolleErsatzAdmin]));
      } else {
        // EXTERN is not placed at schools any more; roles of the Ersatzschulen branch are not the school's
        expect(list).not.toContain(rolleProjekt);
        expect(list).not.toContain(rolleErsatzAdmin);
      }
    });

    it("organisationIds schränkt aktuell auf die Rollen dieser Organisationen ein; pinned wird es ignoriert", async () => {
      const list = ids(await rollen(landesadmin, `organisationIds=${DEMO_IDS.schuleB}`));
      if (version === "pinned") {
        expect(list).toContain(DEMO_IDS.rolleLandesadmin);
        expect(list).toContain(rolleSchulbegleitung);
      } else {
        expect(list).toContain(DEMO_IDS.rolleLehrkraft);
        expect(list).not.toContain(DEMO_IDS.rolleLandesadmin);
        // owned by school A, not by B or its ancestors
        expect(list).not.toContain(rolleSchulbegleitung);
        // a school admin's selection is cut to his permitted organisations
        expect(await rollen(schuladmin, `organisationIds=${DEMO_IDS.schuleB}`)).toEqual([]);
      }
    });

    it("ungültige Parameter → 400", async () => {
      await errors.validation(await landesadmin.get("/api/person-administration/rollen?limit=0"), "other", "limit");
      const response = await landesadmin.get("/api/person-administration/rollen?organisationIds=kein-uuid");
      if (version === "current") await errors.validation(response, "other", "organisationIds");
      else expect(response.status).toBe(200);
    });
  });
});

describe("Personenliste mit Massendaten", () => {
  let upstream: TestUpstream;
  let landesadmin: Browser;

  beforeAll(async () => {
    upstream = await startTestUpstream();
    await seedBulkPersons(upstream.handle.db, 5_000);
    await upstream.handle.db.execute(sql`ANALYZE`);
    landesadmin = await loggedIn(upstream.app, "landesadmin");
  });
  afterAll(() => upstream.close());

  /** The plan of the page query as the route builds it, for a caller who may see everybody. */
  const plan = async (sortField: "familienname" | "vorname" | "personalnummer", sortOrder: "asc" | "desc") => {
    const { pageQuery } = personenPageQuery(upstream.handle.db, { sortField, sortOrder, offset: 0, limit: 30 }, { all: true });
    const result = (await upstream.handle.db.execute(sql`EXPLAIN ${pageQuery}`)) as unknown as { rows: Array<Record<string, string>> };
    return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
  };

  it.each([
    ["familienname", "asc", "person_list_familienname_idx"],
    ["familienname", "desc", "person_list_familienname_desc_idx"],
    ["vorname", "asc", "person_list_vorname_idx"],
    ["vorname", "desc", "person_list_vorname_desc_idx"],
    ["personalnummer", "asc", "person_list_personalnummer_idx"],
    ["personalnummer", "desc", "person_list_personalnummer_desc_idx"],
  ] as const)("eine Seite nach %s %s ist ein Gang entlang des Index %s, ohne Sortieren", async (field, order, indexName) => {
    const text = await plan(field, order);
    expect(text).toContain(indexName);
    expect(text).not.toMatch(/\bSort\b/);
  });

  it("blättert über Seitengrenzen ohne Lücken und Doppelte", async () => {
    const page = async (offset: number) => {
      const response = await landesadmin.get(`/api/personen-frontend?sortField=familienname&offset=${offset}&limit=50`);
      return PersonenFrontendResponse.parse(await response.json());
    };
    const [first, second] = await Promise.all([page(0), page(50)]);
    expect(first.total).toBeGreaterThan(5_000);
    const ids = [...first.items, ...second.items].map((item) => item.person.id);
    expect(new Set(ids).size).toBe(100);
    const keys = [...first.items, ...second.items].map((item) =>
      [item.person.name.familienname.toLowerCase(), item.person.name.vorname.toLowerCase()].join("|"),
    );
    expect(keys).toEqual([...keys].sort());
  });
});
