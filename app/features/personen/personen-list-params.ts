/**
 * The person list's state in the URL (`/admin/personen?…`): filters, search, sort, paging and the selection, as the
 * browser needs it to build the list's addresses. Free of zod, so that the browser bundle stays small; the server
 * reads the URL with the list's schema (`personen-list-params.server.ts`).
 */

export const SORT_FIELDS = ["familienname", "vorname", "username", "personalnummer"] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortOrder = "asc" | "desc";

export interface PersonenListParams {
  seite: number;
  anzahl: number;
  suche: string | undefined;
  sortField: SortField;
  sortOrder: SortOrder;
  organisationen: string[];
  rollen: string[];
  klassen: string[];
  /** Narrowing texts of the three option lists (the no-JavaScript form's own search fields). */
  organisationSuche: string | undefined;
  rolleSuche: string | undefined;
  klasseSuche: string | undefined;
  /** Selected persons (only used with BULK_VERWALTEN). */
  auswahl: string[];
}

/** The URL's parameter names, one place for the loader, the forms and the links. */
export const PARAM = {
  seite: "seite",
  anzahl: "anzahl",
  suche: "suche",
  sortierung: "sortierung",
  organisation: "organisation",
  rolle: "rolle",
  klasse: "klasse",
  organisationSuche: "organisationSuche",
  rolleSuche: "rolleSuche",
  klasseSuche: "klasseSuche",
  auswahl: "auswahl",
} as const;

export const DEFAULT_SORT: { field: SortField; order: SortOrder } = { field: "familienname", order: "asc" };

/** `sortierung=familienname` (ascending) or `sortierung=-familienname` (descending). */
export function sortValue(field: SortField, order: SortOrder): string {
  return order === "desc" ? `-${field}` : field;
}

/** Whether any filter or search is set (the reset link is offered then). */
export function hasFilter(params: PersonenListParams): boolean {
  return Boolean(params.suche || params.organisationen.length || params.rollen.length || params.klassen.length);
}
