import { DEFAULT_PAGE_SIZE } from "~/list-state";
import { DEFAULT_SORT, PARAM, sortValue, type PersonenListParams } from "~/features/personen/personen-list-params";
import { MEHRFACH_FELD, MEHRFACH_PFAD } from "./aktionen";

/** The person list with the filter a bulk action ran on, without the selection (a finished action clears it). */
export function listenAdresse(params: PersonenListParams): string {
  const search = new URLSearchParams();
  for (const id of params.organisationen) search.append(PARAM.organisation, id);
  for (const id of params.rollen) search.append(PARAM.rolle, id);
  for (const id of params.klassen) search.append(PARAM.klasse, id);
  if (params.suche) search.set(PARAM.suche, params.suche);
  if (params.sortField !== DEFAULT_SORT.field || params.sortOrder !== DEFAULT_SORT.order) {
    search.set(PARAM.sortierung, sortValue(params.sortField, params.sortOrder));
  }
  if (params.anzahl !== DEFAULT_PAGE_SIZE) search.set(PARAM.anzahl, String(params.anzahl));
  const query = search.toString();
  return query ? `/admin/personen?${query}` : "/admin/personen";
}

/**
 * The confirmation page for what a form sent: the list's parameters, the action and its fields, and the field that
 * was refused (`fehler`), so the page can say what to correct. The persons' names are not part of the address.
 */
export function bestaetigungsAdresse(sent: URLSearchParams, fehler: string | null): string {
  const search = new URLSearchParams(
    [...sent].filter(([name]) => name !== MEHRFACH_FELD.bezeichnung && name !== MEHRFACH_FELD.einmal && name !== "fehler"),
  );
  if (fehler) search.set("fehler", fehler);
  return `${MEHRFACH_PFAD}?${search}`;
}
