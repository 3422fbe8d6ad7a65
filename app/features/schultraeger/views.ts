import type { TranslationKey } from "~/i18n";
import type { Eintrag, SpeicherErgebnis, Uebersprungen, VormerkungFehler } from "./vormerkung";

/** What a Träger's school assignment page shows (`/admin/schultraeger/{id}/schulen`): its components' view types. */

/** Why the page's staged set is not as the address asked: unreadable, or changes skipped since they were staged. */
export type Hinweis = { art: "fehler"; fehler: VormerkungFehler } | { art: "uebersprungen"; uebersprungen: Uebersprungen[] } | null;

/** The page as the loader reads it: the Träger, its schools, the staged changes still open, the search and its schools. */
export interface SchulenSeiteView {
  /** Whether the user may move schools below this Träger; without, the page only lists them. */
  darf: boolean;
  traeger: { id: string; name: string; schulform: TranslationKey };
  schulen: Eintrag[];
  vorgemerkt: { hinzu: Eintrag[]; weg: Eintrag[] };
  hinweis: Hinweis;
  suche: string;
  treffer: { schulen: Eintrag[]; weitere: boolean; limit: number } | null;
  /** The Träger's details page, or the address it passed as the way back. */
  zurueck: string;
}

/** The action's answers that stay on the page (a success redirects). */
export type SpeicherAntwort =
  | { antwort: "ungueltig"; fehler: VormerkungFehler }
  | { antwort: "nichtsVorgemerkt" }
  | { antwort: "keinRecht" }
  | { antwort: "ergebnis"; ergebnis: SpeicherErgebnis; zaehlung: { hinzu: number; weg: number; bereits: number } };
