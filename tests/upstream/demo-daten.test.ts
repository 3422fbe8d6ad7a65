import { count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_ADDRESS_STATUS, PROVIDER_KATEGORIEN, ROLLENARTEN } from "../../upstream/contract/index.ts";
import {
  emailAddress,
  identityAccount,
  organisation,
  person,
  personenkontext,
  rolle,
  serviceProvider,
  userLock,
} from "../../upstream/reference/db/schema.ts";
import { DEMO_ACCOUNTS, currentOtp } from "../../upstream/reference/seed/demo-accounts.ts";
import { DEMO_PERSONEN } from "../../upstream/reference/seed/demo-persons.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { isDatabaseEmpty, seedIfEmpty } from "../../upstream/reference/seed/index.ts";
import { type TestUpstream, startTestUpstream } from "./support.ts";
import { POSTGRES_URL, postgresNames } from "./test-database.ts";

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream();
});
afterAll(() => upstream.close());

describe("Testdatenbank", () => {
  it("jede Testdatei arbeitet auf ihrer eigenen Kopie: PGlite, oder mit DATABASE_URL eine eigene PostgreSQL-Datenbank", async () => {
    const result = await upstream.handle.db.execute(sql`SELECT current_database() AS name, version() AS version`);
    const [row] = (result as unknown as { rows: Array<{ name: string; version: string }> }).rows;
    if (POSTGRES_URL) {
      expect(row?.name.startsWith(postgresNames(POSTGRES_URL).testPrefix)).toBe(true);
      expect(row?.version).not.toMatch(/wasm|emscripten/i);
    } else {
      expect(row?.version).toMatch(/wasm|emscripten/i);
    }
  });
});

describe("Demodaten", () => {
  it("contain enough schools and classes for paging, with 7-digit Dienststellennummern", async () => {
    const { db } = upstream.handle;
    const schulen = await db
      .select({ kennung: organisation.kennung, land: organisation.administriertVon })
      .from(organisation)
      .where(eq(organisation.typ, "SCHULE"));
    expect(schulen.length).toBeGreaterThanOrEqual(38);
    expect(schulen.every((s) => /^\d{7}$/.test(s.kennung ?? ""))).toBe(true);
    const [{ klassen }] = await db.select({ klassen: count() }).from(organisation).where(eq(organisation.typ, "KLASSE"));
    expect(klassen).toBeGreaterThanOrEqual(31);
    const umlautDigit = await db
      .select()
      .from(organisation)
      .where(sql`${organisation.typ} = 'KLASSE' AND ${organisation.name} ~ '[ÄÖÜäöü]' AND ${organisation.name} ~ '[0-9]'`);
    expect(umlautDigit.length).toBeGreaterThan(0);
  });

  it("offer providers of every category", async () => {
    const rows = await upstream.handle.db.selectDistinct({ kategorie: serviceProvider.kategorie }).from(serviceProvider);
    expect(rows.map((r) => r.kategorie).sort()).toEqual([...PROVIDER_KATEGORIEN].sort());
  });

  it("have a login for every demo account and a person for all but the orphan account", async () => {
    const { db } = upstream.handle;
    const accounts = await db.select({ username: identityAccount.username }).from(identityAccount);
    const expected = [...Object.keys(DEMO_ACCOUNTS), ...DEMO_PERSONEN.map((p) => p.username)];
    expect(accounts.map((a) => a.username).sort()).toEqual(expected.sort());
    const [orphan] = await db.select().from(person).where(eq(person.username, "unbekannt"));
    expect(orphan).toBeUndefined();
  });

  it("are not seeded a second time into a filled database", async () => {
    expect(await isDatabaseEmpty(upstream.handle.db)).toBe(false);
    expect(await seedIfEmpty(upstream.handle.db)).toBe(false);
  });

  it("give every token account a six-digit one-time password; others get a German error", async () => {
    for (const [username, secret] of Object.entries(DEMO_ACCOUNTS)) {
      if (secret) expect(await currentOtp(username)).toMatch(/^\d{6}$/);
      else await expect(currentOtp(username)).rejects.toThrow(/keinen zweiten Faktor/);
    }
    await expect(currentOtp("niemand")).rejects.toThrow(/Unbekanntes Demo-Konto/);
  });

  it("zeigen Personen jeder Rollenart an mehreren Schulen, darunter eine Ersatzschule, manche mit mehreren Zuordnungen", async () => {
    const { db } = upstream.handle;
    const rows = await db
      .select({ rollenart: rolle.rollenart, organisationId: personenkontext.organisationId, personId: personenkontext.personId })
      .from(personenkontext)
      .innerJoin(rolle, eq(rolle.id, personenkontext.rolleId))
      .innerJoin(person, eq(person.id, personenkontext.personId))
      .where(eq(person.istTechnisch, false));
    // The pinned six; the current upstream's three new ones are not used by any demo role.
    expect(new Set(rows.map((r) => r.rollenart))).toEqual(
      new Set(ROLLENARTEN.filter((art) => !["SORGBER", "SCHB", "NLEHR"].includes(art))),
    );
    for (const school of [DEMO_IDS.schuleA, DEMO_IDS.schuleB, DEMO_IDS.schuleC, DEMO_IDS.ersatzschule]) {
      const arten = new Set(rows.filter((r) => r.organisationId === school).map((r) => r.rollenart));
      expect(arten, school).toEqual(new Set(["LEHR", "LEIT", "LERN"]));
    }
    const perPerson = new Map<string, Set<string>>();
    for (const row of rows) perPerson.set(row.personId, (perPerson.get(row.personId) ?? new Set()).add(row.organisationId));
    const schoolIds = new Set(
      (await db.select({ id: organisation.id }).from(organisation).where(eq(organisation.typ, "SCHULE"))).map((o) => o.id),
    );
    const atTwoSchools = [...perPerson.values()].filter((orgs) => [...orgs].filter((id) => schoolIds.has(id)).length >= 2);
    expect(atTwoSchools.length).toBeGreaterThanOrEqual(2);
    const [{ persons }] = await db.select({ persons: count() }).from(person);
    expect(persons).toBeGreaterThanOrEqual(40);
    // about fifty for the screens, plus the persons the e2e journeys change (a set per browser project) and the VIDIS
    // school's offers administrator
    expect(persons).toBeLessThanOrEqual(105);
  });

  it("haben Lehrkräfte mit und ohne KoPers-Nummer, ohne Nummer auch bei KoPers-Pflicht", async () => {
    const rows = await upstream.handle.db.execute(sql`
      SELECT p.username, p.personalnummer FROM person p
      JOIN personenkontext pk ON pk.person_id = p.id
      JOIN rolle_merkmal rm ON rm.rolle_id = pk.rolle_id AND rm.merkmal = 'KOPERS_PFLICHT'`);
    const list = (rows as unknown as { rows: Array<{ username: string; personalnummer: string | null }> }).rows;
    expect(list.filter((r) => r.personalnummer === null).length).toBeGreaterThanOrEqual(3);
    expect(list.filter((r) => r.personalnummer !== null).length).toBeGreaterThanOrEqual(5);
  });

  it("haben eine E-Mail-Adresse jedes Status", async () => {
    const rows = await upstream.handle.db.selectDistinct({ status: emailAddress.status }).from(emailAddress);
    expect(rows.map((r) => r.status).sort()).toEqual([...EMAIL_ADDRESS_STATUS].sort());
  });

  it("haben gesperrte Personen (manuell unbefristet und befristet, KoPers, beides), und deren Konten sind deaktiviert", async () => {
    const { db } = upstream.handle;
    const locks = await db.select().from(userLock);
    const of = (id: string) => locks.filter((l) => l.personId === id);
    expect(of(DEMO_IDS.personManuellGesperrt)).toMatchObject([
      { lockedOccasion: "MANUELL_GESPERRT", lockedBy: DEMO_IDS.schuleA, lockedUntil: null },
    ]);
    expect(of(DEMO_IDS.personBefristetGesperrt)).toMatchObject([{ lockedOccasion: "MANUELL_GESPERRT", lockedBy: DEMO_IDS.schuleC }]);
    expect(of(DEMO_IDS.personBefristetGesperrt)[0]?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
    expect(of(DEMO_IDS.personKopersGesperrt)).toMatchObject([{ lockedOccasion: "KOPERS_GESPERRT", lockedBy: "Cron", lockedUntil: null }]);
    expect(
      of(DEMO_IDS.personDoppeltGesperrt)
        .map((l) => l.lockedOccasion)
        .sort(),
    ).toEqual(["KOPERS_GESPERRT", "MANUELL_GESPERRT"]);

    const lockedIds = [...new Set(locks.map((l) => l.personId))];
    const accounts = await db
      .select({ personId: person.id, enabled: identityAccount.enabled })
      .from(person)
      .innerJoin(identityAccount, sql`${identityAccount.id}::text = ${person.keycloakUserId}`);
    expect(accounts.filter((a) => lockedIds.includes(a.personId)).every((a) => !a.enabled)).toBe(true);
    expect(accounts.filter((a) => !lockedIds.includes(a.personId)).every((a) => a.enabled)).toBe(true);
    const lockedPersons = await db.select({ username: person.username }).from(person).where(inArray(person.id, lockedIds));
    expect(lockedPersons.length).toBeGreaterThanOrEqual(4);
  });
});
