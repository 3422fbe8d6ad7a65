import { organisationLabel } from "~/organisation-label";
import type { Stand } from "~/features/zuordnungen/aenderungen";
import { asUuid } from "~/.server/form-data.server";
import { redirectTo } from "~/.server/redirects.server";
import { redirectWithToast } from "~/.server/responses.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { getPersonenuebersicht } from "~/.server/upstream/person.server";
import { searchLandesbedienstete } from "./suche.server";
import { SUCHE_PATH } from "./landesbedienstete";
import type { GefundenePerson } from "./views";

/** The found state employee of the add page, read again on the server for every answer. */

export interface BisherigeZuordnung {
  organisationId: string;
  rolleId: string;
  organisation: string;
  rolle: string;
  befristung: string | null;
}

export interface GeladenePerson {
  person: GefundenePerson;
  zuordnungen: BisherigeZuordnung[];
  stand: Stand;
}

/** The `person` of the page's URL, or straight back to the search: the page has nothing to show without one. */
export function personIdOrSearch(url: URL): string {
  const id = asUuid(url.searchParams.get("person"));
  if (!id) throw redirectTo(SUCHE_PATH);
  return id;
}

/**
 * The found person, read again on the server (never taken from the form): the overview gives the username and the
 * current Zuordnungen with their optimistic-locking state, the search by that username says whether the person may
 * still be added (KoPers number, no manual lock) and gives the KoPers number. Not (or no longer) a person the search
 * finds: back to the search, with a message.
 */
export async function loadLandesbediensteter(request: Request, personId: string, guard?: Promise<unknown>): Promise<GeladenePerson> {
  const uebersicht = await getPersonenuebersicht(request, personId).catch((error: unknown) => {
    if (error instanceof UpstreamFailure && error.status === 404) return null;
    throw error;
  });
  // The search only after the guard's verdict: without the right the upstream answers it 401, "logged out".
  await guard;
  const gefunden = uebersicht?.benutzername
    ? await searchLandesbedienstete(request, { art: "benutzername", username: uebersicht.benutzername })
    : null;
  if (!uebersicht || gefunden?.art !== "eine" || gefunden.person.id !== personId) {
    if (gefunden?.art === "fehler") throw new UpstreamFailure(gefunden.code, 502);
    throw await redirectWithToast(request, SUCHE_PATH, { key: "landesbedienstete:hinzufuegen.notSearchable", tone: "error" });
  }
  return {
    person: gefunden.person,
    zuordnungen: uebersicht.zuordnungen.map((zuordnung) => ({
      organisationId: zuordnung.sskId,
      rolleId: zuordnung.rolleId,
      organisation:
        zuordnung.typ === "KLASSE" ? zuordnung.sskName : organisationLabel({ name: zuordnung.sskName, kennung: zuordnung.sskDstNr }),
      rolle: zuordnung.rolle,
      befristung: zuordnung.befristung ?? null,
    })),
    stand: { lastModified: uebersicht.lastModifiedZuordnungen ?? null, count: uebersicht.zuordnungen.length },
  };
}

/** `loadLandesbediensteter` started early, for reads that need the person only at their end; its failure is awaited later. */
export function startLoadingLandesbediensteter(request: Request, personId: string, guard?: Promise<unknown>): Promise<GeladenePerson> {
  const geladen = loadLandesbediensteter(request, personId, guard);
  geladen.catch(() => undefined);
  return geladen;
}
