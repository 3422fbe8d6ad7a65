import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { person as personTable } from "../../upstream/reference/db/schema.ts";
import { DEMO_IDS } from "./support/klassen.ts";
import { startPortal, type Portal, type PortalVisitor } from "./support/portal.ts";

/**
 * A bulk run cut off midway leaves a record (issue 32 §2, docs/decisions/035): who was done and who not, a page to
 * see it afterwards, and a way to finish the rest without doing anybody twice.
 */
let portal: Portal;
let schuladmin: PortalVisitor;

beforeAll(async () => {
  portal = await startPortal();
  schuladmin = await portal.loggedIn("schuladmin", "gold");
});

afterAll(async () => {
  await portal?.close();
});

const RUN = "/admin/personen/mehrfach/ausfuehren";
const resets = () => portal.upstreamCalls.filter((call) => /^PATCH \/api\/personen\/[^/]+\/password$/.test(call));

describe("Mehrfachbearbeitung: Aufzeichnung eines Laufs", () => {
  it("ein mittendrin abgebrochener Lauf (die Anmeldung endete) zeigt danach, wer erledigt und wer offen ist, und bearbeitet beim Fortsetzen nur die Offenen", async () => {
    const einmal = randomUUID();
    portal.upstreamCalls.length = 0;
    let beendet = false;
    portal.aroundUpstreamCall = async (call, phase) => {
      // After the third new password the session ends (logged out in another tab): the run cannot go on.
      if (beendet || phase !== "after" || !/\/password$/.test(call) || resets().length < 3) return;
      beendet = true;
      await schuladmin.copy().get("/api/auth/logout");
    };
    const lauf = await schuladmin.postForm(RUN, { einmal, aktion: "passwort", umfang: "alle", organisation: DEMO_IDS.schuleA });
    expect(lauf.status).toBe(200);
    const seite = await lauf.text();
    portal.aroundUpstreamCall = null;
    schuladmin = await portal.loggedIn("schuladmin", "gold");
    expect(seite).toContain(`/admin/personen/mehrfach/lauf/${einmal}`);
    // Afterwards: the person list points to the record; the record says what was done.
    const liste = await (await schuladmin.get(`/admin/personen?organisation=${DEMO_IDS.schuleA}`)).text();
    expect(liste).toContain("wurde unterbrochen");
    const aufzeichnung = await schuladmin.get(`/admin/personen/mehrfach/lauf/${einmal}`);
    expect(aufzeichnung.status).toBe(200);
    const protokoll = await aufzeichnung.text();
    expect(protokoll).toContain("Der Lauf wurde unterbrochen");
    const [, erledigt, fehler, offen] = /Erledigt: (\d+) · unverändert: 0 · mit Fehler: (\d+) · offen: (\d+)/.exec(protokoll)!.map(Number);
    expect(erledigt).toBeGreaterThanOrEqual(3);
    expect(offen).toBeGreaterThan(0);
    const rest = fehler + offen;
    expect(protokoll).toContain(`Die ${rest} noch nicht bearbeiteten Personen jetzt bearbeiten`);
    const fortsetzen = /href="(\/admin\/personen\/mehrfach\?[^"]+)"/.exec(protokoll)?.[1]?.replaceAll("&amp;", "&");
    expect(fortsetzen).toBeTruthy();

    // The confirmation for the rest counts the open persons only; running it resets nobody twice.
    const bestaetigung = await (await schuladmin.get(fortsetzen!)).text();
    const fields = [...bestaetigung.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]) => [
      name,
      value.replaceAll("&amp;", "&"),
    ]);
    const form = Object.fromEntries(fields);
    expect(form.lauf).toBe(einmal);
    portal.upstreamCalls.length = 0;
    const zweiter = await schuladmin.postForm(RUN, { ...form, aktion: "passwort" });
    expect(zweiter.status).toBe(200);
    expect(await zweiter.text()).toContain(`Fertig: ${rest} von ${rest} bearbeitet`);
    expect(resets()).toHaveLength(rest);

    // The first run now points to the one that finished it, and is no longer offered as cut off.
    const danach = await (await schuladmin.get(`/admin/personen/mehrfach/lauf/${einmal}`)).text();
    expect(danach).toContain("in einem weiteren Lauf bearbeitet");
    expect(await (await schuladmin.get(`/admin/personen?organisation=${DEMO_IDS.schuleA}`)).text()).not.toContain("wurde unterbrochen");
  });

  it("die Aufzeichnung eines anderen oder eine unbekannte ist „nicht gefunden“", async () => {
    const andere = await portal.loggedIn("landesadmin", "gold");
    const einmal = randomUUID();
    // A run for nobody is refused before it starts; a run for one person the admin manages is recorded.
    const [{ id: person }] = await portal.db.select({ id: personTable.id }).from(personTable).where(eq(personTable.username, "lehrkraft"));
    const lauf = await schuladmin.postForm(RUN, {
      einmal,
      aktion: "passwort",
      umfang: "auswahl",
      organisation: DEMO_IDS.schuleA,
      auswahl: person,
    });
    expect(lauf.status).toBe(200);
    await lauf.text();
    expect((await schuladmin.get(`/admin/personen/mehrfach/lauf/${einmal}`)).status).toBe(200);
    expect((await andere.get(`/admin/personen/mehrfach/lauf/${einmal}`)).status).toBe(404);
    expect((await schuladmin.get(`/admin/personen/mehrfach/lauf/${randomUUID()}`)).status).toBe(404);
    expect((await schuladmin.get("/admin/personen/mehrfach/lauf/kein-lauf")).status).toBe(404);
  });
});
