import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { verifyPassword } from "../../upstream/reference/lib/password.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { API_VERSIONS, Browser, type TestUpstream, errorBodies, expectDbiamKey, loggedIn, startTestUpstream } from "./support.ts";

const A = DEMO_IDS.schuleA;
const B = DEMO_IDS.schuleB;
const SCHUELER = DEMO_IDS.rolleSchueler;
const WEBUNTIS_SCHUELER = stableId("rolle:webuntis-schueler");
const LEHRKRAFT = DEMO_IDS.rolleLehrkraft;
const KLASSE_7B = DEMO_IDS.klasseMitSchueler;
const KLASSE_5A = DEMO_IDS.klasseOhneZuordnung;
const START_PASSWORD = /^[A-ZÄÖÜ][a-zäöüß]+\d{2}[+\-*/%&!?@$#]$/u;

interface UploadOptions {
  organisationId?: string;
  rolleId?: string;
  type?: string;
  /** false: no file part at all */
  file?: boolean;
  csrf?: boolean;
}

/** POST /api/import/upload as the portal sends it: multipart form, CSRF token in the header. */
async function upload(browser: Browser, csv: string, options: UploadOptions = {}) {
  const form = new FormData();
  form.set("organisationId", options.organisationId ?? A);
  form.set("rolleId", options.rolleId ?? SCHUELER);
  if (options.file !== false) form.set("file", new Blob([csv], { type: options.type ?? "text/csv" }), "schueler.csv");
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
  });
});
