import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROVIDER_KATEGORIEN } from "../../upstream/contract/index.ts";
import { identityAccount, organisation, person, serviceProvider } from "../../upstream/reference/db/schema.ts";
import { DEMO_ACCOUNTS, currentOtp } from "../../upstream/reference/seed/demo-accounts.ts";
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
    expect(accounts.map((a) => a.username).sort()).toEqual(Object.keys(DEMO_ACCOUNTS).sort());
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
});
