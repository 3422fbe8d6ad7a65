import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { person } from "../../upstream/reference/db/schema.ts";
import { DEMO_IDS } from "./support/klassen.ts";
import { IMPORT, upload } from "./support/personenimport.ts";
import { startPortal, type Portal, type PortalVisitor } from "./support/portal.ts";

/**
 * One-time actions run once however often they are posted (docs/decisions/035): a double click sends the same form
 * twice at the same moment with the same cookie, which a cookie of spent tokens cannot stop; the shared store can.
 */
let portal: Portal;
let admin: PortalVisitor;

beforeAll(async () => {
  portal = await startPortal();
  admin = await portal.loggedIn("landesadmin", "gold");
});

afterAll(async () => {
  await portal?.close();
});

async function personId(username: string): Promise<string> {
  const [row] = await portal.db.select({ id: person.id }).from(person).where(eq(person.username, username));
  expect(row, username).toBeTruthy();
  return row.id;
}

function einmalOf(page: string): string {
  const token = /name="einmal" value="([^"]+)"/.exec(page)?.[1];
  expect(token, "Einmal-Token im Formular").toBeTruthy();
  return token!;
}

describe("Einmalige Aktionen", () => {
  it("ein Doppelklick auf „Passwort zurücksetzen“ setzt das Passwort nur einmal; der zweite Klick sagt „bereits ausgeführt“", async () => {
    const id = await personId("lehrkraft");
    const path = `/admin/personen/${id}?passwort`;
    const einmal = einmalOf(await (await admin.get(path)).text());
    portal.upstreamCalls.length = 0;
    const answers = await Promise.all([admin.postForm(path, { einmal }), admin.copy().postForm(path, { einmal })]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const texts = await Promise.all(answers.map((answer) => answer.text()));
    expect(texts.filter((text) => text.includes("Das Passwort wurde zurückgesetzt."))).toHaveLength(1);
    expect(texts.filter((text) => text.includes("Bereits ausgeführt"))).toHaveLength(1);
    expect(portal.upstreamCalls.filter((call) => call === `PATCH /api/personen/${id}/password`)).toHaveLength(1);
  });

  it("scheitert das Zurücksetzen beim Dienst, kann dasselbe Formular es noch einmal versuchen", async () => {
    const id = await personId("lehrkraft");
    const path = `/admin/personen/${id}?passwort`;
    const einmal = einmalOf(await (await admin.get(path)).text());
    portal.aroundUpstreamCall = async (call, phase) => {
      if (call === `PATCH /api/personen/${id}/password` && phase === "before") {
        portal.aroundUpstreamCall = null;
        throw new Error("Dienst nicht erreichbar");
      }
    };
    const failed = await admin.postForm(path, { einmal });
    portal.aroundUpstreamCall = null;
    expect(failed.status).toBeGreaterThanOrEqual(500);
    const retry = await admin.postForm(path, { einmal });
    expect(retry.status).toBe(200);
    expect(await retry.text()).toContain("Das Passwort wurde zurückgesetzt.");
  });

  it("„Import durchführen“ zweimal im selben Moment startet den Import einmal; beide Seiten folgen demselben Lauf, keine antwortet 500", async () => {
    const csv = "nachname;vorname;klasse\r\nDoppel;Dora;5a\r\n";
    const hochgeladen = await upload(admin, csv);
    expect(hochgeladen.status).toBe(303);
    const id = hochgeladen.headers.get("Location")!.split("?")[0].split("/").pop()!;
    portal.upstreamCalls.length = 0;
    const answers = await Promise.all([
      admin.postForm(`${IMPORT}/${id}/fortschritt`, {}),
      admin.copy().postForm(`${IMPORT}/${id}/fortschritt`, {}),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(await answer.text()).toContain("Fertig: 1 von 1 bearbeitet");
    }
    expect(portal.upstreamCalls.filter((call) => call === "POST /api/import/execute")).toHaveLength(1);
  });

  it("dieselbe Mehrfach-Bestätigung zweimal im selben Moment läuft einmal; die zweite Seite sagt „schon ausgeführt“", async () => {
    const schuladmin = await portal.loggedIn("schuladmin", "gold");
    const form = {
      einmal: "7d2f4c1a-9b3e-4f5a-8c6d-2e1f0a9b8c7d",
      aktion: "schule",
      umfang: "auswahl",
      organisation: DEMO_IDS.schuleA,
      auswahl: "00000000-0000-4000-8000-000000000000",
      bezeichnung: "00000000-0000-4000-8000-000000000000|Gabi Gelöscht",
    };
    const answers = await Promise.all([
      schuladmin.postForm("/admin/personen/mehrfach/ausfuehren", form),
      schuladmin.copy().postForm("/admin/personen/mehrfach/ausfuehren", form),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const texts = await Promise.all(answers.map((answer) => answer.text()));
    expect(texts.filter((text) => text.includes("Diese Aktion wurde schon ausgeführt"))).toHaveLength(1);
  });
});
