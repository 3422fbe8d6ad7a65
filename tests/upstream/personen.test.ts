import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PersonendatensatzResponse } from "../../upstream/contract/index.ts";
import { emailAddress, identityAccount, person, personenkontext, uemPassword, userLock } from "../../upstream/reference/db/schema.ts";
import { newId, stableId } from "../../upstream/reference/lib/ids.ts";
import { verifyPassword } from "../../upstream/reference/lib/password.ts";
import { PERSON_MANDANT } from "../../upstream/reference/lib/personen.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { API_VERSIONS, Browser, type TestUpstream, errorBodies, loggedIn, startTestUpstream } from "./support.ts";

const START_PASSWORD = /^\p{Lu}\p{Ll}{3,}\d{2}[+\-*/%&!?@$#]$/u;
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const id = (username: string) => stableId(`person:${username}`);

// Every behaviour runs against both imitated upstream versions; where the answers differ, `errors` knows both bodies.
describe.each(API_VERSIONS)("Personendatensatz (Upstream-Version %s)", (version) => {
  let upstream: TestUpstream;
  let landesadmin: Browser;
  let landesadminGold: Browser;
  let schuladmin: Browser;
  let schuladminGold: Browser;
  let lehrkraft: Browser;
  const errors = errorBodies(version);

  beforeAll(async () => {
    upstream = await startTestUpstream({ apiVersion: version });
    [landesadmin, landesadminGold, schuladmin, schuladminGold, lehrkraft] = await Promise.all([
      loggedIn(upstream.app, "landesadmin"),
      loggedIn(upstream.app, "landesadmin", "gold"),
      loggedIn(upstream.app, "schuladmin"),
      loggedIn(upstream.app, "schuladmin", "gold"),
      loggedIn(upstream.app, "lehrkraft", "gold"),
    ]);
  });
  afterAll(() => upstream.close());

  const db = () => upstream.handle.db;
  const dbiam = async (response: Response, i18nKey: string, code: number) => {
    expect(response.status).toBe(code);
    expect(await response.json()).toEqual({ i18nKey, code });
  };
  const stepUp = (response: Response) => dbiam(response, "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403);
  /** Whether `password` is the person's stored device password, of which only a hash is stored. */
  const isDevicePassword = async (personId: string, password: string) => {
    const [row] = await db().select().from(uemPassword).where(eq(uemPassword.personId, personId));
    if (!row) return false;
    expect(row.passwordHash).not.toContain(password);
    return verifyPassword(password, row.passwordHash);
  };
  const read = async (browser: Browser, personId: string) => {
    const response = await browser.get(`/api/personen/${personId}`);
    expect(response.status).toBe(200);
    return PersonendatensatzResponse.parse(await response.json()).person;
  };
  /** A person of school A with a teacher role that only this test uses. */
  const newTeacher = async (vorname: string, familienname: string, options: { account?: boolean; username?: string | null } = {}) => {
    const personId = newId();
    const accountId = options.account === false ? null : newId();
    const username = options.username === undefined ? `${vorname}.${familienname}.${personId.slice(0, 6)}`.toLowerCase() : options.username;
    if (accountId)
      await db()
        .insert(identityAccount)
        .values({ id: accountId, username: username ?? accountId, passwordHash: "x" });
    await db().insert(person).values({ id: personId, keycloakUserId: accountId, username, mandant: PERSON_MANDANT, vorname, familienname });
    await db()
      .insert(personenkontext)
      .values({ id: newId(), personId, organisationId: DEMO_IDS.schuleA, rolleId: DEMO_IDS.rolleLehrkraft });
    return { personId, accountId };
  };
  const metadata = (browser: Browser, personId: string, body: Record<string, unknown>) =>
    browser.json("PATCH", `/api/personen/${personId}/metadata`, body);
  /** The metadata body of a change of the person as read right now. */
  const change = async (personId: string, fields: Record<string, unknown>) => {
    const current = await read(landesadmin, personId);
    return {
      vorname: current.name.vorname,
      familienname: current.name.familienname,
      revision: current.revision,
      lastModified: current.lastModified,
      ...fields,
    };
  };

  describe("GET /api/personen/{id}", () => {
    it("verlangt eine Anmeldung und eine UUID", async () => {
      await errors.unauthorized(await upstream.app.request(`/api/personen/${id("lehrkraft")}`));
      await errors.validation(await landesadmin.get("/api/personen/keine-uuid"), "other", "personId");
    });

    it("liefert einer Landesadministratorin den Datensatz schon auf Stufe silber", async () => {
      const response = await landesadmin.get(`/api/personen/${id("lehrkraft")}`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { person: Record<string, unknown> };
      expect(body.person).toMatchObject({
        id: id("lehrkraft"),
        username: "lehrkraft",
        mandant: PERSON_MANDANT,
        name: { vorname: "Lara", familienname: "Lehmann" },
        revision: "1",
        personalnummer: "4711002",
        isLocked: false,
        userLock: [],
      });
      expect(new Date(String(body.person.lastModified)).toISOString()).toBe(body.person.lastModified);
      expect(body.person).not.toHaveProperty("email");
      expect(body.person).not.toHaveProperty("startpasswort");
      // Empty columns: the pinned version sends null, the current one omits them.
      if (version === "pinned") expect(body.person.stammorganisation).toBeNull();
      else expect(body.person).not.toHaveProperty("stammorganisation");
    });

    it("zeigt Sperren, den Kontostatus und die primäre E-Mail-Adresse", async () => {
      const { personId, accountId } = await newTeacher("Gesa", "Gesperrt");
      await db()
        .update(identityAccount)
        .set({ enabled: false })
        .where(eq(identityAccount.id, accountId ?? ""));
      await db()
        .insert(userLock)
        .values([
          {
            personId,
            lockedBy: DEMO_IDS.schuleA,
            lockedOccasion: "MANUELL_GESPERRT",
            lockedUntil: new Date("2030-01-01T23:00:00.000Z"),
            createdAt: new Date("2026-01-02T10:00:00.000Z"),
          },
          { personId, lockedBy: "Cron", lockedOccasion: "KOPERS_GESPERRT", createdAt: new Date("2026-01-03T10:00:00.000Z") },
        ]);
      await db()
        .insert(emailAddress)
        .values([
          { address: "alt@schule.example", personId, status: "DISABLED", updatedAt: new Date("2026-01-05T00:00:00.000Z") },
          { address: "aktiv@schule.example", personId, status: "ENABLED", updatedAt: new Date("2026-01-01T00:00:00.000Z") },
        ]);
      const body = (await (await landesadmin.get(`/api/personen/${personId}`)).json()) as { person: Record<string, unknown> };
      expect(body.person.isLocked).toBe(true);
      expect(body.person.userLock).toEqual([
        {
          personId,
          locked_by: DEMO_IDS.schuleA,
          created_at: "2026-01-02T10:00:00.000Z",
          locked_until: "2030-01-01T23:00:00.000Z",
          lock_occasion: "MANUELL_GESPERRT",
        },
        { personId, locked_by: "Cron", created_at: "2026-01-03T10:00:00.000Z", lock_occasion: "KOPERS_GESPERRT" },
      ]);
      expect(body.person.email).toEqual({ status: "ENABLED", address: "aktiv@schule.example" });

      // Without an enabled address the most recently updated one is the primary one.
      await db().delete(emailAddress).where(eq(emailAddress.address, "aktiv@schule.example"));
      await db()
        .insert(emailAddress)
        .values({ address: "neu@schule.example", personId, status: "REQUESTED", updatedAt: new Date("2026-01-04T00:00:00.000Z") });
      expect((await read(landesadmin, personId)).email).toEqual({ status: "DISABLED", address: "alt@schule.example" });
    });

    it("ohne Identitätskonto: nicht gesperrt und keine Sperren", async () => {
      const { personId } = await newTeacher("Karl", "Kontolos", { account: false });
      await db().insert(userLock).values({ personId, lockedBy: "Cron", lockedOccasion: "KOPERS_GESPERRT" });
      const found = await read(landesadmin, personId);
      expect(found.isLocked).toBe(false);
      expect(found.userLock).toEqual([]);
    });

    it("ein Schuladmin sieht Personen seiner Schule, andere nicht", async () => {
      expect((await read(schuladmin, id("lehrkraft"))).username).toBe("lehrkraft");
      await errors.entityNotFound(await schuladmin.get(`/api/personen/${id("ohnetoken")}`));
      await errors.entityNotFound(await schuladmin.get(`/api/personen/${UNKNOWN_ID}`));
    });

    it("technische Personen und Personen ohne Recht des Aufrufers sind nicht zu finden", async () => {
      await errors.entityNotFound(await landesadmin.get(`/api/personen/${id("cron-runner")}`));
      await errors.entityNotFound(await lehrkraft.get(`/api/personen/${id("schueler")}`));
    });
  });

  describe("PATCH /api/personen/{id}/metadata", () => {
    it("verlangt Stufe gold vor jeder Prüfung der Eingabe", async () => {
      await stepUp(await metadata(landesadmin, "keine-uuid", { vorname: "" }));
    });

    it("prüft die Eingabe wie der Upstream: die erste fehlerhafte Eigenschaft zählt", async () => {
      const valid = await change(id("neulehrkraft"), { vorname: "Nora" });
      await errors.validation(await metadata(landesadminGold, "keine-uuid", valid), "other", "personId");
      await errors.validation(
        await metadata(landesadminGold, id("neulehrkraft"), { ...valid, familienname: "N" }),
        "other",
        "familienname",
      );
      await errors.validation(await metadata(landesadminGold, id("neulehrkraft"), { ...valid, vorname: "" }), "required", "vorname");
      await errors.validation(await metadata(landesadminGold, id("neulehrkraft"), { ...valid, vorname: "R2D2" }), "other", "vorname");
      const missing = await metadata(landesadminGold, id("neulehrkraft"), { ...valid, lastModified: "gestern" });
      if (version === "current") await dbiam(missing, "INVALID_DATE", 400);
      else expect(((await missing.json()) as { subcode: string }).subcode).toBe("09");
    });

    it("eine KoPers-Nummer für eine Person ohne KoPers-Pflicht ist ein PERSON_ERROR 500, noch vor der Rechteprüfung", async () => {
      const body = await change(id("schueler"), { personalnummer: "1234567" });
      await dbiam(await metadata(landesadminGold, id("schueler"), body), "PERSON_ERROR", 500);
      await dbiam(await metadata(lehrkraft, UNKNOWN_ID, body), "PERSON_ERROR", 500);
    });

    it("unbekannte Personen: 404; fremde Personen: fehlende Rechte", async () => {
      const body = await change(id("ohnetoken"), { vorname: "Ole" });
      await errors.entityNotFound(await metadata(landesadminGold, UNKNOWN_ID, body));
      await errors.missingPermissions(await metadata(schuladminGold, id("ohnetoken"), body));
      await errors.missingPermissions(await metadata(lehrkraft, id("schueler"), await change(id("schueler"), { vorname: "Sam" })));
    });

    it("Leerzeichen am Rand, unveränderte Namen, veraltete Stände und doppelte KoPers-Nummern werden abgewiesen", async () => {
      const personId = id("liv");
      await dbiam(
        await metadata(landesadminGold, personId, await change(personId, { vorname: " Lisa" })),
        "VORNAME_ENTHAELT_LEERZEICHEN",
        400,
      );
      await dbiam(
        await metadata(landesadminGold, personId, await change(personId, { familienname: "Voss " })),
        "FAMILIENNAME_ENTHAELT_LEERZEICHEN",
        400,
      );
      await dbiam(await metadata(landesadminGold, personId, await change(personId, {})), "PERSONALNUMMER_REQUIRED", 400);
      await dbiam(
        await metadata(landesadminGold, personId, await change(personId, { vorname: "Lisann", lastModified: "2000-01-01T00:00:00.000Z" })),
        "NEWER_VERSION_OF_PERSON_AVAILABLE",
        400,
      );
      const wrongRevision = await metadata(landesadminGold, personId, await change(personId, { vorname: "Lisann", revision: "7" }));
      if (version === "current") await dbiam(wrongRevision, "MISMATCHED_REVISION", 409);
      else expect(await wrongRevision.json()).toMatchObject({ code: 409, subcode: "00" });
      await dbiam(await metadata(landesadminGold, personId, await change(personId, { personalnummer: " 4711004" })), "PERSON_ERROR", 500);
      await dbiam(
        await metadata(landesadminGold, personId, await change(personId, { personalnummer: "4711001" })),
        "PERSONALNUMMER_NICHT_EINDEUTIG",
        400,
      );
      // Nothing of it was stored.
      expect(await read(landesadmin, personId)).toMatchObject({
        revision: "1",
        name: { vorname: "Lisa", familienname: "Voss" },
        personalnummer: "4711004",
      });
    });

    it("ein neuer Nachname gibt einen neuen Benutzernamen, auch dem Konto; besetzte Namen bekommen eine Nummer", async () => {
      // (The demo data already has a Jörg Müller-Lüdenscheidt, so these are named otherwise.)
      const { personId, accountId } = await newTeacher("Jörg", "Alt");
      const response = await metadata(landesadminGold, personId, await change(personId, { familienname: "Grünwald-Øster" }));
      expect(response.status).toBe(200);
      const body = (await response.json()) as { person: Record<string, unknown> };
      expect(body.person).toMatchObject({ username: "jgruenwaldoester", revision: "2", userLock: [] });
      expect(body.person).not.toHaveProperty("isLocked");
      expect(body.person).not.toHaveProperty("email");
      const [account] = await db()
        .select()
        .from(identityAccount)
        .where(eq(identityAccount.id, accountId ?? ""));
      expect(account.username).toBe("jgruenwaldoester");

      const second = await newTeacher("Jana", "Anders");
      const renamed = await metadata(landesadminGold, second.personId, await change(second.personId, { familienname: "Grünwald Øster" }));
      expect(((await renamed.json()) as { person: { username: string } }).person.username).toBe("jgruenwaldoester1");
    });

    it("derselbe Anfangsbuchstabe und derselbe Nachname behalten den Benutzernamen", async () => {
      const { personId } = await newTeacher("Tom", "Tester", { username: "ttester-eigen" });
      const response = await metadata(landesadminGold, personId, await change(personId, { vorname: "Thomas", familienname: "Téster" }));
      expect(response.status).toBe(200);
      expect(await read(landesadmin, personId)).toMatchObject({
        username: "ttester-eigen",
        name: { vorname: "Thomas", familienname: "Téster" },
      });
    });

    it("aus Namen ohne Buchstaben lässt sich kein Benutzername bilden", async () => {
      const { personId } = await newTeacher("Uwe", "Unbenannt");
      const response = await metadata(landesadminGold, personId, await change(personId, { familienname: ".-" }));
      if (version === "current") await dbiam(response, "INVALID_NAME", 400);
      else expect(await response.json()).toMatchObject({ code: 400, subcode: "00" });
    });

    it("ein Schuladmin ändert eine Person seiner Schule; die neue Anmeldung gilt mit dem neuen Benutzernamen", async () => {
      const response = await metadata(schuladminGold, id("lehrkraft"), await change(id("lehrkraft"), { familienname: "Lehmann-Groß" }));
      expect(response.status).toBe(200);
      expect((await read(landesadmin, id("lehrkraft"))).username).toBe("llehmanngross");
      const browser = new Browser(upstream.app);
      expect((await browser.login("llehmanngross")).headers.get("Location")).toBe("/start");
    });

    it("eine KoPers-Nummer hebt die KoPers-Sperre auf und öffnet das Konto, wenn keine andere Sperre bleibt", async () => {
      const gesperrt = await newTeacher("Kim", "Kopers");
      const doppelt = await newTeacher("Kurt", "Kopers");
      for (const { personId, accountId } of [gesperrt, doppelt]) {
        await db()
          .update(identityAccount)
          .set({ enabled: false })
          .where(eq(identityAccount.id, accountId ?? ""));
        await db().insert(userLock).values({ personId, lockedBy: "Cron", lockedOccasion: "KOPERS_GESPERRT" });
      }
      await db().insert(userLock).values({ personId: doppelt.personId, lockedBy: DEMO_IDS.schuleA, lockedOccasion: "MANUELL_GESPERRT" });

      expect(
        (await metadata(landesadminGold, gesperrt.personId, await change(gesperrt.personId, { personalnummer: "8800001" }))).status,
      ).toBe(200);
      expect(await read(landesadmin, gesperrt.personId)).toMatchObject({ personalnummer: "8800001", isLocked: false, userLock: [] });

      expect(
        (await metadata(landesadminGold, doppelt.personId, await change(doppelt.personId, { personalnummer: "8800002" }))).status,
      ).toBe(200);
      const stillLocked = await read(landesadmin, doppelt.personId);
      expect(stillLocked.isLocked).toBe(true);
      expect(stillLocked.userLock.map((lock) => lock.lock_occasion)).toEqual(["MANUELL_GESPERRT"]);
    });

    it("ein Revisionskonflikt hebt keine KoPers-Sperre auf", async () => {
      const { personId } = await newTeacher("Kira", "Konflikt");
      await db().insert(userLock).values({ personId, lockedBy: "Cron", lockedOccasion: "KOPERS_GESPERRT" });
      const response = await metadata(landesadminGold, personId, await change(personId, { personalnummer: "8800003", revision: "2" }));
      expect(response.status).toBe(409);
      expect((await read(landesadmin, personId)).userLock).toHaveLength(1);
    });
  });

  describe("PATCH /api/personen/{id}/password", () => {
    it("verlangt Stufe gold, eine UUID und eine sichtbare Person", async () => {
      await stepUp(await landesadmin.json("PATCH", `/api/personen/${id("schueler")}/password`));
      await errors.validation(await landesadminGold.json("PATCH", "/api/personen/keine-uuid/password"), "other", "personId");
      await errors.entityNotFound(await schuladminGold.json("PATCH", `/api/personen/${id("ohnetoken")}/password`));
      await errors.entityNotFound(await lehrkraft.json("PATCH", `/api/personen/${id("schueler")}/password`));
    });

    it("setzt ein neues vorläufiges Passwort und gibt es einmal als Text zurück; die Anmeldung verlangt ein neues", async () => {
      const response = await schuladminGold.json("PATCH", `/api/personen/${id("schueler")}/password`);
      expect(response.status).toBe(202);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
      const password = await response.text();
      expect(password).toMatch(START_PASSWORD);
      const [account] = await db().select().from(identityAccount).where(eq(identityAccount.username, "schueler"));
      expect(account.passwordTemporary).toBe(true);
      expect(account.passwordHash).not.toContain(password);
      expect(await verifyPassword(password, account.passwordHash)).toBe(true);

      const browser = new Browser(upstream.app);
      await browser.follow(await browser.get("/api/auth/login?redirectUrl=/start"));
      const login = await browser.postForm("/api/auth/idp/login?acr=silver", { username: "schueler", password });
      expect(login.headers.get("Location")).toContain("/api/auth/idp/passwort-neu");
    });

    it("eine Person ohne Identitätskonto: Fehler des Identitätsdienstes", async () => {
      const { personId } = await newTeacher("Ida", "Ohnekonto", { account: false });
      await errors.internal(await landesadminGold.json("PATCH", `/api/personen/${personId}/password`), "KEYCLOAK_CLIENT_ERROR");
    });
  });

  describe("PATCH /api/personen/{id}/uem-password", () => {
    it("verlangt Stufe gold und eine sichtbare Person", async () => {
      await stepUp(await landesadmin.json("PATCH", `/api/personen/${id("lehrkraft")}/uem-password`));
      await errors.entityNotFound(await schuladminGold.json("PATCH", `/api/personen/${id("ohnetoken")}/uem-password`));
      await errors.entityNotFound(await landesadminGold.json("PATCH", `/api/personen/${UNKNOWN_ID}/uem-password`));
    });

    it("gibt einer Lehrkraft ein Geräte-Passwort; gespeichert wird nur ein Hash", async () => {
      const response = await landesadminGold.json("PATCH", `/api/personen/${id("liv")}/uem-password`);
      expect(response.status).toBe(202);
      const password = await response.text();
      expect(password).toMatch(START_PASSWORD);
      expect(await isDevicePassword(id("liv"), password)).toBe(true);
      // The login password is untouched and not temporary.
      const [account] = await db().select().from(identityAccount).where(eq(identityAccount.username, "liv"));
      expect(account.passwordTemporary).toBe(false);

      const again = await (await landesadminGold.json("PATCH", `/api/personen/${id("liv")}/uem-password`)).text();
      expect(await isDevicePassword(id("liv"), again)).toBe(true);
    });

    it("Personen ohne Lehrer-Zuordnung haben keinen Eintrag für ein Geräte-Passwort", async () => {
      await dbiam(
        await landesadminGold.json("PATCH", `/api/personen/${id("schueler")}/uem-password`),
        "PERSON_UEM_PASSWORD_MODIFICATION_ERROR",
        500,
      );
      const rows = await db()
        .select()
        .from(uemPassword)
        .where(and(eq(uemPassword.personId, id("schueler"))));
      expect(rows).toEqual([]);
    });

    it("eine Person ohne Benutzernamen: 500", async () => {
      const { personId } = await newTeacher("Nele", "Namenlos", { account: false, username: null });
      const response = await landesadminGold.json("PATCH", `/api/personen/${personId}/uem-password`);
      if (version === "current") await dbiam(response, "PERSON_ERROR", 500);
      else await errors.internal(response);
    });
  });

  describe("PATCH /api/personen/uem-password (das eigene Gerätepasswort)", () => {
    it("eine Lehrkraft erzeugt ihr eigenes Gerätepasswort ohne Stufe gold; gespeichert wird nur ein Hash", async () => {
      // a teacher without a second factor, logged in with the password alone (silver)
      const caller = await loggedIn(upstream.app, "kopers");
      const response = await caller.json("PATCH", "/api/personen/uem-password");
      expect(response.status).toBe(202);
      const password = await response.text();
      expect(password).toMatch(START_PASSWORD);
      expect(await isDevicePassword(id("kopers"), password)).toBe(true);
    });

    it("gilt immer der eigenen Person: eine Kennung im Körper ändert nichts daran", async () => {
      const response = await lehrkraft.json("PATCH", "/api/personen/uem-password", { personId: id("liv") });
      expect(response.status).toBe(202);
      const password = await response.text();
      expect(await isDevicePassword(id("lehrkraft"), password)).toBe(true);
      expect(await isDevicePassword(id("liv"), password)).toBe(false);
    });

    it("wer keine Lehrer-Zuordnung hat, bekommt den LDAP-Fehler und kein Gerätepasswort", async () => {
      await dbiam(await landesadmin.json("PATCH", "/api/personen/uem-password"), "PERSON_UEM_PASSWORD_MODIFICATION_ERROR", 500);
      const rows = await db()
        .select()
        .from(uemPassword)
        .where(eq(uemPassword.personId, id("landesadmin")));
      expect(rows).toEqual([]);
    });

    it("verlangt eine Anmeldung", async () => {
      await errors.unauthorized(await upstream.app.request("/api/personen/uem-password", { method: "PATCH" }));
    });

    if (version === "current") {
      it("verlangt das CSRF-Token", async () => {
        const response = await lehrkraft.request("/api/personen/uem-password", { method: "PATCH" });
        expect(response.status).toBe(400);
      });
    }
  });

  if (version === "current") {
    it("Schreibzugriffe ohne CSRF-Token werden abgewiesen", async () => {
      const response = await landesadminGold.request(`/api/personen/${id("lehrkraft")}/password`, { method: "PATCH" });
      expect(response.status).toBe(400);
    });
  }
});
