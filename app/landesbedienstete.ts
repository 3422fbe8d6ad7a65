import type { RoutePermission } from "./permissions";

/** The state-employee screens (spec section 2): search, then add the one found. */
export const SUCHE_PATH = "/admin/limited/personen/search";
export const HINZUFUEGEN_PATH = "/admin/limited/personen/add";

/** Both screens need both (spec section 2): the person administration and the search-and-add right. */
export const LANDESBEDIENSTETE_RECHTE = [
  "personenverwaltung",
  "landesbedienstetesuchenundhinzufuegen",
] as const satisfies readonly RoutePermission[];
