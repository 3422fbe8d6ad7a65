import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_IDS } from "./support/klassen.ts";
import { startPortal, type Portal } from "./support/portal.ts";
import { angebot, anmeldungen, demoPersonId, expectNichtGefunden, type Stufe } from "./support/zugriff.ts";

/**
 * Who lacks the right to a screen gets the German not-found page for it, and for its dialogs opened by their address
 * (the product standard: a missing right is „Seite nicht gefunden“). These were e2e journeys; the page is the server's
 * answer, the same with or without JavaScript, so they run without a browser. Its axe scan stays in
 * tests/e2e/barrierefreiheit.spec.ts. The posts are in zugriff-ohne-recht-absenden.test.ts, what the pages these users
 * may open leave out in zugriff-ohne-recht-seiten.test.ts. Each user logs in at the level the journeys used.
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

interface Nutzer {
  wer: string;
  konto: string;
  stufe: Stufe;
}

const SCHULADMIN: Nutzer = { wer: "der Schuladmin", konto: "schuladmin", stufe: "gold" };
const LEHRKRAFT: Nutzer = { wer: "die Lehrkraft", konto: "lehrkraft", stufe: "silver" };
const LEHRKRAFT_MIT_EINMALCODE: Nutzer = { wer: "die Lehrkraft mit Einmalcode", konto: "lehrkraft", stufe: "gold" };
const SCHUELER: Nutzer = { wer: "der Schüler", konto: "schueler", stufe: "silver" };
const TRAEGERADMIN: Nutzer = { wer: "der Administrator eines Schulträgers", konto: "traegeradmin", stufe: "silver" };
const LANDESADMIN: Nutzer = { wer: "die Landesadministratorin", konto: "landesadmin", stufe: "gold" };

/** A screen (or a dialog's address) and who may not open it. */
interface Verweigert extends Nutzer {
  was: string;
  pfad: string;
}

const fuer = (nutzer: Nutzer[], was: string, pfad: string): Verweigert[] => nutzer.map((wer) => ({ ...wer, was, pfad }));

const person = (username: string) => `/admin/personen/${demoPersonId(username)}`;
const LANDESBEDIENSTETE = "/admin/limited/personen/search";

const VERWEIGERT: Verweigert[] = [
  // Offers (decision 024): neither the offer management nor the role extension.
  ...fuer([SCHULADMIN, LEHRKRAFT], "die Angebotsliste", "/admin/angebote"),
  ...fuer([SCHULADMIN, LEHRKRAFT], "die Seite eines Angebots", `/admin/angebote/${angebot("mediathek-nord")}`),
  ...fuer([SCHULADMIN, LEHRKRAFT], "den Einstieg der Rollenerweiterung", "/admin/angebote/erweiterbar"),
  ...fuer(
    [SCHULADMIN, LEHRKRAFT],
    "die Erweiterung einer Rolle um ein Angebot",
    `/admin/angebote/${angebot("mediathek-nord")}/erweiterungen`,
  ),
  // What the original gained (issue 34): creating and editing offers, the one-step extension, VIDIS.
  ...fuer([SCHULADMIN, LEHRKRAFT, SCHUELER], "das Anlegen eines Angebots", "/admin/angebote/new"),
  ...fuer([SCHULADMIN, LEHRKRAFT, SCHUELER], "das Bearbeiten eines Angebots", `/admin/angebote/${angebot("mediathek-nord")}/bearbeiten`),
  ...fuer([SCHULADMIN, LEHRKRAFT, SCHUELER], "die schulischen Angebote unter der Adresse des Originals", "/admin/angebote/schulspezifisch"),
  ...fuer(
    [SCHULADMIN, LEHRKRAFT, SCHUELER],
    "die Erweiterungen eines Angebots unter der Adresse des Originals",
    `/admin/angebote/schulspezifisch/${angebot("mediathek-nord")}`,
  ),
  ...fuer([LANDESADMIN, SCHULADMIN, LEHRKRAFT, SCHUELER], "die Frage zum VIDIS-Abgleich", "/admin/angebote/erweiterbar?vidis"),
  // The notice of the start page.
  ...fuer([SCHULADMIN, LEHRKRAFT], "den Hinweis für die Startseite", "/admin/hinweise/new"),
  // Persons.
  ...fuer([LEHRKRAFT], "die Verwaltung", "/admin"),
  ...fuer([LEHRKRAFT], "die Liste aller Benutzer", "/admin/personen"),
  ...fuer([LEHRKRAFT], "die Suche nach Landesbediensteten", LANDESBEDIENSTETE),
  ...fuer([LEHRKRAFT], "eine Suche nach Landesbediensteten über ihre Adresse", `${LANDESBEDIENSTETE}?art=kopers&kopers=4711`),
  ...fuer([LEHRKRAFT], "das Hinzufügen von Landesbediensteten", "/admin/limited/personen/add"),
  ...fuer([SCHULADMIN], "das Anlegen eines Benutzers", "/admin/personen/new"),
  ...fuer([SCHULADMIN], "die Seite einer Person einer anderen Schule", person("asoennichsen")),
  ...fuer([SCHULADMIN], "das Passwort einer Person einer anderen Schule", `${person("asoennichsen")}?passwort`),
  ...fuer([LEHRKRAFT_MIT_EINMALCODE], "die Seite einer Person", person("schueler")),
  ...fuer([SCHULADMIN], "das Löschen einer Person", `${person("hoezdemir")}?loeschen`),
  ...fuer([SCHULADMIN], "das Synchronisieren einer Person", `${person("hoezdemir")}?synchronisieren`),
  ...fuer([SCHULADMIN], "das Zurücksetzen des Tokens einer Person einer anderen Schule", `${person("mjessen")}?token-zuruecksetzen`),
  ...fuer([SCHULADMIN], "die Zwei-Faktor-Einrichtung einer Person einer anderen Schule", `${person("mjessen")}?zwei-faktor-einrichten`),
  ...fuer([SCHULADMIN], "das Hardware-Token einer Person einer anderen Schule", `${person("mjessen")}?zwei-faktor-einrichten=hardware`),
  ...fuer(
    [SCHULADMIN],
    "die Bestätigung zum Löschen von Benutzerkonten",
    `/admin/personen/mehrfach?aktion=loeschen&auswahl=${DEMO_IDS.personLehrkraft}`,
  ),
  // A device password is for teachers only.
  ...fuer([LANDESADMIN], "das Gerätepasswort eines Schülers", `${person("schueler")}?geraetepasswort`),
  // The profile: what a pupil does not need.
  ...fuer([SCHUELER], "das eigene Gerätepasswort", "/profile?geraetepasswort"),
  ...fuer([SCHUELER], "die Einrichtung eines zweiten Faktors", "/profile/zwei-faktor"),
  // Roles (decision 023).
  ...fuer([SCHULADMIN, LEHRKRAFT_MIT_EINMALCODE], "die Rollenliste", "/admin/rollen"),
  ...fuer([SCHULADMIN, LEHRKRAFT_MIT_EINMALCODE], "das Anlegen einer Rolle", "/admin/rollen/new"),
  ...fuer([SCHULADMIN, LEHRKRAFT_MIT_EINMALCODE], "die Seite einer Rolle", `/admin/rollen/${DEMO_IDS.rolleLehrkraft}`),
  ...fuer([SCHULADMIN, LEHRKRAFT_MIT_EINMALCODE], "das Bearbeiten einer Rolle", `/admin/rollen/${DEMO_IDS.rolleLehrkraft}?bearbeiten`),
  // Schools and Schulträger (decisions 020, 021).
  ...fuer([SCHULADMIN, LEHRKRAFT], "die Schulliste", "/admin/schulen"),
  ...fuer([SCHULADMIN, LEHRKRAFT], "das Anlegen einer Schule", "/admin/schulen/new"),
  ...fuer([SCHULADMIN, LEHRKRAFT], "die Seite der eigenen Schule", `/admin/schulen/${DEMO_IDS.schuleA}`),
  ...fuer(
    [SCHULADMIN, LEHRKRAFT, SCHUELER],
    "die Frage zum Löschen einer Schule über der Liste",
    `/admin/schulen?loeschen=${DEMO_IDS.schuleA}`,
  ),
  ...fuer([SCHULADMIN, LEHRKRAFT, SCHUELER], "die Frage zum Löschen der eigenen Schule", `/admin/schulen/${DEMO_IDS.schuleA}?loeschen`),
  ...fuer([SCHULADMIN, LEHRKRAFT], "die Schulträgerliste", "/admin/schultraeger"),
  ...fuer([SCHULADMIN, LEHRKRAFT], "das Anlegen eines Schulträgers", "/admin/schultraeger/new"),
  ...fuer([SCHULADMIN, LEHRKRAFT], "die Seite eines Schulträgers", `/admin/schultraeger/${DEMO_IDS.traegerStadt}`),
  // The seeded Träger administrator's role has no SCHULTRAEGER_VERWALTEN (only persons and classes).
  ...fuer(
    [{ ...SCHULADMIN, stufe: "silver" }, LEHRKRAFT, TRAEGERADMIN],
    "die Schulen eines Schulträgers",
    `/admin/schultraeger/${DEMO_IDS.traegerStadt}/schulen`,
  ),
];

describe("Seiten ohne das Recht dazu", () => {
  for (const { wer, was, konto, stufe, pfad } of VERWEIGERT) {
    it(`${wer} öffnet ${was} und bekommt „Seite nicht gefunden“`, async () => {
      const visitor = await angemeldet(konto, stufe);
      await expectNichtGefunden(await visitor.get(pfad, { "Sec-Fetch-Dest": "document" }), `${konto} (${stufe}): ${pfad}`);
    });
  }

  it("die Lehrkraft bekommt auch die Auswahlliste der Rollen für die Benutzerliste nicht", async () => {
    const lehrkraft = await angemeldet("lehrkraft", "silver");
    const answer = await lehrkraft.get("/admin/personen/optionen?art=rolle");
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain('"options"');
  });
});
