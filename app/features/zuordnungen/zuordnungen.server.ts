import { organisationLabel } from "~/organisation-label";
import { loadPerson } from "~/features/person/person-details.server";
import { notFound } from "~/.server/guards.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { findOrganisationen } from "~/.server/upstream/organisationen.server";
import { getPersonenuebersicht } from "~/.server/upstream/person.server";
import type { Stand } from "./aenderungen";
import type { Zuordnung } from "./ansicht";
import type { Option } from "./views";

/** A person's Schulzuordnungen as the edit screen reads them, and the class choices the Zuordnung forms offer. */

/** How many organisations the add form offers at once; a search narrows them (the original's picker showed 25). */
export const ORGANISATIONEN_LIMIT = 25;

export async function loadZuordnungen(request: Request, personId: string) {
  const uebersicht = getPersonenuebersicht(request, personId).catch((error: unknown) => {
    if (error instanceof UpstreamFailure && error.status === 404) throw notFound();
    throw error;
  });
  uebersicht.catch(() => undefined);
  // The person decides first: "not found" wins over any failure of the other read.
  const person = await loadPerson(request, personId);
  const { zuordnungen, lastModifiedZuordnungen } = await uebersicht;
  return {
    person: {
      id: person.id,
      name: `${person.name.vorname} ${person.name.familienname}`,
      personalnummer: person.personalnummer ?? null,
    },
    zuordnungen: zuordnungen.map((zuordnung): Zuordnung => ({
      organisationId: zuordnung.sskId,
      rolleId: zuordnung.rolleId,
      befristung: zuordnung.befristung ?? null,
      klasseVon: zuordnung.typ === "KLASSE" ? (zuordnung.administriertVon ?? null) : null,
      organisation:
        zuordnung.typ === "KLASSE" ? zuordnung.sskName : organisationLabel({ name: zuordnung.sskName, kennung: zuordnung.sskDstNr }),
      rolle: zuordnung.rolle,
      rollenArt: zuordnung.rollenArt ?? null,
      merkmale: zuordnung.merkmale,
      editable: zuordnung.editable,
    })),
    stand: { lastModified: lastModifiedZuordnungen ?? null, count: zuordnungen.length } satisfies Stand,
  };
}

export type LoadedZuordnungen = Awaited<ReturnType<typeof loadZuordnungen>>;

/** The classes of a school, as choices in natural order ("5a" before "10a"). */
export async function klassenOf(request: Request, schuleId: string): Promise<Option[]> {
  const { items } = await findOrganisationen(request, { typ: "KLASSE", administriertVon: [schuleId], sortField: "name", sortOrder: "asc" });
  // "5a" before "10a"
  return items
    .map((klasse) => ({ id: klasse.id, label: klasse.name }))
    .sort((a, b) => a.label.localeCompare(b.label, "de", { numeric: true }));
}
