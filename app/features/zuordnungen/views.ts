import type { SubmissionResult } from "@conform-to/react";
import type { ErrorCode } from "~/errors";
import type { TranslationKey } from "~/i18n";
import type { Aenderung, Stand } from "./aenderungen";
import type { BefristungArt } from "./befristung-wahl";
import type { HinzufuegenRegeln } from "./zuordnung-forms";

/** The view types of the Zuordnung pieces. */

export interface Option {
  id: string;
  label: string;
}

/** The add form's choices, narrowed by what is chosen so far. */
export interface HinzufuegenAnsicht {
  schulen: Option[];
  rollen: Option[];
  klassen: Option[];
  regeln: HinzufuegenRegeln;
  canCommit: boolean;
  schulsuche: string;
  befristungDefault: BefristungArt;
}

export interface VersetzenAnsicht {
  schule: string;
  schuleId: string;
  rolleId: string;
  von: Option;
  klassen: Option[];
}

export interface BefristungAnsicht {
  organisationId: string;
  rolleId: string;
  beschreibung: string;
  pflicht: boolean;
  art: BefristungArt;
  datum: string | null;
}

export type Schritt = "liste" | "hinzufuegen" | "versetzen" | "befristung";

/** The action's answer: the staged changes and what the page shows next. The loader supplies the current set. */
export interface ZuordnungenAntwort {
  schritt: Schritt;
  aenderungen: Aenderung[];
  stand: Stand;
  auswahl: string[];
  fehler: ErrorCode | null;
  hinweis: TranslationKey | null;
  /**
   * Where the focus goes when the answer is shown with JavaScript: the opened step's heading, the staged changes, the
   * first field to correct, the message; null keeps it where it is (a narrowed choice, the user is in that field).
   */
  fokus: "teilformular" | "vorgemerkt" | "feld" | "hinweis" | null;
  /** Renders a sub-form afresh (its values come from `result`), also with JavaScript. */
  formKey: string;
  result: SubmissionResult<string[]> | null;
  hinzufuegen: HinzufuegenAnsicht | null;
  versetzen: VersetzenAnsicht | null;
  befristung: BefristungAnsicht | null;
}
