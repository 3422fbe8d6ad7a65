import type { ErrorCode } from "~/errors";
import type { Suchkriterium } from "~/validation/landesbedienstete-forms";
import { UpstreamFailure } from "./upstream/client.server";
import { searchLandesbedienstete, type LandesbediensteterSearchItem } from "./upstream/landesbedienstete-stub.server";

/** A state employee the search found: what the result card and the add page show (inventory §4.10). */
export interface GefundenePerson {
  id: string;
  vorname: string;
  familienname: string;
  username: string | null;
  personalnummer: string;
  email: string | null;
  zuordnungen: { key: string; dstNr: string | null; schule: string; rolle: string }[];
}

/**
 * The outcomes of a search. The upstream answers "nobody you may add" both with an empty list and with
 * LANDESBEDIENSTETER_SEARCH_NO_PERSON_FOUND (also for a person without KoPers number or locked by hand), and
 * "several" with LANDESBEDIENSTETER_SEARCH_MULTIPLE_PERSONS_FOUND; both are answers to show, not failures.
 */
export type Suchergebnis =
  { art: "keine" } | { art: "mehrere" } | { art: "fehler"; code: ErrorCode } | { art: "eine"; person: GefundenePerson };

export async function sucheLandesbedienstete(request: Request, kriterium: Suchkriterium): Promise<Suchergebnis> {
  let treffer: LandesbediensteterSearchItem[];
  try {
    treffer = await searchLandesbedienstete(request, queryOf(kriterium));
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    if (error.code === "LANDESBEDIENSTETER_SEARCH_NO_PERSON_FOUND") return { art: "keine" };
    if (error.code === "LANDESBEDIENSTETER_SEARCH_MULTIPLE_PERSONS_FOUND") return { art: "mehrere" };
    return { art: "fehler", code: error.code };
  }
  if (treffer.length === 0) return { art: "keine" };
  if (treffer.length > 1) return { art: "mehrere" };
  const person = gefundenePerson(treffer[0]);
  // The upstream checks this itself (PERSONS §2.2.13); a hit without KoPers number cannot be added anyway.
  if (!person) return { art: "keine" };
  return { art: "eine", person };
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

function gefundenePerson(item: LandesbediensteterSearchItem): GefundenePerson | null {
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
