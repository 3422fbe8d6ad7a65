import { can } from "~/permissions";

/**
 * Bulk actions on the person list (issue 13, inventory §4.7): which exist, where they live, what their forms send.
 * Shared by the list's bulk bar, the confirmation page and the run; nothing here talks to the upstream.
 */

export const MEHRFACH_AKTIONEN = ["passwort", "klasse", "schule", "rolle-entziehen", "rolle-zuweisen", "loeschen"] as const;
export type MehrfachAktion = (typeof MEHRFACH_AKTIONEN)[number];

/** Whom an action is for: the ticked persons, or every person the list's filter finds. */
export const UMFAENGE = ["auswahl", "alle"] as const;
export type Umfang = (typeof UMFAENGE)[number];

export const MEHRFACH_PFAD = "/admin/personen/mehrfach";
export const MEHRFACH_AUSFUEHREN_PFAD = "/admin/personen/mehrfach/ausfuehren";
export const MEHRFACH_DATEI_PFAD = "/admin/personen/mehrfach/datei";

/** Form and address fields of the bulk screens, beside the list's own (personen-list-params.ts). */
export const MEHRFACH_FELD = {
  aktion: "aktion",
  umfang: "umfang",
  /** The class pupils move to. */
  zielKlasse: "zielKlasse",
  /** The role withdrawn or assigned. */
  zielRolle: "zielRolle",
  /** The organisation a role is assigned at. */
  zielOrganisation: "zielOrganisation",
  /** LERN role: keep the pupils' classes ("behalten") or one class for all ("neu"). */
  klassenWahl: "klassenWahl",
  befristung: "befristung",
  /** `<id>|<name>` of each ticked person, so a person deleted after the confirmation is still named in the result. */
  bezeichnung: "bezeichnung",
  /** A token per confirmation page: a run sent twice (a reload of its page) does not run again. */
  einmal: "einmal",
} as const;

/** At most this many persons in one run (a large school's pupils); the list's own selection holds at most 300. */
export const MEHRFACH_MAX = 3000;

export function parseAktion(value: string | null | undefined): MehrfachAktion | null {
  return (MEHRFACH_AKTIONEN as readonly string[]).includes(value ?? "") ? (value as MehrfachAktion) : null;
}

export function parseUmfang(value: string | null | undefined): Umfang {
  return value === "alle" ? "alle" : "auswahl";
}

/** Whether the user may run this bulk action (inventory §4.7's table, in `ACTION_RIGHTS`). */
export function aktionErlaubt(aktion: MehrfachAktion, user: { rights: ReadonlySet<string> }): boolean {
  return can(user, aktion === "loeschen" ? "mehrfachLoeschen" : "mehrfachAktion");
}
