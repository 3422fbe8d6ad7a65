import { z } from "zod";
import { listParamsFrom, PagingParams, searchText } from "~/.server/list-params.server";
import { DEFAULT_SORT, PARAM, SORT_FIELDS, type PersonenListParams, type SortField, type SortOrder } from "./personen-list-params";

/**
 * The person list's URL read with the schema every list uses (`PagingParams` extended, each value with a fallback, so a
 * hand-made address never fails). Server-only: the browser builds the list's addresses with `personen-list-params.ts`
 * and ships no zod.
 */

/** Bounds a hand-made URL: nobody chooses more filters, and the upstream query stays short. */
const MAX_IDS = 50;
const MAX_SELECTION = 300;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A search text as every list reads it; an empty one is none (the filters leave it out of the query). */
const text = searchText.transform((value) => value || undefined);

/** UUIDs only (anything else is dropped), each once, lower-cased, bounded in number. */
const ids = (max: number) =>
  z
    .array(z.string())
    .catch([])
    .transform((values) =>
      [...new Set(values.map((value) => value.trim().toLowerCase()).filter((value) => UUID.test(value)))].slice(0, max),
    );

/** `sortierung=familienname` (ascending) or `sortierung=-familienname` (descending); anything else is the default. */
const sort = z
  .string()
  .catch("")
  .transform((value): { field: SortField; order: SortOrder } => {
    const order: SortOrder = value.startsWith("-") ? "desc" : "asc";
    const field = order === "desc" ? value.slice(1) : value;
    return (SORT_FIELDS as readonly string[]).includes(field) ? { field: field as SortField, order } : DEFAULT_SORT;
  });

/** The parameters that repeat, one value per chosen filter or selected person. */
const REPEATED = [PARAM.organisation, PARAM.rolle, PARAM.klasse, PARAM.auswahl];

export const PersonenListSchema: z.ZodType<PersonenListParams, z.ZodTypeDef, unknown> = PagingParams.extend({
  [PARAM.suche]: text,
  [PARAM.sortierung]: sort,
  [PARAM.organisation]: ids(MAX_IDS),
  [PARAM.rolle]: ids(MAX_IDS),
  [PARAM.klasse]: ids(MAX_IDS),
  [PARAM.organisationSuche]: text,
  [PARAM.rolleSuche]: text,
  [PARAM.klasseSuche]: text,
  [PARAM.auswahl]: ids(MAX_SELECTION),
}).transform((url) => ({
  seite: url.seite,
  anzahl: url.anzahl,
  suche: url.suche,
  sortField: url.sortierung.field,
  sortOrder: url.sortierung.order,
  organisationen: url.organisation,
  rollen: url.rolle,
  klassen: url.klasse,
  organisationSuche: url.organisationSuche,
  rolleSuche: url.rolleSuche,
  klasseSuche: url.klasseSuche,
  auswahl: url.auswahl,
}));

export const PERSONEN_LIST_REPEATED: readonly string[] = REPEATED;

export function parsePersonenListParams(search: URLSearchParams): PersonenListParams {
  return PersonenListSchema.parse(listParamsFrom(search, REPEATED));
}

/** A search text of the list's filters (also the combobox's resource route): trimmed, bounded; empty means "none". */
export function parseText(value: string | null): string | undefined {
  return text.parse(value ?? undefined);
}
