import { randomUUID } from "node:crypto";
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ImportResultResponse,
  ImportUploadResponse,
  ImportVorgangResponse,
  ImportVorgangStatusResponse,
  PAGING_HEADERS,
} from "../../upstream/contract/index.ts";
import {
  identityAccount,
  importDataItem,
  importvorgang,
  person,
  personenkontext,
  rolle,
  rolleSystemrecht,
} from "../../upstream/reference/db/schema.ts";
import { stableId } from "../../upstream/reference/lib/ids.ts";
import { createImportJobs } from "../../upstream/reference/lib/import-job.ts";
import { START_PASSWORD_COST, STANDARD_COST, hashCost, verifyPassword } from "../../upstream/reference/lib/password.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { API_VERSIONS, Browser, type TestUpstream, errorBodies, expectDbiamKey, loggedIn, startTestUpstream } from "./support.ts";

const A = DEMO_IDS.schuleA;
const B = DEMO_IDS.schuleB;
const SCHUELER = DEMO_IDS.rolleSchueler;
const WEBUNTIS_SCHUELER = stableId("rolle:webuntis-schueler");
const LEHRKRAFT = DEMO_IDS.rolleLehrkraft;
const KLASSE_7B = DEMO_IDS.klasseMitSchueler;
/** Imported start passwords are random (decision 027): three groups of four unambiguous characters. */
const START_PASSWORD = /^[a-hjkmnp-x2-9]{4}-[a-hjkmnp-x2-9]{4}-[a-hjkmnp-x2-9]{4}$/;

interface UploadOptions {
  organisationId?: string | null;
  rolleId?: string | null;
  type?: string;
  /** false: no file part at all */
  file?: boolean;
  csrf?: boolean;
}

/** POST /api/import/upload as the portal sends it: multipart form, CSRF token in the header. */
async function upload(browser: Browser, csv: string | Blob, options: UploadOptions = {}) {
  const form = new FormData();
  if (options.organisationId !== null) form.set("organisationId", options.organisationId ?? A);
  if (options.rolleId !== null) form.set("rolleId", options.rolleId ?? SCHUELER);
  if (options.file !== false)
    form.set("file", csv instanceof Blob ? csv : new Blob([csv], { type: options.type ?? "text/csv" }), "schueler.csv");
  const headers = new Headers();
  const token = options.csrf === false ? null : await browser.csrfToken();
  if (token) headers.set("X-CSRF-Token", token);
  return browser.request("/api/import/upload", { method: "POST", headers, body: form });
}

const csvOf = (...lines: string[]) => `${lines.join("\n")}\n`;

describe.each(API_VERSIONS)("CSV-Import /api/import/* (Upstream-Version %s)", (version) => {
  let upstream: TestUpstream;
  let landesadmin: Browser;
  let landesadminGold: Browser;
  let schuladminGold: Browser;
  const errors = errorBodies(version);

  beforeAll(async () => {
    upstream = await startTestUpstream({ apiVersion: version });
    [landesadmin, landesadminGold, schuladminGold] = await Promise.all([
      loggedIn(upstream.app, "landesadmin"),
      loggedIn(upstream.app, "landesadmin", "gold"),
      loggedIn(upstream.app, "schuladmin", "gold"),
    ]);
  });
  afterAll(async () => {
    await upstream.app.importJobs.stop();
    await upstream.close();
  });

  const db = () => upstream.handle.db;
  const personCount = async () => (await db().select({ n: count() }).from(person))[0].n;
  const uploaded = async (response: Response) => {
    expect(response.status).toBe(201);
    return ImportUploadResponse.parse(await response.json());
  };
  const statusOf = async (id: string, browser = landesadminGold) => {
    const response = await browser.get(`/api/import/${id}/status`);
    expect(response.status).toBe(200);
    return ImportVorgangStatusResponse.parse(await response.json());
  };
  const execute = (id: string, browser = landesadminGold) => browser.json("POST", "/api/import/execute", { importvorgangId: id });
  /** Upload + execute + wait for the background job. */
  const imported = async (csv: string) => {
    const { importvorgangId } = await uploaded(await upload(landesadminGold, csv));
    expect((await execute(importvorgangId)).status).toBe(204);
    await upstream.app.importJobs.idle();
    return importvorgangId;
  };
  const importedUsers = async (id: string, query = "") => {
    const response = await landesadminGold.get(`/api/import/importedUsers?importvorgangId=${id}${query}`);
    expect(response.status).toBe(200);
    return ImportResultResponse.parse(await response.json());
  };

  it("lädt eine gültige Datei hoch, legt noch niemanden an und führt sie im Hintergrund aus", async () => {
    const before = await personCount();
    const body = await uploaded(await upload(landesadminGold, csvOf("Nachname;Vorname;Klasse", "Mustermann;Max;7b", "Öztürk;Ayşe;5a")));
    expect(body).toEqual({
      importvorgangId: expect.any(String),
      isValid: true,
      totalImportDataItems: 2,
      totalInvalidImportDataItems: 0,
      invalidImportDataItems: [],
    });
    expect(await statusOf(body.importvorgangId)).toEqual({ dataItemCount: 2, status: "VALID", totalDataItemImported: 0 });
    expect(await personCount()).toBe(before);

    expect((await execute(body.importvorgangId)).status).toBe(204);
    await upstream.app.importJobs.idle();
    expect(await statusOf(body.importvorgangId)).toEqual({ dataItemCount: 2, status: "FINISHED", totalDataItemImported: 2 });
    expect(await personCount()).toBe(before + 2);

    const result = await importedUsers(body.importvorgangId);
    expect(result).toMatchObject({
      importvorgandId: body.importvorgangId,
      rollenname: "itslearning-Schüler",
      organisationsname: "Gemeinschaftsschule am Deich",
      total: 2,
      pageTotal: 2,
    });
    const max = result.importedUsers.find((user) => user.vorname === "Max");
    expect(max).toMatchObject({ klasse: "7b", nachname: "Mustermann", benutzername: "mmustermann", status: "SUCCESS" });
    expect(max?.startpasswort).toMatch(START_PASSWORD);
    const [created] = await db().select().from(person).where(eq(person.username, "mmustermann"));
    const kontexte = await db().select().from(personenkontext).where(eq(personenkontext.personId, created.id));
    expect(kontexte.map((k) => [k.organisationId, k.rolleId]).sort()).toEqual(
      [
        [A, SCHUELER],
        [KLASSE_7B, SCHUELER],
      ].sort(),
    );
    const [account] = await db().select().from(identityAccount).where(eq(identityAccount.username, "mmustermann"));
    expect(account.passwordTemporary).toBe(true);
    expect(await verifyPassword(max?.startpasswort ?? "", account.passwordHash)).toBe(true);
    // only encrypted in the database
    const [row] = await db().select().from(importDataItem).where(eq(importDataItem.username, "mmustermann"));
    expect(row.password).not.toContain(max?.startpasswort);
    expect(row.password).toMatch(/^[0-9a-f]+\|[0-9a-f]{32}$/);
    // hashed at the start-password cost; the pupil logs in with it and must set a new one, hashed at the standard cost
    expect(hashCost(account.passwordHash)).toBe(START_PASSWORD_COST);
    const pupil = new Browser(upstream.app);
    await pupil.follow(await pupil.get("/api/auth/login?redirectUrl=/start"));
    const loginResponse = await pupil.postForm("/api/auth/idp/login?acr=silver", {
      username: "mmustermann",
      password: max?.startpasswort ?? "",
    });
    expect(loginResponse.headers.get("Location")).toBe("/api/auth/idp/passwort-neu?acr=silver");
    const changed = await pupil.postForm("/api/auth/idp/passwort-neu?acr=silver", {
      newPassword: "Eigenes-Passwort-7",
      confirmPassword: "Eigenes-Passwort-7",
    });
    expect(changed.headers.get("Location")).toBe("/start");
    const [afterChange] = await db().select().from(identityAccount).where(eq(identityAccount.username, "mmustermann"));
    expect(afterChange.passwordTemporary).toBe(false);
    expect(hashCost(afterChange.passwordHash)).toBe(STANDARD_COST);
  });

  /** A second app instance on the same database whose import runner is stopped: executions stay where the request left them. */
  const frozenLandesadmin = async () => {
    const app = upstream.restart();
    await app.importJobs.stop();
    const browser = new Browser(app);
    browser.cookie = landesadminGold.cookie;
    return browser;
  };
  const rowsOf = (id: string) => db().select().from(importDataItem).where(eq(importDataItem.importvorgangId, id));
  const plain = async (response: Response, status: number, message: string | RegExp, error: string) => {
    expect(response.status).toBe(status);
    const body = (await response.json()) as { message: string; error: string; statusCode: number };
    expect(body).toEqual({ message: expect.any(String), error, statusCode: status });
    expect(body.message).toMatch(message);
  };

  describe("Wächter", () => {
    it("verlangt eine Anmeldung und die zweite Stufe auf jedem Endpunkt", async () => {
      await errors.unauthorized(await upstream.app.request("/api/import/history"));
      const id = "00000000-0000-4000-8000-000000000000";
      for (const [method, path] of [
        ["GET", "/api/import/history"],
        ["GET", `/api/import/${id}/status`],
        ["GET", `/api/import/importedUsers?importvorgangId=${id}`],
        ["GET", `/api/import/${id}/download`],
        ["DELETE", `/api/import/${id}`],
        ["POST", "/api/import/execute"],
      ] as const) {
        await expectDbiamKey(await landesadmin.json(method, path), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403, 403);
      }
      await expectDbiamKey(await upload(landesadmin, csvOf("Nachname;Vorname", "Muster;Max")), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403, 403);
    });

    it("prüft das CSRF-Token (aktuell; auch als Query-Parameter beim Hochladen)", async () => {
      const withoutToken = await upload(landesadminGold, csvOf("Nachname;Vorname", "Muster;Max"), { csrf: false });
      if (version === "pinned") {
        expect(withoutToken.status).toBe(201);
        return;
      }
      expect(withoutToken.status).toBe(400);
      expect(await withoutToken.json()).toEqual({ message: "Invalid or missing CSRF token", error: "Bad Request", statusCode: 400 });
      const form = new FormData();
      form.set("organisationId", A);
      form.set("rolleId", SCHUELER);
      form.set("file", new Blob([csvOf("Nachname;Vorname", "Muster;Max")], { type: "text/csv" }), "a.csv");
      const token = await landesadminGold.csrfToken();
      const viaQuery = await landesadminGold.request(`/api/import/upload?csrfToken=${token}`, { method: "POST", body: form });
      expect(viaQuery.status).toBe(201);
      const execute = await landesadminGold.request("/api/import/execute", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ importvorgangId: "00000000-0000-4000-8000-000000000000" }),
      });
      expect(execute.status).toBe(400);
    });

    it("verlangt IMPORT_DURCHFUEHREN an der Wurzel; an einer Schule genügt es nicht", async () => {
      const csv = csvOf("Nachname;Vorname;Klasse", "Muster;Max;7b");
      await errors.missingPermissions(await upload(schuladminGold, csv));
      const { importvorgangId } = await uploaded(await upload(landesadminGold, csv));
      const schuladminRolle = DEMO_IDS.rolleSchuladmin;
      await db().insert(rolleSystemrecht).values({ rolleId: schuladminRolle, systemrecht: "IMPORT_DURCHFUEHREN" });
      try {
        await errors.missingPermissions(await upload(schuladminGold, csv));
        await errors.missingPermissions(await execute(importvorgangId, schuladminGold));
        await errors.missingPermissions(await schuladminGold.get(`/api/import/importedUsers?importvorgangId=${importvorgangId}`));
        await errors.missingPermissions(await schuladminGold.get(`/api/import/${importvorgangId}/download`));
        await errors.missingPermissions(await schuladminGold.json("DELETE", `/api/import/${importvorgangId}`));
        // the history is empty instead
        const history = await schuladminGold.get("/api/import/history");
        expect(history.status).toBe(200);
        expect(await history.json()).toEqual([]);
        expect(history.headers.get(PAGING_HEADERS.total)).toBe("0");
        // the status needs no right at all
        expect((await statusOf(importvorgangId, schuladminGold)).status).toBe("VALID");
      } finally {
        await db()
          .delete(rolleSystemrecht)
          .where(and(eq(rolleSystemrecht.rolleId, schuladminRolle), eq(rolleSystemrecht.systemrecht, "IMPORT_DURCHFUEHREN")));
      }
    });
  });

  describe("POST /api/import/upload", () => {
    it("meldet ungültige Zeilen mit ihren Schlüsseln in Dateireihenfolge und speichert alle Zeilen (INVALID)", async () => {
      const csv = csvOf(
        "Nachname;Vorname;Klasse",
        "Mustermann;Max;7b",
        "M;Max;7b",
        "Müller3;Max;7b",
        ";Erika;7b",
        "Schmidt;Eva;",
        "Schmidt;Eva;7B",
        "Schmidt;Eva;1a",
        "Schmidt;1;Übergang 2ü",
      );
      const body = await uploaded(await upload(landesadminGold, csv));
      expect(body).toMatchObject({ isValid: false, totalImportDataItems: 8, totalInvalidImportDataItems: 7 });
      expect(body.invalidImportDataItems).toEqual([
        { nachname: "M", vorname: "Max", klasse: "7b", validationErrors: ["IMPORT_DATA_ITEM_NACHNAME_IS_TOO_SHORT"] },
        { nachname: "Müller3", vorname: "Max", klasse: "7b", validationErrors: ["IMPORT_DATA_ITEM_NACHNAME_IS_INVALID"] },
        { nachname: "", vorname: "Erika", klasse: "7b", validationErrors: ["IMPORT_DATA_ITEM_NACHNAME_IS_TOO_SHORT"] },
        { nachname: "Schmidt", vorname: "Eva", klasse: "", validationErrors: ["IMPORT_DATA_ITEM_KLASSE_IS_TOO_SHORT"] },
        { nachname: "Schmidt", vorname: "Eva", klasse: "7B", validationErrors: ["IMPORT_DATA_ITEM_KLASSE_NOT_FOUND"] },
        { nachname: "Schmidt", vorname: "Eva", klasse: "1a", validationErrors: ["IMPORT_DATA_ITEM_KLASSE_NOT_FOUND"] },
        {
          nachname: "Schmidt",
          vorname: "1",
          klasse: "Übergang 2ü",
          validationErrors: ["IMPORT_DATA_ITEM_VORNAME_IS_INVALID", "IMPORT_DATA_ITEM_VORNAME_IS_TOO_SHORT"],
        },
      ]);
      expect(await statusOf(body.importvorgangId)).toEqual({ dataItemCount: 8, status: "INVALID", totalDataItemImported: 0 });
      const rows = await rowsOf(body.importvorgangId);
      expect(rows).toHaveLength(8);
      expect(rows.every((row) => row.status === "PENDING")).toBe(true);
    });

    it("eine fehlende Namensspalte fällt zweimal durch die Namensprüfung; ohne Klassenspalte gibt es keinen Klassenfehler", async () => {
      const body = await uploaded(await upload(landesadminGold, csvOf("Vorname", "Max")));
      expect(body.invalidImportDataItems).toEqual([
        {
          nachname: "",
          vorname: "Max",
          klasse: version === "current" ? undefined : null,
          validationErrors: ["IMPORT_DATA_ITEM_NACHNAME_IS_INVALID", "IMPORT_DATA_ITEM_NACHNAME_IS_INVALID"],
        },
      ]);
      const valid = await uploaded(await upload(landesadminGold, csvOf("Nachname;Vorname", "Muster;Max")));
      expect(valid).toMatchObject({ isValid: true, totalImportDataItems: 1 });
    });

    it("entfernt alle Anführungszeichen und Apostrophe, verträgt BOM, CRLF, Leerzeilen, Groß- und Kleinschreibung und Reihenfolge der Spalten", async () => {
      const csv = `\uFEFF KLASSE ; vorname;NachName\r\n\r\n  7b ; "Max" ;O'Brien\r\n\r\n'5a';Ayşe;Öztürk\r\n   \r\n`;
      const body = await uploaded(await upload(landesadminGold, csv));
      expect(body).toMatchObject({ isValid: true, totalImportDataItems: 2 });
      const rows = (await rowsOf(body.importvorgangId)).sort((a, b) => a.position - b.position);
      expect(rows.map((row) => [row.klasse, row.vorname, row.nachname])).toEqual([
        ["7b", "Max", "OBrien"],
        ["5a", "Ayşe", "Öztürk"],
      ]);
    });

    it("lehnt fehlerhafte Dateien als Ganzes ab", async () => {
      const before = (await db().select({ n: count() }).from(importvorgang))[0].n;
      await expectDbiamKey(await upload(landesadminGold, ""), "CSV_FILE_EMPTY_ERROR");
      await expectDbiamKey(await upload(landesadminGold, `"'""`), "CSV_FILE_EMPTY_ERROR");
      await expectDbiamKey(await upload(landesadminGold, csvOf("Nachname;Vorname;Klasse")), "CSV_FILE_NO_USERS_ERROR");
      await expectDbiamKey(await upload(landesadminGold, csvOf("Nachname;Vorname", "", "  ")), "CSV_FILE_NO_USERS_ERROR");
      await expectDbiamKey(await upload(landesadminGold, csvOf("Name;Vorname", "Muster;Max")), "CSV_FILE_INVALID_HEADER_ERROR");
      await expectDbiamKey(
        await upload(landesadminGold, csvOf("Nachname;Vorname;Personalnummer", "Muster;Max;1")),
        "CSV_FILE_INVALID_HEADER_ERROR",
      );
      await expectDbiamKey(await upload(landesadminGold, csvOf("Nachname,Vorname", "Muster,Max")), "CSV_FILE_INVALID_HEADER_ERROR");
      await expectDbiamKey(await upload(landesadminGold, csvOf("Nachname;Vorname", "Muster;Max;7b")), "CSV_PARSING_ERROR");
      await expectDbiamKey(await upload(landesadminGold, csvOf("Nachname;Vorname;Klasse", "Muster;Max")), "CSV_PARSING_ERROR");
      expect((await db().select({ n: count() }).from(importvorgang))[0].n).toBe(before);
    });

    it("nimmt höchstens 2001 Zeilenumbrüche an (Kopf und 2000 Schüler; eine 2001. Zeile ohne Umbruch rutscht durch)", async () => {
      const data = (n: number) => Array.from({ length: n }, () => "Muster;Max");
      await expectDbiamKey(await upload(landesadminGold, csvOf("Nachname;Vorname", ...data(2001))), "IMPORT_MAX_USERS_LIMIT_ERROR");
      // blank lines count too
      await expectDbiamKey(await upload(landesadminGold, csvOf("Nachname;Vorname", ...data(1999), "", "")), "IMPORT_MAX_USERS_LIMIT_ERROR");
      expect((await uploaded(await upload(landesadminGold, csvOf("Nachname;Vorname", ...data(2000))))).totalImportDataItems).toBe(2000);
      const slipping = ["Nachname;Vorname", ...data(2001)].join("\n");
      expect((await uploaded(await upload(landesadminGold, slipping))).totalImportDataItems).toBe(2001);
    });

    it("prüft die Datei wie die Upstream-Datei-Pipe: Pflicht, Typ, höchstens 5 MB", async () => {
      await plain(await upload(landesadminGold, "", { file: false }), 400, /^File is required$/, "Bad Request");
      await plain(
        await upload(landesadminGold, csvOf("Nachname;Vorname", "Muster;Max"), { type: "application/json" }),
        400,
        /^Validation failed \(.*expected type is text\/csv\|application\/vnd\.ms-excel\)$/,
        "Bad Request",
      );
      expect((await upload(landesadminGold, csvOf("Nachname;Vorname", "Muster;Max"), { type: "application/vnd.ms-excel" })).status).toBe(
        201,
      );
      const big = new Blob([csvOf("Nachname;Vorname"), "x".repeat(5 * 1024 * 1024)], { type: "text/csv" });
      await plain(await upload(landesadminGold, big), 413, /^File too large$/, "Payload Too Large");
      const huge = new Blob(["x".repeat(6 * 1024 * 1024)], { type: "text/csv" });
      await plain(await upload(landesadminGold, huge), 413, /^File too large$/, "Payload Too Large");
    });

    it("prüft Formularfelder, Organisation und Rolle in der Reihenfolge des Upstreams", async () => {
      const csv = csvOf("Nachname;Vorname;Klasse", "Muster;Max;7b");
      await errors.validation(await upload(landesadminGold, csv, { organisationId: "keine-uuid" }), "other", "organisationId");
      await errors.validation(await upload(landesadminGold, csv, { rolleId: null }), "required", "rolleId");
      await errors.entityNotFound(await upload(landesadminGold, csv, { organisationId: "00000000-0000-4000-8000-000000000000" }));
      await errors.entityNotFound(await upload(landesadminGold, csv, { rolleId: "00000000-0000-4000-8000-000000000000" }));
      await expectDbiamKey(await upload(landesadminGold, csv, { rolleId: LEHRKRAFT }), "IMPORT_NUR_LERN_AN_SCHULE_ERROR");
      // a pupil role owned by school B cannot be given at school A
      const fremdeRolle = stableId("rolle:import-test-lern-b");
      await db().insert(rolle).values({ id: fremdeRolle, name: "Schüler B", administeredBySchulstrukturknoten: B, rollenart: "LERN" });
      await errors.entityNotFound(await upload(landesadminGold, csv, { rolleId: fremdeRolle }));
      // a pupil role at an organisation whose typ takes none (quirk Q12)
      await errors.internal(await upload(landesadminGold, csv, { organisationId: DEMO_IDS.landOeffentlich }));
      // the body validation comes before the right
      await errors.validation(await upload(schuladminGold, csv, { organisationId: "keine-uuid" }), "other", "organisationId");
    });
  });

  describe("POST /api/import/execute und der Hintergrundauftrag", () => {
    it("prüft Recht, Existenz und (aktuell) den Status VALID", async () => {
      await errors.validation(
        await landesadminGold.json("POST", "/api/import/execute", { importvorgangId: "x" }),
        "other",
        "importvorgangId",
      );
      await errors.validation(await landesadminGold.json("POST", "/api/import/execute", {}), "required", "importvorgangId");
      await errors.entityNotFound(await execute("00000000-0000-4000-8000-000000000000"));
      const invalid = await uploaded(await upload(landesadminGold, csvOf("Nachname;Vorname;Klasse", "Muster;Max;7b", "Fehler;Finn;99z")));
      expect(invalid.isValid).toBe(false);
      const before = await personCount();
      if (version === "current") {
        await expectDbiamKey(await execute(invalid.importvorgangId), "IMPORT_ERROR", 500, 500);
        expect((await statusOf(invalid.importvorgangId)).status).toBe("INVALID");
        return;
      }
      // pinned: no precondition (quirk Q10); rows with validation errors are attempted as well and fail
      expect((await execute(invalid.importvorgangId)).status).toBe(204);
      await upstream.app.importJobs.idle();
      expect(await statusOf(invalid.importvorgangId)).toEqual({ dataItemCount: 2, status: "FINISHED", totalDataItemImported: 2 });
      expect(await personCount()).toBe(before + 1);
      const result = await importedUsers(invalid.importvorgangId);
      expect(
        result.importedUsers.map((user) => [user.nachname, user.status, user.startpasswort === "", user.benutzername ?? null]),
      ).toEqual([
        ["Muster", "SUCCESS", false, expect.any(String)],
        ["Fehler", "FAILED", true, null],
      ]);
    });

    it("der Status wechselt aktuell erst im Auftrag auf INPROGRESS, gepinnt schon in der Anfrage", async () => {
      const { importvorgangId } = await uploaded(await upload(landesadminGold, csvOf("Nachname;Vorname;Klasse", "Status;Stella;5a")));
      const frozen = await frozenLandesadmin();
      expect((await frozen.json("POST", "/api/import/execute", { importvorgangId })).status).toBe(204);
      expect((await statusOf(importvorgangId)).status).toBe(version === "current" ? "VALID" : "INPROGRESS");
      const [stored] = await db().select().from(importvorgang).where(eq(importvorgang.id, importvorgangId));
      expect(stored.executedByPersonId).toBe(DEMO_IDS.personLandesadmin);
      // picked up like after a restart
      expect(await upstream.app.importJobs.resume()).toBeGreaterThanOrEqual(1);
      await upstream.app.importJobs.idle();
      expect(await statusOf(importvorgangId)).toEqual({ dataItemCount: 1, status: "FINISHED", totalDataItemImported: 1 });
    });

    it("zweimal ausgeführt legt jede Person nur einmal an; aktuell wird ein laufender oder fertiger Import abgewiesen", async () => {
      const { importvorgangId } = await uploaded(
        await upload(landesadminGold, csvOf("Nachname;Vorname;Klasse", "Doppel;Dora;6a", "Doppel;Dieter;6b")),
      );
      const frozen = await frozenLandesadmin();
      const before = await personCount();
      expect((await frozen.json("POST", "/api/import/execute", { importvorgangId })).status).toBe(204);
      expect((await frozen.json("POST", "/api/import/execute", { importvorgangId })).status).toBe(204);
      await upstream.app.importJobs.resume();
      await upstream.app.importJobs.idle();
      expect(await personCount()).toBe(before + 2);
      expect((await statusOf(importvorgangId)).status).toBe("FINISHED");
      if (version === "current") {
        await expectDbiamKey(await execute(importvorgangId), "IMPORT_ERROR", 500, 500);
      } else {
        expect((await execute(importvorgangId)).status).toBe(204);
        await upstream.app.importJobs.idle();
        expect(await personCount()).toBe(before + 2);
        expect((await statusOf(importvorgangId)).status).toBe("FINISHED");
      }
    });

    it("scheitern alle Zeilen, endet der Import als FAILED (ohne Klassenspalte kann kein Schüler angelegt werden)", async () => {
      const before = await personCount();
      const id = await imported(csvOf("Nachname;Vorname", "Ohneklasse;Olga", "Ohneklasse;Otto"));
      expect(await statusOf(id)).toEqual({ dataItemCount: 2, status: "FAILED", totalDataItemImported: 2 });
      expect(await personCount()).toBe(before);
      const result = await importedUsers(id);
      expect(result.importedUsers.every((user) => user.status === "FAILED" && user.startpasswort === "" && user.benutzername == null)).toBe(
        true,
      );
    });

    it("eine Zeile, für die kein Benutzername gebildet werden kann, scheitert; die anderen werden angelegt", async () => {
      const id = await imported(csvOf("Nachname;Vorname;Klasse", "Punkt;..;7b", "Heinsen;Hanna;7b"));
      expect(await statusOf(id)).toEqual({ dataItemCount: 2, status: "FINISHED", totalDataItemImported: 2 });
      const result = await importedUsers(id);
      expect(result.importedUsers.map((user) => [user.vorname, user.status])).toEqual(
        expect.arrayContaining([
          ["..", "FAILED"],
          ["Hanna", "SUCCESS"],
        ]),
      );
    });

    it("legt mit den aktuellen Rechten des Ausführenden an: ohne PERSONEN_ANLEGEN scheitert jede Zeile", async () => {
      const { importvorgangId } = await uploaded(await upload(landesadminGold, csvOf("Nachname;Vorname;Klasse", "Rechtlos;Rita;8a")));
      const frozen = await frozenLandesadmin();
      expect((await frozen.json("POST", "/api/import/execute", { importvorgangId })).status).toBe(204);
      const landesadminRolle = DEMO_IDS.rolleLandesadmin;
      await db()
        .delete(rolleSystemrecht)
        .where(and(eq(rolleSystemrecht.rolleId, landesadminRolle), eq(rolleSystemrecht.systemrecht, "PERSONEN_ANLEGEN")));
      try {
        await upstream.app.importJobs.resume();
        await upstream.app.importJobs.idle();
        expect(await statusOf(importvorgangId)).toEqual({ dataItemCount: 1, status: "FAILED", totalDataItemImported: 1 });
      } finally {
        await db().insert(rolleSystemrecht).values({ rolleId: landesadminRolle, systemrecht: "PERSONEN_ANLEGEN" });
      }
    });
  });

  describe("Ergebnis, Download, Löschen, Verlauf", () => {
    it("GET /importedUsers: Seiten zu höchstens 100, alle Status, Reihenfolge je Version", async () => {
      const many = Array.from(
        { length: 105 },
        (_, i) => `Seite${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))};Paul;5a`,
      );
      const { importvorgangId } = await uploaded(await upload(landesadminGold, csvOf("Nachname;Vorname;Klasse", ...many)));
      const first = await importedUsers(importvorgangId);
      expect(first).toMatchObject({ total: 105, pageTotal: 100 });
      expect(first.importedUsers[0]).toEqual({
        klasse: "5a",
        vorname: "Paul",
        nachname: "Seiteaa",
        startpasswort: "",
        status: "PENDING",
      });
      expect(await importedUsers(importvorgangId, "&offset=100")).toMatchObject({ total: 105, pageTotal: 5 });
      expect(await importedUsers(importvorgangId, "&offset=10&limit=100")).toMatchObject({ pageTotal: 95 });
      await expectDbiamKey(
        await landesadminGold.get(`/api/import/importedUsers?importvorgangId=${importvorgangId}&limit=101`),
        "IMPORT_RESULT_QUERY_LIMIT_ERROR",
      );
      await errors.validation(
        await landesadminGold.get(`/api/import/importedUsers?importvorgangId=${importvorgangId}&limit=0`),
        "other",
        "limit",
      );
      await errors.validation(await landesadminGold.get("/api/import/importedUsers"), "required", "importvorgangId");
      await errors.entityNotFound(
        await landesadminGold.get("/api/import/importedUsers?importvorgangId=00000000-0000-4000-8000-000000000000"),
      );
      expect(first.importedUsers.some((user) => "benutzername" in user && user.benutzername)).toBe(false);

      const sorted = await uploaded(
        await upload(
          landesadminGold,
          csvOf("Nachname;Vorname;Klasse", "Zander;Anna;5a", "Albers;Bernd;7b", "Albers;Anton;7b", "Meier;Carla;5a"),
        ),
      );
      const names = (await importedUsers(sorted.importvorgangId)).importedUsers.map(
        (user) => `${user.klasse} ${user.nachname} ${user.vorname}`,
      );
      expect(names).toEqual(
        version === "current"
          ? ["5a Meier Carla", "5a Zander Anna", "7b Albers Anton", "7b Albers Bernd"]
          : ["5a Zander Anna", "7b Albers Bernd", "7b Albers Anton", "5a Meier Carla"],
      );
      // no paging headers on this one
      const response = await landesadminGold.get(`/api/import/importedUsers?importvorgangId=${sorted.importvorgangId}`);
      expect(response.headers.get(PAGING_HEADERS.total)).toBeNull();
    });

    it("GET /{id}/download: nur für FINISHED, als Textdatei; danach COMPLETED und die Zeilen samt Passwörtern gelöscht", async () => {
      const { importvorgangId: pending } = await uploaded(
        await upload(landesadminGold, csvOf("Nachname;Vorname;Klasse", "Warte;Willi;5a")),
      );
      await expectDbiamKey(await landesadminGold.get(`/api/import/${pending}/download`), "IMPORT_ERROR", 500, 500);
      await errors.entityNotFound(await landesadminGold.get("/api/import/00000000-0000-4000-8000-000000000000/download"));

      const id = await imported(csvOf("Nachname;Vorname;Klasse", "Wolff;Wiebke;9a", "Punkt;..;5a", "Arndt;Arne;5b"));
      const result = await importedUsers(id);
      const password = (vorname: string) => result.importedUsers.find((user) => user.vorname === vorname)?.startpasswort;
      const username = (vorname: string) => result.importedUsers.find((user) => user.vorname === vorname)?.benutzername;
      const response = await landesadminGold.get(`/api/import/${id}/download`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
      expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${id}_spsh_csv_import_ergebnis.txt"`);
      const lines = [
        `9a - Wiebke - Wolff - ${username("Wiebke")} - ${password("Wiebke")}`,
        `5b - Arne - Arndt - ${username("Arne")} - ${password("Arne")}`,
      ];
      expect(await response.text()).toBe(
        [
          "Schule:Gemeinschaftsschule am Deich - Rolle:itslearning-Schüler",
          "",
          "Klasse - Vorname - Nachname - Benutzername - Passwort",
          ...(version === "current" ? [...lines].reverse() : lines),
        ].join("\n"),
      );
      expect(await statusOf(id)).toEqual({ dataItemCount: 3, status: "COMPLETED", totalDataItemImported: 0 });
      expect(await rowsOf(id)).toEqual([]);
      await errors.entityNotFound(await landesadminGold.get(`/api/import/importedUsers?importvorgangId=${id}`));
      await expectDbiamKey(await landesadminGold.get(`/api/import/${id}/download`), "IMPORT_ERROR", 500, 500);
    });

    it("DELETE /{id}: löscht die Zeilen; FINISHED → COMPLETED, sonst CANCELLED", async () => {
      const { importvorgangId: valid } = await uploaded(await upload(landesadminGold, csvOf("Nachname;Vorname;Klasse", "Weg;Wanda;5a")));
      expect((await landesadminGold.json("DELETE", `/api/import/${valid}`)).status).toBe(204);
      expect(await statusOf(valid)).toEqual({ dataItemCount: 1, status: "CANCELLED", totalDataItemImported: 0 });
      expect(await rowsOf(valid)).toEqual([]);
      // a cancelled import cannot be executed any more (current) / finds nothing to do (pinned)
      if (version === "current") await expectDbiamKey(await execute(valid), "IMPORT_ERROR", 500, 500);

      const finished = await imported(csvOf("Nachname;Vorname;Klasse", "Fertig;Frieda;5a"));
      expect((await landesadminGold.json("DELETE", `/api/import/${finished}`)).status).toBe(204);
      expect(await statusOf(finished)).toEqual({ dataItemCount: 1, status: "COMPLETED", totalDataItemImported: 0 });
      await errors.entityNotFound(await landesadminGold.get(`/api/import/importedUsers?importvorgangId=${finished}`));

      await errors.entityNotFound(await landesadminGold.json("DELETE", "/api/import/00000000-0000-4000-8000-000000000000"));
      await errors.validation(await landesadminGold.json("DELETE", "/api/import/keine-uuid"), "other", "importvorgangId");
    });

    it("GET /{id}/status: unbekannt → nicht gefunden, keine UUID → Validierungsfehler", async () => {
      await errors.entityNotFound(await landesadminGold.get("/api/import/00000000-0000-4000-8000-000000000000/status"));
      await errors.validation(await landesadminGold.get("/api/import/keine-uuid/status"), "other", "importvorgangId");
    });

    it("GET /history: nur eigene Importe, neueste zuerst, Filter UND-verknüpft, Kopfzeilen-Paging", async () => {
      const ids: string[] = [];
      for (const name of ["Erster", "Zweiter", "Dritter"]) {
        ids.push(
          (await uploaded(await upload(landesadminGold, csvOf("Nachname;Vorname", `${name};Max`), { rolleId: WEBUNTIS_SCHUELER })))
            .importvorgangId,
        );
      }
      await landesadminGold.json("DELETE", `/api/import/${ids[0]}`);
      const history = async (query: string) => {
        const response = await landesadminGold.get(`/api/import/history?rolleIds=${WEBUNTIS_SCHUELER}${query}`);
        expect(response.status).toBe(200);
        const items = z.array(ImportVorgangResponse).parse(await response.json());
        const header = (name: string) => response.headers.get(name);
        return {
          items,
          total: header(PAGING_HEADERS.total),
          offset: header(PAGING_HEADERS.offset),
          limit: header(PAGING_HEADERS.limit),
          pageTotal: header(PAGING_HEADERS.pageTotal),
        };
      };
      const all = await history("");
      expect(all.items.map((item) => item.id)).toEqual([...ids].reverse());
      expect(all).toMatchObject({ total: "3", offset: "0", limit: "3", pageTotal: "0" });
      expect(all.items[0]).toMatchObject({
        rollenname: "Webuntis-Schüler",
        organisationsname: "Gemeinschaftsschule am Deich",
        dataItemCount: 1,
        status: "VALID",
      });
      const page = await history("&offset=1&limit=1");
      expect(page.items.map((item) => item.id)).toEqual([ids[1]]);
      expect(page).toMatchObject({ total: "3", offset: "1", limit: "1", pageTotal: "0" });
      expect((await history("&status=CANCELLED")).items.map((item) => item.id)).toEqual([ids[0]]);
      expect((await history(`&organisationIds=${A}&status=VALID`)).items).toHaveLength(2);
      expect((await history(`&organisationIds=${B}`)).items).toEqual([]);
      await errors.validation(await landesadminGold.get("/api/import/history?status=UNBEKANNT"), "enum", "status");
      await errors.validation(await landesadminGold.get(`/api/import/history?rolleIds=${A}&rolleIds=${A}`), "other", "rolleIds");
    });
  });

  describe("Abschnitte", () => {
    it("ist ein Benutzername inzwischen vergeben, wird der Abschnitt Zeile für Zeile mit frisch gesuchtem Namen geschrieben", async () => {
      const { importvorgangId } = await uploaded(
        await upload(landesadminGold, csvOf("Nachname;Vorname;Klasse", "Zwischendurch;Zora;7a", "Zwischendurch;Zeno;7a")),
      );
      await db()
        .update(importvorgang)
        .set({ status: "INPROGRESS", executedByPersonId: DEMO_IDS.personLandesadmin })
        .where(eq(importvorgang.id, importvorgangId));
      const before = await personCount();
      // Someone takes the first row's name after the runner looked the names up, just before it writes.
      const real = db();
      let taken = false;
      const racing = new Proxy(real, {
        get(target, key, receiver) {
          if (key !== "transaction") return Reflect.get(target, key, receiver) as unknown;
          return async (...args: Parameters<typeof real.transaction>) => {
            if (!taken) {
              taken = true;
              await real.insert(identityAccount).values({ id: randomUUID(), username: "zzwischendurch", passwordHash: "x" });
            }
            return target.transaction(...args);
          };
        },
      });
      const jobs = createImportJobs(racing, upstream.config);
      jobs.start(importvorgangId);
      await jobs.idle();
      await jobs.stop();

      const rows = await rowsOf(importvorgangId);
      expect(rows.map((row) => row.status)).toEqual(["SUCCESS", "SUCCESS"]);
      expect(rows.map((row) => row.username).sort()).toEqual(["zzwischendurch1", "zzwischendurch2"]);
      expect(await personCount()).toBe(before + 2);
      const [stored] = await db().select().from(importvorgang).where(eq(importvorgang.id, importvorgangId));
      expect(stored.status).toBe("FINISHED");
    });
  });

  // Last: stops the app's import runner.
  describe("Neustart", () => {
    it("ein unterbrochener Import wird nach einem Neustart auf derselben Datenbank fortgesetzt, ohne doppelte Personen", async () => {
      // enough rows that the runner's growing chunks (1, 2, 4, … 64 rows per transaction) cannot finish before the stop
      const total = 300;
      const rows = Array.from(
        { length: total },
        (_, i) =>
          `Neustart${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))};Nele;${i % 2 === 0 ? "6a" : "6b"}`,
      );
      const { importvorgangId } = await uploaded(await upload(landesadminGold, csvOf("Nachname;Vorname;Klasse", ...rows)));
      const before = await personCount();
      expect((await execute(importvorgangId)).status).toBe(204);
      // the server keeps answering while the import runs
      let status = await statusOf(importvorgangId);
      while (status.totalDataItemImported < 3) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        status = await statusOf(importvorgangId);
      }
      // "crash": the runner stops after the row in progress
      await upstream.app.importJobs.stop();
      const stopped = await statusOf(importvorgangId);
      expect(stopped.status).toBe("INPROGRESS");
      expect(stopped.totalDataItemImported).toBeLessThan(total);
      // one transaction per chunk of rows: every row marked SUCCESS has its person, and no more
      expect(await personCount()).toBe(before + stopped.totalDataItemImported);

      const restarted = upstream.restart();
      try {
        expect(await restarted.importJobs.resume()).toBe(1);
        await restarted.importJobs.idle();
        const browser = new Browser(restarted);
        browser.cookie = landesadminGold.cookie;
        expect(await statusOf(importvorgangId, browser)).toEqual({
          dataItemCount: total,
          status: "FINISHED",
          totalDataItemImported: total,
        });
        expect(await personCount()).toBe(before + total);
        const created = await db()
          .select({ username: person.username })
          .from(person)
          .where(
            inArray(
              person.familienname,
              rows.map((row) => row.split(";")[0]),
            ),
          );
        expect(new Set(created.map((row) => row.username)).size).toBe(total);
      } finally {
        await restarted.importJobs.stop();
      }
    });

    it("auch ein von Hand in der Datenbank hinterlassener INPROGRESS-Zustand wird fortgesetzt", async () => {
      const { importvorgangId } = await uploaded(
        await upload(landesadminGold, csvOf("Nachname;Vorname;Klasse", "Handarbeit;Hilde;7a", "Handarbeit;Hugo;7a")),
      );
      await db()
        .update(importvorgang)
        .set({ status: "INPROGRESS", executedByPersonId: DEMO_IDS.personLandesadmin })
        .where(eq(importvorgang.id, importvorgangId));
      const restarted = upstream.restart();
      try {
        expect(await restarted.importJobs.resume()).toBe(1);
        await restarted.importJobs.idle();
        const [stored] = await db().select().from(importvorgang).where(eq(importvorgang.id, importvorgangId));
        expect(stored.status).toBe("FINISHED");
        expect((await rowsOf(importvorgangId)).map((row) => row.status)).toEqual(["SUCCESS", "SUCCESS"]);
      } finally {
        await restarted.importJobs.stop();
      }
    });
  });
});
