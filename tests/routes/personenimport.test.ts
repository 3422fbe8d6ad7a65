import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stableId } from "../../upstream/reference/lib/ids.ts";
import { DEMO_IDS, uniqueToken } from "./support/klassen.ts";
import { startPortal, type Portal, type PortalVisitor } from "./support/portal.ts";

/** The CSV import (issue 14, docs/decisions/028) as the server answers it: rights, refusals, the one download. */

let portal: Portal;
let pinned: Portal;

beforeAll(async () => {
  [portal, pinned] = await Promise.all([startPortal(), startPortal({ apiVersion: "pinned" })]);
});

afterAll(async () => {
  await Promise.all([portal?.close(), pinned?.close()]);
});

const IMPORT = "/admin/personen/import";
const SCHUELER = stableId("rolle:itslearning-schueler");
const UNBEKANNT = "0b9a3c1e-5d2f-4e6a-8b7c-9d0e1f2a3b4c";

function upload(visitor: PortalVisitor, datei: Uint8Array<ArrayBuffer> | string | null, { name = "schueler.csv" } = {}) {
  const form = new FormData();
  form.set("schule", DEMO_IDS.schuleA);
  form.set("rolle", SCHUELER);
  if (datei !== null) form.set("datei", new Blob([datei], { type: "text/csv" }), name);
  return visitor.postMultipart(`${IMPORT}?schule=${DEMO_IDS.schuleA}`, form);
}

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
  it.each([
    ["heutigen", () => portal],
    ["festgeschriebenen", () => pinned],
  ])(
    "eine Latin-1-Datei mit Umlauten wird geprüft, importiert, einmal heruntergeladen und ist dann gelöscht (%s Upstream)",
    async (_, which) => {
      const landesadmin = await which().loggedIn("landesadmin", "gold");
      // Names take letters only (DIN 91379): the token's digits become letters.
      const token = uniqueToken()
        .slice(-6)
        .replace(/\d/g, (digit) => "abcdefghij"[Number(digit)]);
      const csv = Buffer.from(`nachname;vorname;klasse\r\nZörner;Jürgen${token};5a\r\nZießler;Änne${token};5b\r\n`, "latin1");
      const hochgeladen = await upload(landesadmin, new Uint8Array(csv.buffer.slice(csv.byteOffset, csv.byteOffset + csv.byteLength)));
      expect(hochgeladen.status).toBe(303);
      const vorgang = hochgeladen.headers.get("Location")!;
      expect(vorgang).toMatch(/^\/admin\/personen\/import\/[0-9a-f-]{36}\?kodierung=iso-8859-1$/);
      const seite = await (await landesadmin.get(vorgang)).text();
      expect(seite).toContain("2 Datensätze sind bereit zum Import.");
      expect(seite).toContain("ISO-8859-1 (Latin-1)");

      const id = vorgang.split("?")[0].split("/").pop()!;
      // A GET of the progress starts nothing: the checked import is only shown.
      expect((await landesadmin.get(`${IMPORT}/${id}/fortschritt`)).status).toBe(303);
      const lauf = await landesadmin.postForm(`${IMPORT}/${id}/fortschritt`, {});
      expect(lauf.status).toBe(200);
      expect(lauf.headers.get("Cache-Control")).toContain("no-store");
      expect(lauf.headers.get("Cache-Control")).toContain("no-transform");
      const verlauf = await lauf.text();
      expect(verlauf).toContain("Fertig: 2 von 2 bearbeitet");
      // Sent again (a reload of the progress page): nothing is started twice, the finished import is shown.
      expect((await landesadmin.postForm(`${IMPORT}/${id}/fortschritt`, {})).status).toBe(303);

      const ergebnis = await (await landesadmin.get(`${IMPORT}/${id}`)).text();
      expect(ergebnis).toContain("2 Personen wurden angelegt.");

      const datei = await landesadmin.postForm(`${IMPORT}/${id}/datei`, {});
      expect(datei.status).toBe(200);
      expect(datei.headers.get("Content-Disposition")).toMatch(/^attachment; filename="Benutzerdaten-Import-\d\d-\d\d-\d{4}\.txt"$/);
      expect(datei.headers.get("Cache-Control")).toContain("no-store");
      expect(datei.headers.getSetCookie().join(" ")).not.toMatch(/Wattwurm|Passwort/);
      const bytes = new Uint8Array(await datei.arrayBuffer());
      expect([...bytes.subarray(0, 3)], "Byte-Order-Mark").toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder().decode(bytes);
      expect(text.startsWith("Schule: Gemeinschaftsschule am Deich;Rolle: itslearning-Schüler\r\n")).toBe(true);
      expect(text).toMatch(new RegExp(`5a;Zörner;Jürgen${token};[a-z0-9.-]+;\\S+\\r\\n`));
      expect(text).toMatch(new RegExp(`5b;Zießler;Änne${token};`));
      // The result page held no start password: they are only in the file.
      const passwoerter = text
        .split("\r\n")
        .slice(3, 5)
        .map((zeile) => zeile.split(";")[4]);
      expect(passwoerter.every((passwort) => passwort.length >= 8 && !ergebnis.includes(passwort))).toBe(true);

      // Once: a second post leads to the page, which says the data are gone.
      const nochmal = await landesadmin.postForm(`${IMPORT}/${id}/datei`, {});
      expect(nochmal.status).toBe(303);
      expect(await (await landesadmin.get(`${IMPORT}/${id}`)).text()).toContain("heruntergeladen oder gelöscht");
    },
  );

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
