import { can } from "~/permissions";
import { parsePersonenListParams } from "~/features/personen/personen-list-params.server";
import { organisationLabel } from "~/organisation-label";
import { klasseOptions, type FilterOption } from "~/features/personen/personen-liste.server";
import { guardWhileLoading, notFound, requireAdmin } from "~/.server/guards.server";
import { workflowStep } from "~/.server/upstream/personenkontext-workflow.server";
import { listenAdresse } from "./adressen";
import { aktionErlaubt, MEHRFACH_FELD, parseAktion, parseUmfang, type MehrfachAktion } from "./aktionen";
import { fortzusetzenderLauf, LAUF_FELD } from "./lauf-fortsetzen.server";
import { loadZiel, checkZiel, type Problem, type SchulRolle } from "./ziel.server";

/** Persons listed by name on the confirmation page; a larger run shows the first ones and the count. */
const NAMEN_MAX = 300;
/** Fields of the action forms; what the address carries besides them is the list's state and goes along unchanged. */
const AKTIONSFELDER = new Set<string>([
  MEHRFACH_FELD.zielKlasse,
  MEHRFACH_FELD.zielRolle,
  MEHRFACH_FELD.zielOrganisation,
  MEHRFACH_FELD.klassenWahl,
  `${MEHRFACH_FELD.befristung}.art`,
  `${MEHRFACH_FELD.befristung}.datum`,
  MEHRFACH_FELD.einmal,
  "fehler",
  "index",
]);

export interface ZuweisenOptionen {
  organisationen: FilterOption[];
  organisation: string | null;
  rollen: Array<SchulRolle & { befristungPflicht: boolean }>;
  klassen: FilterOption[];
}

/**
 * GET /admin/personen/mehrfach?aktion=…&<the list's state>: whom the action is for, whether it may run, and the
 * choices its form needs. Two waves: the persons (and the school), then the action's options.
 */
export async function bestaetigungLaden(request: Request) {
  const search = new URL(request.url).searchParams;
  const aktion = parseAktion(search.get(MEHRFACH_FELD.aktion));
  const listParams = parsePersonenListParams(search);
  const zurueck = listenAdresseMitAuswahl(search);
  const guard = requireAdmin(request, { permissions: ["personenverwaltung"] }).then((user) => {
    if (!can(user, "mehrfachAuswaehlen") || (aktion && !aktionErlaubt(aktion, user))) throw notFound();
    return user;
  });
  if (!aktion) {
    await guard;
    return { aktion: null, zurueck } as const;
  }
  let umfang = parseUmfang(search.get(MEHRFACH_FELD.umfang));
  let params = listParams;
  const [user, geladen] = await guardWhileLoading(guard, async () => {
    // Finishing a cut-off run: its open persons come from its record, which only its administrator may read.
    if (search.has(LAUF_FELD)) ({ umfang, params } = await fortzusetzenderLauf(search, params, umfang, (await guard).personId));
    return loadZiel(request, { umfang, params }, (schule) =>
      Promise.all([
        aktion === "klasse" && schule ? klasseOptions(request, [schule.id], [], undefined) : Promise.resolve([]),
        aktion === "rolle-zuweisen" ? zuweisenOptionen(request, search, params.organisationen) : Promise.resolve(null),
      ]),
    );
  });
  const ziel = checkZiel(geladen, { aktion, params, eigeneId: user.personId });
  const [klassen, zuweisen] = geladen.zusatz;
  const mitgesendet = [...search].filter(([name]) => !AKTIONSFELDER.has(name));
  return {
    aktion: aktion as MehrfachAktion,
    zurueck,
    umfang,
    anzahl: ziel.personen.length,
    namen: ziel.personen.slice(0, NAMEN_MAX).map((person) => ({
      id: person.id,
      name: person.name || person.id,
      benutzername: person.benutzername,
    })),
    eigenesKontoAusgelassen: ziel.eigenesKontoAusgelassen,
    schule: ziel.schule,
    probleme: ziel.probleme satisfies Problem[],
    klassen,
    rollenAnSchule: ziel.rollenAnSchule,
    vorgewaehlteRolle: params.rollen.length === 1 ? params.rollen[0] : null,
    zuweisen,
    mitgesendet,
    listenAdresse: listenAdresse(params),
    einmal: crypto.randomUUID(),
    fehler: search.get("fehler"),
    eingaben: Object.fromEntries([...search].filter(([name]) => AKTIONSFELDER.has(name) && name !== "fehler")),
  };
}

/** The list as the user left it, with the selection (cancel goes back there). */
function listenAdresseMitAuswahl(search: URLSearchParams): string {
  const list = new URLSearchParams(
    [...search].filter(([name]) => !AKTIONSFELDER.has(name) && name !== MEHRFACH_FELD.aktion && name !== MEHRFACH_FELD.umfang),
  );
  const query = list.toString();
  return query ? `/admin/personen?${query}` : "/admin/personen";
}

/**
 * "Assign role" (inventory §4.7.5): the organisations of the workflow step; once one is chosen (by the address, or
 * the filter's one organisation) its LEHR and LERN roles and its classes.
 */
async function zuweisenOptionen(request: Request, search: URLSearchParams, filterOrganisationen: string[]): Promise<ZuweisenOptionen> {
  const gewaehlt = search.get(MEHRFACH_FELD.zielOrganisation) || (filterOrganisationen.length === 1 ? filterOrganisationen[0] : null);
  const [alle, mitOrganisation, klassen] = await Promise.all([
    workflowStep(request, { operationContext: "PERSON_BEARBEITEN", limit: 50 }),
    gewaehlt
      ? workflowStep(request, { operationContext: "PERSON_BEARBEITEN", organisationId: gewaehlt, limit: 200 }).catch(() => null)
      : null,
    gewaehlt ? klasseOptions(request, [gewaehlt], [], undefined).catch(() => []) : [],
  ]);
  const organisationen = alle.organisations.map((organisation) => ({ id: organisation.id, label: organisationLabel(organisation) }));
  const rollen = (mitOrganisation?.rollen ?? [])
    .filter((rolle) => rolle.rollenart === "LEHR" || rolle.rollenart === "LERN")
    .map((rolle) => ({
      id: rolle.id,
      name: rolle.name,
      rollenart: rolle.rollenart,
      befristungPflicht: rolle.merkmale.includes("BEFRISTUNG_PFLICHT"),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "de"));
  return { organisationen, organisation: mitOrganisation ? gewaehlt : null, rollen, klassen };
}
