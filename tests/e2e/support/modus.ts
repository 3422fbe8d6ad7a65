/**
 * Journeys that run in one JavaScript mode only. Every journey runs in both projects (playwright.config.ts) unless it
 * carries one of these, with the reason next to it in the test file: the project of the other mode leaves it out
 * (its `grepInvert`), so it is neither started there nor listed as skipped, and the reason shows in the report.
 *
 *   test("…", nurOhneJavaScript("…warum der Lauf mit JavaScript nichts hinzufügt…"), async ({ page }) => { … });
 *   test.describe("…", nurMitJavaScript("…"), () => { … });
 *
 * The project standard: JavaScript off first, so every screen and action keeps a journey in `ohne-js`; `nurMitJavaScript`
 * is for what only JavaScript does (dialogs, comboboxes, live checks, fetchers, focus, script loading). A journey stays
 * in both modes while it walks anything JavaScript changes on its screen; it runs without JavaScript only when the run
 * with it would prove nothing more, and its reason says why. A page a user without the right is refused is a server
 * answer and needs no browser at all: it is a route test (tests/routes/zugriff-ohne-recht*.test.ts).
 */

/** The tags the projects filter on; a journey names a mode only through the two helpers below. */
export const NUR_OHNE_JS = "@nur-ohne-js";
export const NUR_MIT_JS = "@nur-mit-js";

/** Reasons several spec files give; a reason for one journey alone is written next to it. */
export const GRUND = {
  serverHtml: "Die Seite zeigt, was der Server zeichnet; mit JavaScript derselbe Loader, keine eigene Bedienung.",
  hinweisImHtml: "Der Hinweis steht im Server-HTML der Startseite; mit JavaScript ändert sich daran nichts.",
  listePerLink:
    "Suchen, Sortieren und Blättern sind Links und GET-Formulare auf denselben Loader; mit JavaScript nur als Client-Navigation, die andere Reisen zeigen.",
  upstreamAnmeldung: "Die Anmeldung läuft über die HTML-Formulare des Upstreams und ganze Seitenwechsel; mit JavaScript derselbe Weg.",
  aeltererUpstream:
    "Der ältere Upstream unterscheidet sich nur in den Anfragen des Servers; die Bedienung mit JavaScript prüfen die Reisen gegen den aktuellen.",
  layout390: "Nur Layout bei 390 px: dasselbe HTML und CSS mit und ohne JavaScript.",
  mehrfachServer:
    "Auswahl, Leiste, Bestätigung und Lauf sind mit JavaScript bei jeder Aktion derselbe Weg; ihn prüfen die Reisen „setzt die Passwörter einer Klasse zurück“, „gibt zwei Schülerinnen eine weitere Lernrolle“ und „gleich auf der ersten Seite der Liste“. Was diese Aktion anders macht, zeichnet der Server.",
  tabelle390:
    "Nur Layout bei 390 px: dieselbe Tabelle (DataTable) wie die Klassenliste, deren Bereich mit JavaScript bedienung.spec.ts bei 390 px prüft.",
} as const;

interface ModusDetails {
  tag: string;
  annotation: { type: string; description: string };
}

/** Runs only in the project without JavaScript; `grund`: why the run with JavaScript would prove nothing more. */
export const nurOhneJavaScript = (grund: string): ModusDetails => ({
  tag: NUR_OHNE_JS,
  annotation: { type: "nur ohne JavaScript", description: grund },
});

/** Runs only in the project with JavaScript; `grund`: why there is nothing to prove without it. */
export const nurMitJavaScript = (grund: string): ModusDetails => ({
  tag: NUR_MIT_JS,
  annotation: { type: "nur mit JavaScript", description: grund },
});
