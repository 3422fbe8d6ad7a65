import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_IDS } from "./support/klassen.ts";
import { startPortal, type Portal } from "./support/portal.ts";

/** Bulk actions (issue 13, docs/decisions/026): rights, refusals and the files, as the server answers them. */

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

const RUN = "/admin/personen/mehrfach/ausfuehren";
const FILE = "/admin/personen/mehrfach/datei";
const EINMAL = "5f0c7a8e-3b1d-4c2e-9a6f-1d2e3f4a5b6c";

describe("Mehrfachbearbeitung: Rechte und Ablehnungen", () => {
  it("eine Lehrkraft ohne Personenverwaltung bekommt für Bestätigung, Ausführung und Datei die deutsche Seite „nicht gefunden“", async () => {
    const lehrkraft = await portal.loggedIn("lehrkraft", "gold");
    expect((await lehrkraft.get("/admin/personen/mehrfach?aktion=passwort")).status).toBe(404);
    const run = await lehrkraft.postForm(RUN, { aktion: "passwort", umfang: "alle", organisation: DEMO_IDS.schuleA });
    expect(run.status).toBe(404);
    expect(run.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(await run.text()).toContain("Seite nicht gefunden");
    const file = await lehrkraft.postForm(FILE, { art: "passwoerter", inhalt: "x" });
    expect(file.status).toBe(404);
    expect(file.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(await file.text()).toContain("Seite nicht gefunden");
  });

  it("ohne das Recht zum sofortigen Löschen gibt es das Löschen nicht, auch nicht durch eine eigene Anfrage", async () => {
    const schuladmin = await portal.loggedIn("schuladmin", "gold");
    expect((await schuladmin.get("/admin/personen/mehrfach?aktion=loeschen")).status).toBe(404);
    const run = await schuladmin.postForm(RUN, { aktion: "loeschen", umfang: "alle", organisation: DEMO_IDS.schuleA });
    expect(run.status).toBe(404);
    expect(await run.text()).toContain("Seite nicht gefunden");
  });

  it("eine fremde Schule im Filter (eine gebastelte Adresse) wird abgewiesen, bevor irgendjemand bearbeitet wird", async () => {
    const schuladmin = await portal.loggedIn("schuladmin", "gold");
    const fremd = `aktion=passwort&umfang=alle&organisation=${DEMO_IDS.schuleC}`;
    const seite = await (await schuladmin.get(`/admin/personen/mehrfach?${fremd}`)).text();
    expect(seite).toContain("an der Sie keine Benutzer verwalten dürfen");
    expect(seite).not.toContain("Passwörter jetzt zurücksetzen");
    portal.upstreamCalls.length = 0;
    const run = await schuladmin.postForm(RUN, {
      einmal: crypto.randomUUID(),
      aktion: "passwort",
      umfang: "alle",
      organisation: DEMO_IDS.schuleC,
    });
    expect(run.status).toBe(303);
    expect(portal.upstreamCalls.filter((call) => call.endsWith("/password"))).toEqual([]);
  });

  it("ohne genau eine Schule im Filter führt die Ausführung nichts aus und zeigt die Bestätigung mit dem Grund", async () => {
    const landesadmin = await portal.loggedIn("landesadmin", "gold");
    expect((await landesadmin.postForm(RUN, { aktion: "passwort", umfang: "alle", suche: "x" })).status).toBe(303);
    const zweiSchulen = await landesadmin.request(RUN, {
      body: new URLSearchParams([
        ["aktion", "passwort"],
        ["umfang", "alle"],
        ["organisation", DEMO_IDS.schuleA],
        ["organisation", DEMO_IDS.schuleB],
      ]).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      method: "POST",
    });
    expect(zweiSchulen.status).toBe(303);
    const confirmation = await landesadmin.get(zweiSchulen.headers.get("Location")!);
    expect(await confirmation.text()).toContain("genau eine Schule im Filter");
  });

  it("ohne JavaScript sagt die Leiste nicht „noch keine“ ausgewählt, denn die Häkchen dieser Seite zählt erst der Server", async () => {
    const landesadmin = await portal.loggedIn("landesadmin", "gold");
    const page = await (await landesadmin.get("/admin/personen")).text();
    expect(page).toContain('<span class="hidden-with-scripts">Die ausgewählten Personen</span>');
    // The wording with the count is there for a browser whose scripts are starting, hidden without them (decision 030).
    expect(page.match(/[^>]*>[^<]*\(noch keine\)/g)).toEqual([
      '<span class="hidden-without-scripts">Die ausgewählten Personen (noch keine)',
    ]);
  });

  it("für die Schuladministration einer einzigen Schule ist diese Schule der Filter, ohne dass sie gewählt wurde", async () => {
    const schuladmin = await portal.loggedIn("schuladmin", "gold");
    const page = await (await schuladmin.get("/admin/personen/mehrfach?aktion=passwort&umfang=alle&suche=Sörensen")).text();
    expect(page).toContain("an der Schule 0710001 (Gemeinschaftsschule am Deich)");
    expect(page).not.toContain("genau eine Schule im Filter");
  });

  it("verlangt die Ausführung die erneute Anmeldung, kommt die Person danach auf die Bestätigung mit allen Angaben zurück", async () => {
    const schuladmin = await portal.loggedIn("schuladmin", "silver");
    const run = await schuladmin.postForm(RUN, { aktion: "passwort", umfang: "alle", organisation: DEMO_IDS.schuleA });
    expect(run.status).toBeGreaterThanOrEqual(300);
    expect(run.status).toBeLessThan(400);
    const location = decodeURIComponent(run.headers.get("Location") ?? "");
    expect(location).toContain("/api/auth/login");
    expect(location).toContain(`/admin/personen/mehrfach?aktion=passwort&umfang=alle&organisation=${DEMO_IDS.schuleA}`);
  });

  it("verlangt das Herunterladen eine erneute Anmeldung, bleibt der geschickte Text nirgends als Entwurf liegen", async () => {
    const schuladmin = await portal.loggedIn("schuladmin", "silver");
    const file = await schuladmin.postForm(FILE, { art: "passwoerter", inhalt: "7a;Ölsen;Ole;oolsen;Geheim1!" });
    expect(file.status).toBeGreaterThanOrEqual(300);
    expect(file.status).toBeLessThan(400);
    // A post interrupted by a login keeps its fields in the portal cookie; this one must not.
    expect(file.headers.getSetCookie().filter((cookie) => cookie.startsWith("__portal="))).toEqual([]);
  });

  it("eine Anfrage von einer fremden Seite wird mit einer deutschen Seite abgelehnt, auch beim Herunterladen der Datei", async () => {
    const schuladmin = await portal.loggedIn("schuladmin", "gold");
    const foreign = { Origin: "https://angreifer.example" };
    expect((await schuladmin.postForm(RUN, { aktion: "passwort", umfang: "alle", organisation: DEMO_IDS.schuleA }, foreign)).status).toBe(
      403,
    );
    const file = await schuladmin.postForm(FILE, { art: "passwoerter", inhalt: "x" }, foreign);
    expect(file.status).toBe(403);
    expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await file.text()).toContain("Anfrage abgelehnt");
  });
});

describe("Mehrfachbearbeitung: Ergebnis und Dateien", () => {
  it("der Lauf antwortet als eigene, nicht zwischengespeicherte und unkomprimierte Seite, die im Ergebnis endet", async () => {
    const schuladmin = await portal.loggedIn("schuladmin", "gold");
    const lauf = await schuladmin.postForm(RUN, {
      einmal: EINMAL,
      aktion: "schule",
      umfang: "auswahl",
      organisation: DEMO_IDS.schuleA,
      auswahl: "00000000-0000-4000-8000-000000000000",
      bezeichnung: "00000000-0000-4000-8000-000000000000|Gabi Gelöscht",
    });
    expect(lauf.status).toBe(200);
    expect(lauf.headers.get("Cache-Control")).toContain("no-transform");
    expect(lauf.headers.get("Content-Encoding")).toBeNull();
    const page = await lauf.text();
    expect(page).toContain("Ergebnis");
    // A ticked person the upstream no longer knows is named with the name the confirmation page showed.
    expect(page).toContain("Gabi Gelöscht");
    expect(page).toContain("Fehlerliste herunterladen");
    // In the portal's frame like every page: the account links, the admin navigation and the footer.
    expect(page).toMatch(/<nav aria-label="Benutzerkonto"[^>]*>[\s\S]*Angemeldet als [\s\S]*Abmelden<\/a><\/nav>/);
    expect(page).toMatch(/<nav aria-label="Navigation"[^>]*>[\s\S]*>Alle Benutzer<\/a>/);
    expect(page).toMatch(/<footer[\s\S]*Barrierefreiheit[\s\S]*<\/footer><\/body><\/html>$/);

    // The same confirmation sent again (the result page reloaded) does not run again.
    const nochmal = await schuladmin.postForm(RUN, {
      einmal: EINMAL,
      aktion: "schule",
      umfang: "auswahl",
      organisation: DEMO_IDS.schuleA,
      auswahl: "00000000-0000-4000-8000-000000000000",
      bezeichnung: "00000000-0000-4000-8000-000000000000|Gabi Gelöscht",
    });
    expect(nochmal.status).toBe(409);
    expect(await nochmal.text()).toContain("Diese Aktion wurde schon ausgeführt");
    const ohne = await schuladmin.postForm(RUN, {
      aktion: "schule",
      umfang: "auswahl",
      organisation: DEMO_IDS.schuleA,
      auswahl: "00000000-0000-4000-8000-000000000000",
      bezeichnung: "00000000-0000-4000-8000-000000000000|Gabi Gelöscht",
    });
    expect(ohne.status).toBe(409);
  });

  it("eine unbekannte Id in der Adresse der Bestätigung zählt nicht als Person", async () => {
    const schuladmin = await portal.loggedIn("schuladmin", "gold");
    const page = await (
      await schuladmin.get("/admin/personen/mehrfach?aktion=passwort&umfang=auswahl&auswahl=00000000-0000-4000-8000-000000000000")
    ).text();
    expect(page).toContain("Es ist keine Person ausgewählt");
  });

  it("die Datei kommt als Anhang mit dem Namen des Portals, nie mit einem geschickten", async () => {
    const schuladmin = await portal.loggedIn("schuladmin", "gold");
    const file = await schuladmin.postForm(FILE, { art: "passwoerter", kennung: "0710001", inhalt: "Klasse;Nachname\n7a;Ölsen\n" });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toBe('attachment; filename="PW_0710001.txt"');
    expect(file.headers.get("Cache-Control")).toContain("no-store");
    const bytes = Buffer.from(await file.arrayBuffer());
    // The byte order mark first, so spreadsheet programs read the umlauts as UTF-8; lines end as Windows expects.
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(bytes.subarray(3).toString("utf8")).toBe("Klasse;Nachname\r\n7a;Ölsen\r\n");
    const odd = await schuladmin.postForm(FILE, { art: "passwoerter", kennung: '"; x.html', inhalt: "x" });
    expect(odd.headers.get("Content-Disposition")).toBe('attachment; filename="PW.txt"');
    const errors = await schuladmin.postForm(FILE, { art: "fehler", inhalt: "x" });
    expect(errors.headers.get("Content-Disposition")).toMatch(/^attachment; filename="Fehler-Mehrfachbearbeitung-\d{2}-\d{2}-\d{4}\.txt"$/);
    expect((await schuladmin.postForm(FILE, { art: "anderes", inhalt: "x" })).status).toBe(400);
  });
});
