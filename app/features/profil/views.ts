import type { TokenStateResponse } from "@contract";
import type { ErrorCode } from "~/errors";

/** What the profile shows: the view types of its components. */

/** The profile's two-factor card: the token state, or why it could not be read. */
export type MyTwoFactor = { state: TokenStateResponse; error: null } | { state: null; error: ErrorCode };

export interface Entry {
  name: string;
  /** the last day of the Befristung as DD.MM.YYYY, when there is one */
  befristung: string | null;
}

export interface SchoolAssignment {
  id: string;
  /** "Dienststellennummer (Name)" of the school (or the name of another organisation) */
  label: string;
  rollen: Entry[];
  klassen: Entry[];
  /** names of the school's administrators (persons with a LEIT role there): whom to ask */
  admins: string[];
}
