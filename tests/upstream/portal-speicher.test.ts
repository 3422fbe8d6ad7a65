import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onServer, POSTGRES_URL, postgresNames, quoteIdent, urlForDatabase } from "./test-database.ts";

/**
 * The portal's own store (docs/decisions/035) on the database it runs on in production: with DATABASE_URL (the CI's
 * PostgreSQL lane) an empty database of its own, as `PORTAL_DATABASE_URL` would name; without, embedded in memory.
 * Both take the same queries; this proves the PostgreSQL path (advisory lock, tables, retention) for real.
 */
let datenbank: string | null = null;
let einmal: typeof import("~/.server/store/einmal.server");
let protokoll: typeof import("~/features/mehrfach/lauf-protokoll.server");
let store: typeof import("~/.server/store/open.server");
let schema: typeof import("~/.server/store/schema.server");

beforeAll(async () => {
  // The portal's server modules read their environment at import; the upstream is never called here.
  process.env.UPSTREAM_URL = "http://127.0.0.1:9";
  if (POSTGRES_URL) {
    datenbank = `${postgresNames(POSTGRES_URL).testPrefix}portal_${randomBytes(6).toString("hex")}`;
    await onServer(POSTGRES_URL, (client) => client.query(`CREATE DATABASE ${quoteIdent(datenbank!)}`));
    process.env.PORTAL_DATABASE_URL = urlForDatabase(POSTGRES_URL, datenbank);
  } else {
    process.env.PORTAL_DATA_DIR = "memory://";
  }
  einmal = await import("~/.server/store/einmal.server");
  protokoll = await import("~/features/mehrfach/lauf-protokoll.server");
  store = await import("~/.server/store/open.server");
  schema = await import("~/.server/store/schema.server");
});

afterAll(async () => {
  if (POSTGRES_URL && datenbank) {
    await onServer(POSTGRES_URL, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(datenbank!)} WITH (FORCE)`));
  }
});

describe(`Speicher des Portals (${POSTGRES_URL ? "PostgreSQL" : "eingebettet"})`, () => {
  it("ein Einmal-Token wird genau einmal verbraucht, auch von zehn gleichzeitigen Anfragen; zurückgegeben geht es wieder", async () => {
    const token = randomUUID();
    const versuche = await Promise.all(Array.from({ length: 10 }, () => einmal.spendOnce(token, "test")));
    expect(versuche.filter(Boolean)).toHaveLength(1);
    await einmal.giveBack(token);
    expect(await einmal.spendOnce(token, "test")).toBe(true);
    expect(await einmal.spendOnce("kein-token", "test")).toBe(false);
  });

  it("ein abgebrochener Lauf hält fest, wer erledigt ist und wer offen, und gilt dann als unterbrochen", async () => {
    const id = randomUUID();
    const adminId = randomUUID();
    const personen = Array.from({ length: 3 }, (_, index) => ({
      id: randomUUID(),
      name: `Person ${index}`,
      benutzername: `p${index}`,
      uebersicht: null,
    }));
    await protokoll.startProtokoll({ id, adminId, aktion: "passwort", auftrag: "aktion=passwort", schule: "Schule", personen });
    await protokoll.notiereErgebnis(id, personen[0].id, { art: "erledigt" });
    await protokoll.notiereErgebnis(id, personen[1].id, { art: "fehler", code: "UNAUTHORIZED" });
    await protokoll.beendeProtokoll(id, "sitzung");
    const gelesen = await protokoll.loadProtokoll(id, adminId);
    expect(gelesen?.personen.map((person) => person.status)).toEqual(["erledigt", "fehler", "offen"]);
    expect(gelesen?.laeuftNoch).toBe(false);
    expect(await protokoll.offenePersonen(id, adminId)).toEqual([personen[1].id, personen[2].id]);
    expect(await protokoll.letzterUnterbrochenerLauf(adminId)).toEqual({ id, aktion: "passwort" });
    // Someone else's run is not there for them.
    expect(await protokoll.loadProtokoll(id, randomUUID())).toBeNull();
  });

  it("endet der Prozess des Portals mitten im Lauf (kein Ende, kein Abbruch), gilt der Lauf nach einer Minute ohne Schritt als unterbrochen", async () => {
    const id = randomUUID();
    const adminId = randomUUID();
    const personen = Array.from({ length: 2 }, (_, index) => ({
      id: randomUUID(),
      name: `P ${index}`,
      benutzername: null,
      uebersicht: null,
    }));
    await protokoll.startProtokoll({ id, adminId, aktion: "passwort", auftrag: "aktion=passwort", schule: null, personen });
    await protokoll.notiereErgebnis(id, personen[0].id, { art: "erledigt" });
    // Right after a step it still runs: no notice, no offer to finish it.
    expect((await protokoll.loadProtokoll(id, adminId))?.laeuftNoch).toBe(true);
    expect(await protokoll.letzterUnterbrochenerLauf(adminId)).toBeNull();
    // The process ended here: nothing writes to the record any more, and its last step grows old.
    const { sql, eq } = await import("drizzle-orm");
    const db = await store.storeDb();
    await db
      .update(schema.lauf)
      .set({ updatedAt: sql`now() - interval '2 minutes'` })
      .where(eq(schema.lauf.id, id));
    const gelesen = await protokoll.loadProtokoll(id, adminId);
    expect(gelesen?.laeuftNoch).toBe(false);
    expect(gelesen?.endedAt).toBeNull();
    expect(await protokoll.offenePersonen(id, adminId)).toEqual([personen[1].id]);
    expect(await protokoll.letzterUnterbrochenerLauf(adminId)).toEqual({ id, aktion: "passwort" });
  });
});
