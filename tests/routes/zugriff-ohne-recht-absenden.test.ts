import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HARDWARE_TOKENS } from "../../upstream/reference/seed/zwei-faktor.ts";
import { DEMO_IDS, uniqueToken } from "./support/klassen.ts";
import { startPortal, type Portal } from "./support/portal.ts";
import { angebot, anmeldungen, demoPersonId, expectNichtGefunden, schreibendeAufrufe, textOf, type Stufe } from "./support/zugriff.ts";

/**
 * A form post sent by hand to a screen the user has no right to (as a page would send it, with the portal's Origin) is
 * answered with the German not-found page, and nothing reaches the upstream but reads: no write, so nothing changed.
 * These were parts of e2e journeys; without a browser the upstream's calls can be counted.
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

/** A post and who may not send it. */
interface Abgelehnt extends Nutzer {
  was: string;
  pfad: string;
  form: Record<string, string>;
}

const fuer = (nutzer: Nutzer[], was: string, pfad: string, form: Record<string, string>): Abgelehnt[] =>
  nutzer.map((wer) => ({ ...wer, was, pfad, form }));

const person = (username: string) => `/admin/personen/${demoPersonId(username)}`;
const token = uniqueToken();
/** Handed out to Momme Jessen in the seed. */
const IN_USE = HARDWARE_TOKENS.find((hardware) => hardware.assignedTo === "mjessen")!.serial;
const ROLLE_LEHRKRAFT = `/admin/rollen/${DEMO_IDS.rolleLehrkraft}`;

const ABGELEHNT: Abgelehnt[] = [
  ...fuer([SCHULADMIN, LEHRKRAFT], "eine Rollenerweiterung", `/admin/angebote/${angebot("sprachlabor")}/erweiterungen`, {
    schule: DEMO_IDS.schuleA,
    rolle: DEMO_IDS.rolleLehrkraft,
  }),
  ...fuer([SCHULADMIN, LEHRKRAFT, SCHUELER], "ein neues Angebot", "/admin/angebote/new", {
    ebene: DEMO_IDS.schuleA,
    name: "Fremdes Angebot",
    link: "https://example.org/",
    kategorie: "UNTERRICHT",
  }),
  ...fuer([SCHULADMIN, LEHRKRAFT, SCHUELER], "Änderungen an einem Angebot", `/admin/angebote/${angebot("mediathek-nord")}/bearbeiten`, {
    name: "Umbenannt",
    link: "https://example.org/",
    stand: "x",
  }),
  ...fuer(
    [SCHULADMIN, LEHRKRAFT, SCHUELER],
    "einen VIDIS-Abgleich",
    `/admin/angebote/erweiterbar?schule=${DEMO_IDS.schuleVidis}&vidis`,
    {},
  ),
  ...fuer([SCHULADMIN, LEHRKRAFT], "einen Hinweis für die Startseite", "/admin/hinweise/new", {
    inhalt: "Fremder Text",
    revision: "0",
    intent: "veroeffentlichen",
  }),
  ...fuer([SCHULADMIN], "einen neuen Benutzer", "/admin/personen/new", { intent: "anlegen", vorname: "Xaver", familienname: "Xylo" }),
  ...fuer([SCHULADMIN], "das Zurücksetzen des Passworts einer Person einer anderen Schule", `${person("asoennichsen")}?passwort`, {}),
  ...fuer([SCHULADMIN], "das Löschen einer Person", `${person("hoezdemir")}?loeschen`, {}),
  ...fuer([SCHULADMIN], "das Synchronisieren einer Person", `${person("hoezdemir")}?synchronisieren`, {}),
  ...fuer([SCHULADMIN], "das Löschen eines Benutzerkontos in der Mehrfachbearbeitung", "/admin/personen/mehrfach/ausfuehren", {
    aktion: "loeschen",
    umfang: "auswahl",
    auswahl: DEMO_IDS.personLehrkraft,
  }),
  ...Object.entries({
    "token-zuruecksetzen": "das Zurücksetzen des Tokens",
    "zwei-faktor-einrichten": "die Einrichtung eines Software-Tokens",
    "zwei-faktor-einrichten=hardware": "die Zuordnung eines Hardware-Tokens",
  }).flatMap(([dialog, was]) =>
    fuer([SCHULADMIN], `${was} einer Person einer anderen Schule`, `${person("mjessen")}?${dialog}`, { serial: IN_USE, otp: "123456" }),
  ),
  ...fuer([SCHUELER], "das Erzeugen eines eigenen Gerätepassworts", "/profile?geraetepasswort", { einmal: randomUUID() }),
  ...fuer([SCHULADMIN, LEHRKRAFT_MIT_EINMALCODE], "eine neue Rolle", "/admin/rollen/new", {
    ebene: DEMO_IDS.schuleA,
    rollenart: "LEHR",
    name: "Fremdrolle",
  }),
  ...fuer([SCHULADMIN, LEHRKRAFT_MIT_EINMALCODE], "eine geänderte Rolle", `${ROLLE_LEHRKRAFT}?bearbeiten`, {
    name: "Übernommen",
    version: "1",
  }),
  ...fuer([SCHULADMIN, LEHRKRAFT_MIT_EINMALCODE], "das Löschen einer Rolle", `${ROLLE_LEHRKRAFT}?loeschen`, {}),
  ...fuer([SCHULADMIN], "neue Daten der eigenen Schule", `/admin/schulen/${DEMO_IDS.schuleA}`, { kennung: "0710001", name: "Übernommen" }),
  ...fuer([SCHULADMIN], "eine neue Schule", "/admin/schulen/new", {
    schulform: DEMO_IDS.landOeffentlich,
    kennung: `9${token}`,
    name: `Fremdschule ${token}`,
  }),
  ...fuer([SCHULADMIN], "das Aktivieren einer Schule für itslearning", `/admin/schulen?itslearning=${DEMO_IDS.schuleB}`, {}),
  ...fuer(
    [SCHULADMIN, LEHRKRAFT_MIT_EINMALCODE, SCHUELER],
    "das Löschen einer Schule aus der Liste",
    `/admin/schulen?loeschen=${DEMO_IDS.schuleB}`,
    {},
  ),
  ...fuer(
    [SCHULADMIN, LEHRKRAFT_MIT_EINMALCODE, SCHUELER],
    "das Löschen einer Schule auf ihrer Seite",
    `/admin/schulen/${DEMO_IDS.schuleA}?loeschen`,
    {},
  ),
  ...fuer([SCHULADMIN], "einen neuen Schulträger", "/admin/schultraeger/new", {
    schulform: DEMO_IDS.landOeffentlich,
    name: "Amt vom Schuladmin",
  }),
  ...fuer([SCHULADMIN], "einen neuen Namen eines Schulträgers", `/admin/schultraeger/${DEMO_IDS.traegerStadt}`, {
    name: "Umbenannt",
    version: "1",
  }),
  ...fuer(
    [{ ...SCHULADMIN, stufe: "silver" }, LEHRKRAFT, TRAEGERADMIN],
    "das Lösen einer Schule von ihrem Schulträger",
    `/admin/schultraeger/${DEMO_IDS.traegerStadt}/schulen`,
    { intent: "speichern", weg: DEMO_IDS.schuleA },
  ),
];

describe("Absenden ohne das Recht dazu", () => {
  for (const { wer, was, konto, stufe, pfad, form } of ABGELEHNT) {
    it(`${wer} sendet ${was} und bekommt „Seite nicht gefunden“; nichts wird geschrieben`, async () => {
      const visitor = await angemeldet(konto, stufe);
      portal.upstreamCalls.length = 0;
      await expectNichtGefunden(await visitor.postForm(pfad, form), `${konto} (${stufe}): POST ${pfad}`);
      expect(schreibendeAufrufe(portal), `${konto}: POST ${pfad}`).toEqual([]);
    });
  }

  it("nach allen abgelehnten Posts ist alles wie vorher: Personen, Rollen, Schulen, Schulträger und der Hinweis", async () => {
    const landesadmin = await angemeldet("landesadmin", "gold");
    const text = async (pfad: string) => {
      const answer = await landesadmin.get(pfad);
      expect(answer.status, pfad).toBe(200);
      return textOf(await answer.text());
    };
    expect(await text(person("lehrkraft"))).toContain("Benutzer: Lara Lehmann");
    expect(await text(person("hoezdemir"))).toContain("Dieser Benutzer ist aktiv.");
    expect(await text(`/admin/personen?suche=Xylo`)).toContain("Keine Benutzer gefunden.");
    expect(await text(`/admin/rollen?suche=Fremdrolle`)).toContain("Keine Rollen gefunden.");
    expect(await text(ROLLE_LEHRKRAFT)).toContain("Rolle Lehrkraft");
    expect(await text(`/admin/schulen?suche=${token}`)).toContain("Keine Schulen gefunden.");
    expect(await text(`/admin/schultraeger?suche=Schuladmin`)).toContain("Keine Schulträger gefunden.");
    const traeger = await text(`/admin/schultraeger/${DEMO_IDS.traegerStadt}`);
    expect(traeger).toContain("Schulträger Hansestadt Nordhafen");
    expect(traeger).toContain("Gemeinschaftsschule am Deich");
    expect(await text("/admin/hinweise/new")).not.toContain("Fremder Text");
  });
});
