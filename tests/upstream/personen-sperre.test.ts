import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ParentOrganisationenResponse, ROOT_ORGANISATION_ID, UserinfoResponse } from "../../upstream/contract/index.ts";
import { emailAddress, identityAccount, person, personenkontext, userLock } from "../../upstream/reference/db/schema.ts";
import { newId, stableId } from "../../upstream/reference/lib/ids.ts";
import { KOPERS_LOCK_DAYS, runKopersLockJob, runUnlockJob } from "../../upstream/reference/lib/locks.ts";
import { hashPassword } from "../../upstream/reference/lib/password.ts";
import { DEMO_PASSWORD } from "../../upstream/reference/seed/demo-accounts.ts";
import { demoPersonId } from "../../upstream/reference/seed/demo-persons.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { MANDANT_ID } from "../../upstream/reference/seed/index.ts";
import { API_VERSIONS, Browser, type TestUpstream, errorBodies, loggedIn, startTestUpstream } from "./support.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(API_VERSIONS)("Sperren, Löschen, Synchronisieren (Upstream-Version %s)", (version) => {
  let upstream: TestUpstream;
  let landesadmin: Browser;
  let landesadminGold: Browser;
  let schuladminGold: Browser;
  let lehrkraftGold: Browser;
  const errors = errorBodies(version);

  beforeAll(async () => {
    upstream = await startTestUpstream({ apiVersion: version });
    [landesadmin, landesadminGold, schuladminGold, lehrkraftGold] = await Promise.all([
      loggedIn(upstream.app, "landesadmin"),
      loggedIn(upstream.app, "landesadmin", "gold"),
      loggedIn(upstream.app, "schuladmin", "gold"),
      loggedIn(upstream.app, "lehrkraft", "gold"),
    ]);
  });
  afterAll(() => upstream.close());

  const expectKey = async (response: Response, i18nKey: string, code: number) => {
    expect(response.status).toBe(code);
    expect(await response.json()).toEqual({ i18nKey, code });
  };
  const locksOf = (personId: string) => upstream.handle.db.select().from(userLock).where(eq(userLock.personId, personId));
  const accountEnabled = async (username: string) => {
    const [row] = await upstream.handle.db
      .select({ enabled: identityAccount.enabled })
      .from(identityAccount)
      .where(eq(identityAccount.username, username));
    return row?.enabled;
  };
  /** Status of the IdP's answer to the password form: 302 = logged in, 401 = refused. */
  const loginStatus = async (username: string) => (await new Browser(upstream.app).login(username)).status;

  /** A person at school A without identity account (created by an import, say). */
  async function personOhneKonto() {
    const id = newId();
    await upstream.handle.db
      .insert(person)
      .values({ id, mandant: MANDANT_ID, vorname: "Konto", familienname: "Los", username: `los${id.slice(0, 6)}` });
    await upstream.handle.db
      .insert(personenkontext)
      .values({ id: newId(), personId: id, organisationId: DEMO_IDS.schuleA, rolleId: DEMO_IDS.rolleLehrkraft });
    return id;
  }

  describe("PUT /api/personen/{id}/lock-user", () => {
    const lock = (browser: Browser, id: string, body: unknown) => browser.json("PUT", `/api/personen/${id}/lock-user`, body);

    it("braucht eine Anmeldung und die zweite Stufe", async () => {
      await errors.unauthorized(await upstream.app.request(`/api/personen/${DEMO_IDS.personLehrkraft}/lock-user`, { method: "PUT" }));
      await expectKey(
        await lock(landesadmin, DEMO_IDS.personLehrkraft, { lock: true, locked_by: ROOT_ORGANISATION_ID }),
        "REQUIRED_STEP_UP_LEVEL_NOT_MET",
        403,
      );
    });

    it("prüft den Körper: lock fehlt, locked_by leer, locked_until kein Datum", async () => {
      const id = demoPersonId("gnissen");
      await errors.validation(await lock(landesadminGold, id, { locked_by: ROOT_ORGANISATION_ID }), "required", "lock");
      await errors.validation(await lock(landesadminGold, id, { lock: true, locked_by: "" }), "required", "locked_by");
      const badDate = await lock(landesadminGold, id, { lock: true, locked_by: ROOT_ORGANISATION_ID, locked_until: "morgen" });
      expect(badDate.status).toBe(400);
      expect(await badDate.json()).toMatchObject(
        version === "current" ? { i18nKey: "INVALID_DATE", code: 400 } : { code: 400, subcode: "09" },
      );
      expect(await locksOf(id)).toEqual([]);
    });

    it("eine ungültige Id scheitert in der Datenbank (500), wie beim Upstream", async () => {
      await errors.internal(await lock(landesadminGold, "123", { lock: true, locked_by: ROOT_ORGANISATION_ID }), "DB_ERROR");
    });

    it("unsichtbare, unbekannte und technische Personen: PERSON_NOT_FOUND (404)", async () => {
      const body = { lock: true, locked_by: DEMO_IDS.schuleA };
      await expectKey(await lock(schuladminGold, demoPersonId("gnissen"), body), "PERSON_NOT_FOUND", 404);
      await expectKey(await lock(schuladminGold, stableId("niemand"), body), "PERSON_NOT_FOUND", 404);
      await expectKey(await lock(landesadminGold, stableId("person:cron-runner"), body), "PERSON_NOT_FOUND", 404);
      await expectKey(await lock(lehrkraftGold, DEMO_IDS.personSchueler, body), "PERSON_NOT_FOUND", 404);
      expect(await locksOf(demoPersonId("gnissen"))).toEqual([]);
    });

    it("eine Person ohne Konto: PERSON_ERROR (500)", async () => {
      await expectKey(
        await lock(landesadminGold, await personOhneKonto(), { lock: true, locked_by: ROOT_ORGANISATION_ID }),
        "PERSON_ERROR",
        500,
      );
    });

    it("die Schuladministration sperrt befristet, ändert die Sperre und hebt sie auf; das Konto folgt", async () => {
      const id = demoPersonId("jmuellerluedenscheidt");
      const until = new Date(Date.now() + 10 * DAY_MS).toISOString();
      const locked = await lock(schuladminGold, id, { lock: true, locked_by: DEMO_IDS.schuleA, locked_until: until });
      expect(locked.status).toBe(202);
      expect(await locked.json()).toEqual({ message: "User has been successfully locked." });
      const [row] = await locksOf(id);
      expect(row).toMatchObject({ lockedOccasion: "MANUELL_GESPERRT", lockedBy: DEMO_IDS.schuleA, lockedUntil: new Date(until) });
      expect(await accountEnabled("jmuellerluedenscheidt")).toBe(false);
      expect(await loginStatus("jmuellerluedenscheidt")).toBe(401);

      // Editing the lock is the same call: still one row per occasion, now unlimited, created as before.
      expect((await lock(schuladminGold, id, { lock: true, locked_by: DEMO_IDS.schuleA })).status).toBe(202);
      const rows = await locksOf(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ lockedUntil: null, createdAt: row?.createdAt });

      const unlocked = await lock(schuladminGold, id, { lock: false, locked_by: DEMO_IDS.schuleA });
      expect(unlocked.status).toBe(202);
      expect(await unlocked.json()).toEqual({ message: "User has been successfully unlocked." });
      expect(await locksOf(id)).toEqual([]);
      expect(await accountEnabled("jmuellerluedenscheidt")).toBe(true);
      expect(await loginStatus("jmuellerluedenscheidt")).toBe(302);
    });

    it("eine KoPers-Sperre bleibt, wenn die manuelle aufgehoben wird, und das Konto bleibt gesperrt", async () => {
      const id = DEMO_IDS.personDoppeltGesperrt;
      expect((await lock(schuladminGold, id, { lock: false, locked_by: DEMO_IDS.schuleA })).status).toBe(202);
      expect((await locksOf(id)).map((l) => l.lockedOccasion)).toEqual(["KOPERS_GESPERRT"]);
      expect(await accountEnabled("fpetersen")).toBe(false);
    });

    it("eine manuelle Sperre neben der KoPers-Sperre ersetzt diese nicht (je Anlass eine Zeile)", async () => {
      const id = DEMO_IDS.personKopersGesperrt;
      expect((await lock(landesadminGold, id, { lock: true, locked_by: ROOT_ORGANISATION_ID })).status).toBe(202);
      const rows = await locksOf(id);
      expect(rows.map((l) => [l.lockedOccasion, l.lockedBy]).sort()).toEqual([
        ["KOPERS_GESPERRT", "Cron"],
        ["MANUELL_GESPERRT", ROOT_ORGANISATION_ID],
      ]);
    });
  });

  describe("DELETE /api/personen/{id}", () => {
    const remove = (browser: Browser, id: string) => browser.json("DELETE", `/api/personen/${id}`);

    it("braucht eine Anmeldung und die zweite Stufe; die Id muss eine UUID sein", async () => {
      await errors.unauthorized(await upstream.app.request(`/api/personen/${DEMO_IDS.personLehrkraft}`, { method: "DELETE" }));
      await expectKey(await remove(landesadmin, DEMO_IDS.personLehrkraft), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403);
      await errors.validation(await remove(landesadminGold, "keine-uuid"), "other", "personId");
    });

    it("nicht sichtbar oder unbekannt: 404; sichtbar, aber ohne Löschrecht: 500 (Eigenheit des Upstreams)", async () => {
      await errors.entityNotFound(await remove(schuladminGold, demoPersonId("gnissen")));
      await errors.entityNotFound(await remove(schuladminGold, stableId("niemand")));
      await errors.entityNotFound(await remove(lehrkraftGold, DEMO_IDS.personSchueler));
      await errors.internal(await remove(schuladminGold, demoPersonId("hoezdemir")), "ENTITY_COULD_NOT_BE_DELETED");
      const [still] = await upstream.handle.db
        .select()
        .from(person)
        .where(eq(person.id, demoPersonId("hoezdemir")));
      expect(still).toBeDefined();
    });

    it("eine Person ohne Konto lässt sich nicht löschen (500)", async () => {
      await errors.internal(await remove(landesadminGold, await personOhneKonto()));
    });

    it("die Landesadministration löscht eine Person samt Konto, Zuordnungen, Sperren und E-Mail-Adressen", async () => {
      const id = DEMO_IDS.personBefristetGesperrt;
      const { db } = upstream.handle;
      const events = vi.spyOn(console, "info").mockImplementation(() => undefined);
      try {
        const response = await remove(landesadminGold, id);
        expect(response.status).toBe(204);
        expect(await response.text()).toBe("");
        expect(events.mock.calls.map(([line]) => String(line))).toEqual([
          expect.stringContaining("PersonenkontextUpdated"),
          expect.stringContaining(`PersonDeleted {"personId":"${id}"`),
        ]);
      } finally {
        events.mockRestore();
      }
      expect(await db.select().from(person).where(eq(person.id, id))).toEqual([]);
      expect(await db.select().from(identityAccount).where(eq(identityAccount.username, "asoennichsen"))).toEqual([]);
      expect(await db.select().from(personenkontext).where(eq(personenkontext.personId, id))).toEqual([]);
      expect(await locksOf(id)).toEqual([]);
      expect(await db.select().from(emailAddress).where(eq(emailAddress.personId, id))).toEqual([]);
      expect(await loginStatus("asoennichsen")).toBe(401);
      await errors.entityNotFound(await remove(landesadminGold, id));
    });
  });

  describe("POST /api/personen/{id}/sync", () => {
    const sync = (browser: Browser, id: string) => browser.json("POST", `/api/personen/${id}/sync`);

    it("braucht eine Anmeldung und die zweite Stufe; die Id muss eine UUID sein", async () => {
      await errors.unauthorized(await upstream.app.request(`/api/personen/${DEMO_IDS.personLehrkraft}/sync`, { method: "POST" }));
      await expectKey(await sync(landesadmin, DEMO_IDS.personLehrkraft), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403);
      await errors.validation(await sync(landesadminGold, "keine-uuid"), "other", "personId");
    });

    it("ohne PERSON_SYNCHRONISIEREN, unbekannt oder technisch: PERSON_NOT_FOUND (404)", async () => {
      await expectKey(await sync(schuladminGold, DEMO_IDS.personLehrkraft), "PERSON_NOT_FOUND", 404);
      await expectKey(await sync(landesadminGold, stableId("niemand")), "PERSON_NOT_FOUND", 404);
      await expectKey(await sync(landesadminGold, stableId("person:cron-runner")), "PERSON_NOT_FOUND", 404);
    });

    it("die Landesadministration stößt die Synchronisation an: 200 ohne Inhalt, das Ereignis steht im Protokoll", async () => {
      const events = vi.spyOn(console, "info").mockImplementation(() => undefined);
      try {
        const response = await sync(landesadminGold, DEMO_IDS.personLehrkraft);
        expect(response.status).toBe(200);
        expect(await response.text()).toBe("");
        expect(events).toHaveBeenCalledWith(
          expect.stringContaining(`PersonExternalSystemsSync {"personId":"${DEMO_IDS.personLehrkraft}"}`),
        );
      } finally {
        events.mockRestore();
      }
    });
  });

  describe("POST /api/organisationen/parents-by-ids", () => {
    const parents = (browser: Browser, body: unknown) => browser.json("POST", "/api/organisationen/parents-by-ids", body);
    const idsOf = async (response: Response) => {
      expect(response.status).toBe(200);
      return ParentOrganisationenResponse.parse(await response.json()).parents.map((o) => o.id);
    };

    it("braucht die zweite Stufe, obwohl es nur liest", async () => {
      await expectKey(await parents(landesadmin, { organisationIds: [] }), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403);
    });

    it("liefert die Organisationen selbst und alle Vorfahren, jede einmal, nach Id sortiert (200)", async () => {
      const ids = await idsOf(
        await parents(schuladminGold, { organisationIds: [DEMO_IDS.klasseMitSchueler, DEMO_IDS.schuleA, DEMO_IDS.ersatzschule] }),
      );
      const expected = [
        DEMO_IDS.klasseMitSchueler,
        DEMO_IDS.schuleA,
        DEMO_IDS.landOeffentlich,
        ROOT_ORGANISATION_ID,
        DEMO_IDS.ersatzschule,
        DEMO_IDS.landErsatz,
      ];
      expect(ids).toEqual([...expected].sort());
    });

    it("ohne Rechteprüfung; unbekannte Ids fallen weg; leere Liste ergibt leere Liste", async () => {
      expect(await idsOf(await parents(lehrkraftGold, { organisationIds: [DEMO_IDS.landErsatz] }))).toEqual(
        [DEMO_IDS.landErsatz, ROOT_ORGANISATION_ID].sort(),
      );
      expect(await idsOf(await parents(landesadminGold, { organisationIds: [stableId("unbekannt")] }))).toEqual([]);
      expect(await idsOf(await parents(landesadminGold, { organisationIds: [] }))).toEqual([]);
    });

    it("prüft den Körper", async () => {
      await errors.validation(await parents(landesadminGold, {}), "required", "organisationIds");
      await errors.validation(await parents(landesadminGold, { organisationIds: ["keine-uuid"] }), "other", "organisationIds");
    });
  });

  describe("Zeitgesteuerte Aufgaben als Cron-Routen", () => {
    async function cronRunner() {
      const { db } = upstream.handle;
      const accountId = stableId("account:cron-runner");
      await db
        .insert(identityAccount)
        .values({ id: accountId, username: "cron-runner", passwordHash: await hashPassword(DEMO_PASSWORD) })
        .onConflictDoNothing();
      await db.update(person).set({ keycloakUserId: accountId }).where(eq(person.username, "cron-runner"));
      return loggedIn(upstream.app, "cron-runner");
    }

    it("brauchen eine Anmeldung; ohne CRON_DURCHFUEHREN an ROOT: 500 (Eigenheit des Upstreams)", async () => {
      await errors.unauthorized(await upstream.app.request("/api/cron/unlock", { method: "PUT" }));
      await errors.internal(await landesadminGold.json("PUT", "/api/cron/kopers-lock"));
      await errors.internal(await landesadminGold.json("PUT", "/api/cron/unlock"));
    });

    it("der technische Cron-Benutzer lässt beide laufen; Antwort true als Text", async () => {
      const cron = await cronRunner();
      const { db } = upstream.handle;
      // due for the KoPers lock: Ulrike Weiß's kontext is now 60 days old
      await db
        .update(personenkontext)
        .set({ createdAt: new Date(Date.now() - 60 * DAY_MS) })
        .where(eq(personenkontext.personId, demoPersonId("uweiss")));
      const kopers = await cron.json("PUT", "/api/cron/kopers-lock");
      expect(kopers.status).toBe(200);
      expect(await kopers.text()).toBe("true");
      expect(await locksOf(demoPersonId("uweiss"))).toMatchObject([
        { lockedOccasion: "KOPERS_GESPERRT", lockedBy: "Cron", lockedUntil: null },
      ]);
      expect(await accountEnabled("uweiss")).toBe(false);

      // a time-limited lock whose end has passed
      await db
        .update(userLock)
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(userLock.personId, demoPersonId("lgruenwald")));
      const unlock = await cron.json("PUT", "/api/cron/unlock");
      expect(await unlock.text()).toBe("true");
      expect(await locksOf(demoPersonId("lgruenwald"))).toEqual([]);
      expect(await accountEnabled("lgruenwald")).toBe(true);
    });
  });
});

describe("Zeitgesteuerte Sperren, mit vorgegebener Uhrzeit", () => {
  let upstream: TestUpstream;
  beforeAll(async () => {
    upstream = await startTestUpstream();
  });
  afterAll(() => upstream.close());

  const kopersLocks = () => upstream.handle.db.select().from(userLock).where(eq(userLock.lockedOccasion, "KOPERS_GESPERRT"));
  const accountEnabled = async (username: string) =>
    (
      await upstream.handle.db
        .select({ enabled: identityAccount.enabled })
        .from(identityAccount)
        .where(eq(identityAccount.username, username))
    )[0]?.enabled;

  it("die Demodaten sind beim Anlegen schon im Takt: der erste Lauf ändert nichts", async () => {
    const now = new Date();
    expect(await runKopersLockJob(upstream.handle.db, now)).toEqual({ ok: true, personIds: [] });
    expect(await runUnlockJob(upstream.handle.db, now)).toEqual({ ok: true, personIds: [] });
  });

  it("KoPers: gesperrt wird genau zu der Frist, die logininfo dem Benutzer nennt (56 Tage nach der ersten Zuordnung)", async () => {
    const browser = await loggedIn(upstream.app, "kopers");
    const info = UserinfoResponse.parse(await (await browser.get("/api/auth/logininfo")).json());
    const deadline = info.timeLimits.find((limit) => limit.occasion === "KOPERS")?.deadline;
    expect(deadline).toBeDefined();
    const [kontext] = await upstream.handle.db
      .select()
      .from(personenkontext)
      .where(eq(personenkontext.personId, stableId("person:kopers")));
    expect(new Date(deadline!).getTime()).toBe(kontext!.createdAt.getTime() + KOPERS_LOCK_DAYS * DAY_MS);

    const before = new Date(new Date(deadline!).getTime() - 1);
    expect((await runKopersLockJob(upstream.handle.db, before)).personIds).not.toContain(stableId("person:kopers"));
    expect(await accountEnabled("kopers")).toBe(true);

    const lockedBefore = (await kopersLocks()).length;
    const result = await runKopersLockJob(upstream.handle.db, new Date(deadline!));
    expect(result).toEqual({ ok: true, personIds: [stableId("person:kopers")] });
    expect(await kopersLocks()).toHaveLength(lockedBefore + 1);
    const [lock] = await upstream.handle.db
      .select()
      .from(userLock)
      .where(eq(userLock.personId, stableId("person:kopers")));
    expect(lock).toMatchObject({ lockedBy: "Cron", lockedUntil: null, lockedOccasion: "KOPERS_GESPERRT" });
    expect(await accountEnabled("kopers")).toBe(false);
    expect((await new Browser(upstream.app).login("kopers")).status).toBe(401);
  });

  it("KoPers: Personen mit Nummer und schon gesperrte bleiben unberührt, auch Wochen später", async () => {
    const later = new Date(Date.now() + 40 * DAY_MS);
    const result = await runKopersLockJob(upstream.handle.db, later);
    // 20 days old + 40 = 60: Ulrike Weiß; 5 + 40 = 45: Christiane Ehlers-Bünz not yet
    expect(result.personIds).toEqual([stableId("person:uweiss")]);
    expect(await runKopersLockJob(upstream.handle.db, later)).toEqual({ ok: true, personIds: [] });
    const lockedWithNumber = await upstream.handle.db.execute(
      sql`SELECT 1 FROM user_lock ul JOIN person p ON p.id = ul.person_id WHERE ul.locked_occasion = 'KOPERS_GESPERRT' AND p.personalnummer IS NOT NULL`,
    );
    expect((lockedWithNumber as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it("Entsperren: abgelaufene Sperren fallen weg, das Konto wird nur ohne weitere Sperre wieder aktiv", async () => {
    const { db } = upstream.handle;
    // Frauke Petersen: her manual lock ends now, the KoPers lock stays
    await db
      .update(userLock)
      .set({ lockedUntil: new Date(Date.now() + 5 * DAY_MS) })
      .where(and(eq(userLock.personId, DEMO_IDS.personDoppeltGesperrt), eq(userLock.lockedOccasion, "MANUELL_GESPERRT")));
    const inThreeWeeks = new Date(Date.now() + 22 * DAY_MS);
    const result = await runUnlockJob(db, inThreeWeeks);
    // Lea Grünwald (21 days) and Frauke Petersen (5 days); Annegret Sönnichsen (30 days) not yet
    expect(result.personIds.sort()).toEqual([stableId("person:lgruenwald"), DEMO_IDS.personDoppeltGesperrt].sort());
    expect(await accountEnabled("lgruenwald")).toBe(true);
    expect(await accountEnabled("fpetersen")).toBe(false);
    expect(
      (await db.select().from(userLock).where(eq(userLock.personId, DEMO_IDS.personDoppeltGesperrt))).map((l) => l.lockedOccasion),
    ).toEqual(["KOPERS_GESPERRT"]);
    expect(await accountEnabled("asoennichsen")).toBe(false);
  });
});
