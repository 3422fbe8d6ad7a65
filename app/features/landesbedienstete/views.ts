import type { SubmissionResult } from "@conform-to/react";
import type { ErrorCode } from "~/errors";
import type { TranslationKey } from "~/i18n";
import type { Stand } from "~/features/zuordnungen/aenderungen";

/** What the state-employee search and add pages show: the view types of their components. */

/** A state employee the search found: what the result card and the add page show (inventory §4.10). */
export interface GefundenePerson {
  id: string;
  vorname: string;
  familienname: string;
  username: string | null;
  personalnummer: string;
  email: string | null;
  zuordnungen: { key: string; dstNr: string | null; schule: string; rolle: string }[];
}

/** Every answer of the page's form; the loader gives the first one. */
export interface HinzufuegenAntwort {
  schritt: Schritt;
  ansicht: AuswahlAnsicht;
  stand: Stand;
  result: SubmissionResult<string[]>;
  bestaetigung: Bestaetigung | null;
  fehler: ErrorCode | null;
  hinweis: TranslationKey | null;
  /** Where the focus goes when JavaScript shows the answer; null leaves it in the control just changed. */
  fokus: "bestaetigung" | "auswahl" | "feld" | "hinweis" | null;
  formKey: string;
}

export interface Option {
  id: string;
  label: string;
}

/** The choices of the form, narrowed by what is chosen so far. */
export interface AuswahlAnsicht {
  schulsuche: string;
  schulen: Option[];
  rollen: Option[];
  befristungPflicht: boolean;
  /** The chosen roles may be given at the chosen organisation (the step's verdict). */
  canCommit: boolean;
  /** How many roles are chosen: with none the button stays usable and says what is missing when pressed. */
  gewaehlt: number;
}

/** What the confirmation names (inventory §4.9.3: "add {username} as {roles}?"). */
export interface Bestaetigung {
  schule: string;
  rollen: string;
  befristung: string | null;
}

export type Schritt = "auswahl" | "bestaetigen";
