import type { RoutePermission } from "~/permissions";

/** The state-employee screens (spec section 2): search, then add the one found. */
export const SUCHE_PATH = "/admin/limited/personen/search";
export const HINZUFUEGEN_PATH = "/admin/limited/personen/add";

/** Both screens need both (spec section 2): the person administration and the search-and-add right. */
export const LANDESBEDIENSTETE_RECHTE = [
  "personenverwaltung",
  "landesbedienstetesuchenundhinzufuegen",
] as const satisfies readonly RoutePermission[];

/** The kinds of search: one criterion at a time (inventory §4.10). */
export const SUCH_ARTEN = ["kopers", "email", "benutzername", "name"] as const;
export type SuchArt = (typeof SUCH_ARTEN)[number];

/** The fields of each kind, in the order they are shown. */
export const FELDER_DER_ART = {
  kopers: ["kopers"],
  email: ["email"],
  benutzername: ["benutzername"],
  name: ["vorname", "familienname"],
} as const satisfies Record<SuchArt, readonly string[]>;
