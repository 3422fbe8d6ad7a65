import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { LandesbediensteterResponse } from "@contract";
import type { ErrorCode } from "~/errors";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { searchLandesbediensteter, type LandesbediensteterSearchResult } from "~/.server/upstream/landesbedienstete.server";
import { sucheSchema, type Suchkriterium } from "./landesbedienstete-forms";
import type { GefundenePerson } from "./views";

/**
 * The outcomes of a search: nobody that may be added (also a person without KoPers number or locked by hand), several
 * (the names are not unique), the one person, or a failure to show above the form.
 */
export type Suchergebnis =
  { art: "keine" } | { art: "mehrere" } | { art: "fehler"; code: ErrorCode } | { art: "eine"; person: GefundenePerson };

/** The search form's native constraints, for the browser that renders it without zod (docs/decisions/019). */
export const SUCHE_CONSTRAINT = getZodConstraint(sucheSchema);

/** The search's parameters checked: the criterion, or what to correct. */
export function checkSuche(params: URLSearchParams) {
  return parseWithZod(params, { schema: sucheSchema });
}

export async function searchLandesbedienstete(request: Request, kriterium: Suchkriterium): Promise<Suchergebnis> {
  let antwort: LandesbediensteterSearchResult;
  try {
    antwort = await searchLandesbediensteter(request, queryOf(kriterium));
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    return { art: "fehler", code: error.code };
  }
  if (antwort.status === "none") return { art: "keine" };
  if (antwort.status === "several") return { art: "mehrere" };
  // The upstream checks this itself (PERSONS §2.2.13); a hit without KoPers number could not be added anyway.
  const person = gefundenePerson(antwort.person);
  return person ? { art: "eine", person } : { art: "keine" };
}

/** The upstream's parameters of one criterion (names together). */
function queryOf(kriterium: Suchkriterium) {
  switch (kriterium.art) {
    case "kopers":
      return { personalnummer: kriterium.personalnummer };
    case "email":
      return { primaryEmailAddress: kriterium.primaryEmailAddress };
    case "benutzername":
      return { username: kriterium.username };
    case "name":
      return { vorname: kriterium.vorname, familienname: kriterium.familienname };
  }
}

function gefundenePerson(item: LandesbediensteterResponse): GefundenePerson | null {
  if (!item.personalnummer) return null;
  return {
    id: item.id,
    vorname: item.vorname,
    familienname: item.familienname,
    username: item.username ?? null,
    personalnummer: item.personalnummer,
    email: item.primaryEmailAddress ?? null,
    zuordnungen: item.personenkontexte.map((kontext) => ({
      key: `${kontext.organisationId}/${kontext.rolleId}`,
      dstNr: kontext.organisationDstNr ?? null,
      schule: kontext.organisationName,
      rolle: kontext.rolleName,
    })),
  };
}
