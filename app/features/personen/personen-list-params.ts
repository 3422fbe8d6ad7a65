import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_TEXT_MAX } from "~/list-state";

/**
 * The person list's state in the URL (`/admin/personen?…`): filters, search, sort, paging and the selection. Plain
 * code instead of zod, so that the browser bundle stays small; every value a person could type into the address bar
 * falls back to a sensible one instead of failing.
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
const MAX_PAGE = 100_000;
/** Bounds a hand-made URL: nobody chooses more filters, and the upstream query stays short. */
const MAX_IDS = 50;
const MAX_SELECTION = 300;

// eslint-disable-next-line no-control-regex -- control characters are what this strips
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `sortierung=familienname` (ascending) or `sortierung=-familienname` (descending). */
export function sortValue(field: SortField, order: SortOrder): string {
  return order === "desc" ? `-${field}` : field;
}

export function parsePersonenListParams(search: URLSearchParams): PersonenListParams {
  const sort = parseSort(search.get(PARAM.sortierung));
  return {
    seite: parsePage(search.get(PARAM.seite)),
    anzahl: parsePageSize(search.get(PARAM.anzahl)),
    suche: parseText(search.get(PARAM.suche)),
    sortField: sort.field,
    sortOrder: sort.order,
    organisationen: parseIds(search.getAll(PARAM.organisation), MAX_IDS),
    rollen: parseIds(search.getAll(PARAM.rolle), MAX_IDS),
    klassen: parseIds(search.getAll(PARAM.klasse), MAX_IDS),
    organisationSuche: parseText(search.get(PARAM.organisationSuche)),
    rolleSuche: parseText(search.get(PARAM.rolleSuche)),
    klasseSuche: parseText(search.get(PARAM.klasseSuche)),
    auswahl: parseIds(search.getAll(PARAM.auswahl), MAX_SELECTION),
  };
}

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

function parsePageSize(value: string | null): number {
  const size = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}

function parseSort(value: string | null): { field: SortField; order: SortOrder } {
  if (!value) return DEFAULT_SORT;
  const order: SortOrder = value.startsWith("-") ? "desc" : "asc";
  const field = order === "desc" ? value.slice(1) : value;
  return (SORT_FIELDS as readonly string[]).includes(field) ? { field: field as SortField, order } : DEFAULT_SORT;
}

/** Text without control characters (`%00`), trimmed, at most 100 characters; empty means "none". */
export function parseText(value: string | null): string | undefined {
  const text = (value ?? "").replace(CONTROL_CHARACTERS, "").normalize("NFC").trim().slice(0, SEARCH_TEXT_MAX).trim();
  return text === "" ? undefined : text;
}

/** UUIDs only (anything else is dropped), each once, lower-cased, bounded in number. */
function parseIds(values: string[], max: number): string[] {
  const ids = values.map((value) => value.trim().toLowerCase()).filter((value) => UUID.test(value));
  return [...new Set(ids)].slice(0, max);
}

/** Whether any filter or search is set (the reset link is offered then). */
export function hasFilter(params: PersonenListParams): boolean {
  return Boolean(params.suche || params.organisationen.length || params.rollen.length || params.klassen.length);
}
