import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPortal, type Portal } from "./support/portal.ts";
import { anmeldungen, demoPersonId, linkNamen, optionen, textOf, ueberschriften } from "./support/zugriff.ts";

/**
 * What the pages a user may open leave out when a right is missing: no menu entry, no button, no action leading to a
 * screen that would answer „Seite nicht gefunden“ (the answers themselves: zugriff-ohne-recht.test.ts). Each check has
 * its counterpart the page does offer, so it can fail. These were parts of e2e journeys; the links are the server's.
 */

let portal: Portal;
let angemeldet: ReturnType<typeof anmeldungen>;

beforeAll(async () => {
  portal = await startPortal();
  angemeldet = anmeldungen(portal);
});

afterAll(async () => {
  await portal?.close();
});

const person = (username: string) => `/admin/personen/${demoPersonId(username)}`;

/** The text of the side navigation (the server writes it twice: the column, and the disclosure of narrow screens). */
const menue = (html: string) =>
  [...html.matchAll(/<nav\b[^>]*aria-label="Navigation"[^>]*>([\s\S]*?)<\/nav>/g)].map((match) => textOf(match[1])).join(" ");

async function seite(konto: string, stufe: "silver" | "gold", pfad: string) {
  const answer = await (await angemeldet(konto, stufe)).get(pfad);
  expect(answer.status, pfad).toBe(200);
  return answer.text();
}

describe("Was ohne das Recht dazu fehlt", () => {
  it("der Schuladmin findet im Menü die Klassen, aber keine Angebote, Rollen, Schulen, Schulträger oder Hinweise", async () => {
    const html = await seite("schuladmin", "gold", "/admin/klassen");
    expect(menue(html)).toContain("Klassenverwaltung");
    expect(menue(html)).not.toContain("Angebotsverwaltung");
    const links = linkNamen(html);
    expect(links).toContain("Alle Klassen");
    for (const fehlt of [
      "Alle Angebote",
      "Rollen schulspezifisch erweitern",
      "Alle Rollen",
      "Alle Schulen",
      "Alle Schulträger",
      "Hinweise bearbeiten",
    ]) {
      expect(links, fehlt).not.toContain(fehlt);
    }
  });

  it("der Schuladmin findet „Benutzer anlegen“ weder im Menü noch über der Liste, und die Mehrfachbearbeitung bietet kein Löschen", async () => {
    const html = await seite("schuladmin", "gold", "/admin/personen");
    const links = linkNamen(html);
    expect(links).toContain("Andere Person (neu anlegen)");
    expect(links).not.toContain("Benutzer anlegen");
    expect(optionen(html, "aktion")).toEqual([
      "Aktion wählen",
      "Passwörter zurücksetzen",
      "Schülerinnen und Schüler in eine andere Klasse versetzen",
      "Schulzuordnung aufheben",
      "Rolle entziehen",
      "Rolle zuweisen",
    ]);
  });

  it("der Schuladmin sieht die Personen seiner Schule und darf sie sperren, aber weder löschen noch synchronisieren", async () => {
    expect(ueberschriften(await seite("schuladmin", "gold", person("ghoffmann")))).toContain("Benutzer: Gregor Hoffmann");
    const html = await seite("schuladmin", "gold", person("hoezdemir"));
    expect(ueberschriften(html)).toContain("Benutzer: Hanna Özdemir");
    const links = linkNamen(html);
    expect(links).toContain("Benutzer sperren");
    expect(links).not.toContain("Benutzer löschen");
    expect(links).not.toContain("Benutzer synchronisieren");
  });

  it("die Landesadministratorin setzt das Passwort eines Schülers zurück, ein Gerätepasswort bekommt er nicht", async () => {
    const links = linkNamen(await seite("landesadmin", "gold", person("schueler")));
    expect(links).toContain("Passwort zurücksetzen");
    expect(links).not.toContain("Gerätepasswort erzeugen");
  });

  it("der Schüler sieht in seinem Profil weder das Gerätepasswort noch die Zwei-Faktor-Authentifizierung, die Lehrkraft beides", async () => {
    const schueler = await seite("schueler", "silver", "/profile");
    expect(ueberschriften(schueler)).toContain("Mein Profil");
    expect(ueberschriften(schueler)).not.toContain("Gerätepasswort für Ihr Dienstgerät");
    expect(ueberschriften(schueler)).not.toContain("Zwei-Faktor-Authentifizierung");
    expect(linkNamen(schueler)).not.toContain("Gerätepasswort erzeugen");

    const lehrkraft = await seite("lehrkraft", "silver", "/profile");
    expect(ueberschriften(lehrkraft)).toEqual(
      expect.arrayContaining(["Gerätepasswort für Ihr Dienstgerät", "Zwei-Faktor-Authentifizierung"]),
    );
    expect(linkNamen(lehrkraft)).toContain("Gerätepasswort erzeugen");
  });
});
