import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_IDS } from "./support/klassen.ts";
import { IMPORT, importiereUndLadeHerunter, upload } from "./support/personenimport.ts";
import { startPortal, upstreamWaves, type Portal } from "./support/portal.ts";

/** The CSV import (issue 14, docs/decisions/028) as the server answers it: rights, refusals, the one download. */

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

const UNBEKANNT = "0b9a3c1e-5d2f-4e6a-8b7c-9d0e1f2a3b4c";

describe("Import: Rechte", () => {
  it("eine Lehrkraft bekommt auf jeder Adresse des Imports die deutsche Seite „nicht gefunden“, auch für Posts", async () => {
    const lehrkraft = await portal.loggedIn("lehrkraft", "gold");
    for (const path of [IMPORT, `${IMPORT}/${UNBEKANNT}`, `${IMPORT}/${UNBEKANNT}/fortschritt`]) {
      const answer = await lehrkraft.get(path);
      expect(answer.status, path).toBe(404);
      expect(await answer.text()).toContain("Seite nicht gefunden");
    }
    for (const path of [`${IMPORT}/${UNBEKANNT}/fortschritt`, `${IMPORT}/${UNBEKANNT}/datei`]) {
      const answer = await lehrkraft.postForm(path, {});
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(await answer.text()).toContain("Seite nicht gefunden");
    }
    expect((await upload(lehrkraft, "nachname;vorname;klasse\nZ;Z;5a\n")).status).toBe(404);
  });

  it("ohne zweiten Faktor geht es erst zur Anmeldung: der Upstream verlangt ihn für jeden Schritt des Imports", async () => {
    const landesadmin = await portal.loggedIn("landesadmin", "silver");
    const answer = await landesadmin.get(IMPORT);
    expect(answer.status).toBeGreaterThanOrEqual(300);
    expect(decodeURIComponent(answer.headers.get("Location") ?? "")).toContain("/api/auth/login");
  });

  it("eine unbekannte oder unsinnige Importnummer ist „nicht gefunden“, nie ein Serverfehler", async () => {
    const landesadmin = await portal.loggedIn("landesadmin", "gold");
    for (const path of [`${IMPORT}/${UNBEKANNT}`, `${IMPORT}/kein-import`, `${IMPORT}/${UNBEKANNT}/fortschritt`]) {
      expect((await landesadmin.get(path)).status, path).toBe(404);
    }
    expect((await landesadmin.postForm(`${IMPORT}/${UNBEKANNT}/datei`, {})).status).toBe(404);
    expect((await landesadmin.postForm(`${IMPORT}/${UNBEKANNT}`, { art: "loeschen" })).status).toBe(404);
  });
});

describe("Import: Ablehnungen vor dem Upstream", () => {
  it("ohne Datei, mit einer Datei, die keine CSV-Datei ist, oder einer über 5 MB: die Meldung am Feld, nichts hochgeladen", async () => {
    const landesadmin = await portal.loggedIn("landesadmin", "gold");
    const ohne = await upload(landesadmin, null);
    expect(ohne.status).toBe(400);
    expect(await ohne.text()).toContain("Bitte wählen Sie eine CSV-Datei.");
    const bild = await upload(landesadmin, "GIF89a", { name: "bild.gif" });
    expect(await bild.text()).toContain("Bitte wählen Sie eine Datei mit der Endung .csv.");
    const text = await upload(landesadmin, "nachname;vorname;klasse\nZapf;Zara;5a\n", { name: "liste.txt" });
    expect(await text.text()).toContain("Bitte wählen Sie eine Datei mit der Endung .csv.");
    const leer = await upload(landesadmin, "", { name: "leer.csv" });
    expect(leer.status).toBe(400);
    expect(await leer.text()).toContain("Die Datei ist leer.");
    const gross = await upload(landesadmin, new Uint8Array(5 * 1024 * 1024 + 1).fill(0x41));
    expect(gross.status).toBe(400);
    expect(await gross.text()).toContain("größer als 5 MB");
  });

  it("ein Post, der kein Formular ist, bekommt 415 und keine 500", async () => {
    const landesadmin = await portal.loggedIn("landesadmin", "gold");
    const answer = await landesadmin.request(IMPORT, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://portal.test" },
      body: "{}",
    });
    expect(answer.status).toBe(415);
  });
});

describe("Import: Prüfung, Import und die eine Datei", () => {
  it("eine Latin-1-Datei mit Umlauten wird geprüft, importiert, einmal heruntergeladen und ist dann gelöscht", async () => {
    await importiereUndLadeHerunter(portal);
  });

  it("Zeilen mit unbekannter Klasse kommen mit ihrer Zeilennummer zurück; der abgelehnte Upload bleibt nicht liegen", async () => {
    const landesadmin = await portal.loggedIn("landesadmin", "gold");
    const csv = "nachname;vorname;klasse\nZahn;Zoe;5a\nZorn;Zack;9zz\nZiege;Zita;5b\n\nZopf;Zeno;9zz\n";
    const answer = await upload(landesadmin, csv);
    expect(answer.status).toBe(422);
    const html = await answer.text();
    expect(html).toContain("Zeile 3</span>");
    expect(html).toContain("Zeile 6</span>");
    expect(html).toContain("Klasse nicht gefunden");
    expect(html).toContain("Gelesen als UTF-8.");
  });
});

describe("Import: Upstream-Aufrufe je Seite", () => {
  const reset = () => {
    portal.upstreamCalls.length = 0;
    portal.upstreamTimeline.length = 0;
  };

  it("die Importseite fragt Anmeldung, Workflow-Schritt, gewählte Schule und Verlauf in einer Welle", async () => {
    const landesadmin = await portal.loggedIn("landesadmin", "gold");
    reset();
    expect((await landesadmin.get(`${IMPORT}?schule=${DEMO_IDS.schuleA}`)).status).toBe(200);
    expect(upstreamWaves(portal.upstreamTimeline)).toBe(1);
    // The workflow step twice, side by side: the schools (limited) and every role at the chosen one.
    expect(portal.upstreamTimeline.length).toBe(5);
  });

  it("die Seite einer geprüften Datei fragt Status und erste Zeilen in einer Welle", async () => {
    const landesadmin = await portal.loggedIn("landesadmin", "gold");
    const hochgeladen = await upload(landesadmin, "nachname;vorname;klasse\nZange;Zora;5a\n");
    expect(hochgeladen.status).toBe(303);
    reset();
    const seite = await landesadmin.get(hochgeladen.headers.get("Location")!);
    expect(await seite.text()).toContain("1 Datensatz ist bereit zum Import.");
    expect(upstreamWaves(portal.upstreamTimeline)).toBe(1);
    // "Andere Datei hochladen": the upload is deleted, the form comes back with the school chosen.
    const verworfen = await landesadmin.postForm(hochgeladen.headers.get("Location")!.split("?")[0], {
      art: "verwerfen",
      schule: DEMO_IDS.schuleA,
    });
    expect(verworfen.headers.get("Location")).toBe(`${IMPORT}?schule=${DEMO_IDS.schuleA}`);
  });
});

describe("Import: Ablehnungen der ganzen Datei", () => {
  it("falsche Spaltenüberschriften und mehr als 2000 Personen: die deutsche Meldung über dem Formular, nichts angelegt", async () => {
    const landesadmin = await portal.loggedIn("landesadmin", "gold");
    const kopf = await upload(landesadmin, "name;vorname;klasse\nZorro;Zed;5a\n");
    expect(kopf.status).toBe(400);
    expect(await kopf.text()).toContain("Spaltenüberschriften fehlerhaft");
    const zeilen = Array.from({ length: 2001 }, (_, index) => `Zett;Zora${"abcdefghij"[index % 10]};5a`);
    const viele = await upload(landesadmin, `nachname;vorname;klasse\n${zeilen.join("\n")}\n`);
    expect(viele.status).toBe(400);
    expect(await viele.text()).toContain("Zu viele Personen");
  });
});
