import type { OrganisationResponse, PersonenFrontendResponse, PersonenuebersichtResponse } from "@contract";
import { organisationLabel } from "~/organisation-label";
import { findOrganisationen } from "~/.server/upstream/organisationen.server";
import { findMoeglicheRollen, findPersonen } from "~/.server/upstream/personen.server";
import type { PersonenListParams } from "./personen-list-params";
import type { PersonRow } from "./personen-tabelle";

/**
 * The person list's reads and its filter options, shaped for the page (the calls are `.server/upstream/personen`'s).
 * Labels are made here, so the page receives plain rows.
 */

export interface FilterOption {
  id: string;
  label: string;
}

/** How many options a filter shows at once; typing narrows (the original: 25 schools and roles, 200 classes). */
export const OPTION_LIMIT = 25;
export const KLASSE_OPTION_LIMIT = 200;

/** One page of the list: chosen classes narrow further than their schools, so they replace them. */
export function findPersonenPage(request: Request, params: PersonenListParams) {
  return findPersonen(request, {
    offset: (params.seite - 1) * params.anzahl,
    limit: params.anzahl,
    organisationIDs: params.klassen.length ? params.klassen : params.organisationen,
    rolleIDs: params.rollen,
    suchFilter: params.suche,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
  });
}

const toOption = (organisation: OrganisationResponse): FilterOption => ({ id: organisation.id, label: organisationLabel(organisation) });

/**
 * Organisations the user administers persons at, every typ but classes; the chosen ones always come first (the
 * upstream places `organisationIds` ahead of the rest), the rest narrowed by the search text. `total` counts all
 * matching organisations: one in all, a school, means the user's school is fixed.
 */
export async function organisationOptions(request: Request, chosen: string[], search: string | undefined) {
  const { items, total } = await findOrganisationen(request, {
    excludeTyp: ["KLASSE"],
    systemrechte: ["PERSONEN_VERWALTEN"],
    organisationIds: chosen.length ? chosen : undefined,
    searchString: search,
    sortField: "name",
    sortOrder: "asc",
    limit: OPTION_LIMIT + chosen.length,
  });
  const only = !search && total === 1 && items[0]?.typ === "SCHULE" ? toOption(items[0]) : null;
  return { options: items.map(toOption), fixed: only };
}

/** Classes of the chosen schools (the user's right to manage persons there), the chosen ones first. */
export async function klasseOptions(request: Request, schulen: string[], chosen: string[], search: string | undefined) {
  if (schulen.length === 0) return [];
  const { items } = await findOrganisationen(request, {
    typ: "KLASSE",
    systemrechte: ["PERSONEN_VERWALTEN"],
    administriertVon: schulen,
    organisationIds: chosen.length ? chosen : undefined,
    searchString: search,
    sortField: "name",
    sortOrder: "asc",
    limit: KLASSE_OPTION_LIMIT + chosen.length,
  });
  // A class of another school (left over in the URL) is placed first by the upstream too: keep only the schools' own.
  return items
    .filter((klasse) => klasse.administriertVon && schulen.includes(klasse.administriertVon))
    .map((k) => ({ id: k.id, label: k.name }));
}

/**
 * Roles for the role filter, sorted by name; the chosen ones stay listed whatever the search. The upstream's role
 * search has no "these ids" parameter, so the page asks once for all roles (a few dozen) and narrows here; the
 * resource route for the combobox asks with the typed name.
 */
export async function rolleOptions(request: Request, chosen: string[], search: string | undefined, schulen: string[] = []) {
  // With schools chosen, only the roles of those schools are offered (issue 34 §6; the pinned upstream drops
  // `organisationIds` and answers all). A chosen role that is not among them stays listed, so the filter that applies
  // stays visible: its name comes from the unnarrowed list, asked alongside (the same wave).
  const narrowed = schulen.length > 0;
  const [moeglicheRollen, alle] = await Promise.all([
    findMoeglicheRollen(request, narrowed ? { organisationIds: schulen } : undefined),
    narrowed && chosen.length > 0 ? findMoeglicheRollen(request) : null,
  ]);
  const offered = new Set(moeglicheRollen.map((rolle) => rolle.id));
  const chosenElsewhere = (alle ?? []).filter((rolle) => chosen.includes(rolle.id) && !offered.has(rolle.id));
  const sorted = [...moeglicheRollen, ...chosenElsewhere].map((rolle) => ({ id: rolle.id, label: rolle.name })).sort(byLabel);
  const needle = search?.toLocaleLowerCase("de");
  const matching = sorted.filter(
    (option) => !chosen.includes(option.id) && (!needle || option.label.toLocaleLowerCase("de").includes(needle)),
  );
  return [...sorted.filter((option) => chosen.includes(option.id)), ...matching.slice(0, OPTION_LIMIT)];
}

/** The combobox's search: roles whose name contains the typed text, of the chosen schools when there are any. */
export async function searchRollen(request: Request, search: string | undefined, schulen: string[] = []) {
  const organisationIds = schulen.length > 0 ? schulen : undefined;
  const moeglicheRollen = await findMoeglicheRollen(request, { rolleName: search, limit: OPTION_LIMIT, organisationIds });
  return moeglicheRollen.map((rolle) => ({ id: rolle.id, label: rolle.name })).sort(byLabel);
}

const byLabel = (a: FilterOption, b: FilterOption) => a.label.localeCompare(b.label, "de");

export function toRows(list: PersonenFrontendResponse, uebersichten: PersonenuebersichtResponse[]): PersonRow[] {
  const byId = new Map(uebersichten.map((u) => [u.personId, u]));
  return list.items.map(({ person }) => {
    const zuordnungen = byId.get(person.id)?.zuordnungen ?? [];
    const koPersPflicht = zuordnungen.some((z) => z.merkmale.includes("KOPERS_PFLICHT"));
    const schulisch = zuordnungen.filter((z) => z.typ !== "KLASSE");
    return {
      id: person.id,
      familienname: person.name.familienname,
      vorname: person.name.vorname,
      username: person.username ?? null,
      personalnummer: person.personalnummer ? { kind: "value", value: person.personalnummer } : koPersPflicht ? { kind: "missing" } : null,
      rollen: unique(zuordnungen.map((z) => z.rolle)),
      zuordnungen: unique(schulisch.map((z) => z.sskDstNr || z.sskName)),
      klassen: unique(zuordnungen.filter((z) => z.typ === "KLASSE").map((z) => z.sskName)),
    };
  });
}

const unique = (values: string[]) => [...new Set(values.filter((value) => value !== ""))];
