import type { OrganisationResponse, PersonenuebersichtResponse } from "@contract";
import type { Rollenart } from "@contract/enums";
import type { TranslationKey } from "~/i18n";
import { organisationLabel } from "~/organisation-label";
import type { PersonenListParams } from "~/features/personen/personen-list-params";
import { findPersonenPage } from "~/features/personen/personen-liste.server";
import { findOrganisationen, getOrganisation } from "~/.server/upstream/organisationen.server";
import { findPersonenuebersichten } from "~/.server/upstream/personen.server";
import { MEHRFACH_FELD, MEHRFACH_MAX, type MehrfachAktion, type Umfang } from "./aktionen";

/**
 * Whom a bulk action is for and whether it may run (inventory §4.7's table of preconditions). The confirmation page
 * shows this; the run computes it again from the posted form, so nothing the browser sends is trusted.
 */

export interface ZielPerson {
  id: string;
  /** "Vorname Nachname" as the result lists it. */
  name: string;
  benutzername: string | null;
  /** Null for a ticked person the upstream no longer shows (deleted after it was ticked). */
  uebersicht: PersonenuebersichtResponse | null;
}

export interface Problem {
  key: TranslationKey;
  values?: Record<string, string | number>;
  /** Persons beyond the ones named in `values.namen`. */
  weitere?: number;
}

export interface SchulRolle {
  id: string;
  name: string;
  rollenart: Rollenart | null;
}

export interface Ziel {
  personen: ZielPerson[];
  /** The administrator's own account was in the selection: it is left out, never changed by a bulk action. */
  eigenesKontoAusgelassen: boolean;
  /** The one school of the filter (passwords, class move, school and role removal need it). */
  schule: { id: string; label: string; kennung: string | null } | null;
  /** The roles the persons hold at that school, sorted by name: what "withdraw role" offers. */
  rollenAnSchule: SchulRolle[];
  probleme: Problem[];
}

/** Overviews are asked for in batches of this size: one call for a page of the list, a few for a school. */
const UEBERSICHT_BATCH = 100;
/** The list is read in pages of this size when "all persons of the filter" is chosen. */
const LISTE_SEITE = 500;
/** Names of persons that break a precondition, listed on the page; the rest is counted. */
const GENANNT_MAX = 10;

const NEEDS_SCHULE: ReadonlySet<MehrfachAktion> = new Set(["passwort", "klasse", "schule", "rolle-entziehen"]);

/**
 * Whom the action is for, read in two waves: the persons (the ticked ones' overviews, or the filter's list) and the
 * school at once; then the rest (the overviews of "all", and `zusatz`, which a page starts as soon as the school is
 * known, beside them). The user is asked for separately (the guard runs beside the first wave), so the own account
 * and the preconditions are settled afterwards by `checkZiel`.
 */
export async function loadZiel<Z>(
  request: Request,
  input: { umfang: Umfang; params: PersonenListParams; bezeichnungen?: ReadonlyMap<string, string> },
  zusatz: (schule: Ziel["schule"]) => Promise<Z>,
) {
  const { umfang, params } = input;
  const schuleBald =
    params.organisationen.length === 1
      ? schuleOf(request, params.organisationen[0])
      : params.organisationen.length === 0
        ? festeSchule(request)
        : Promise.resolve(null);
  const zusatzBald = schuleBald.then(zusatz);
  const personenBald = (umfang === "alle" ? alleIds(request, params) : Promise.resolve(params.auswahl)).then(async (ids) => {
    if (ids === null) return null;
    const uebersichten = await uebersichtenInBatches(request, ids);
    // An id the upstream does not show is left out, unless the confirmation named it: then it was deleted meanwhile
    // and belongs in the result with that name.
    const bekannt = ids.filter((id) => uebersichten.has(id) || input.bezeichnungen?.has(id));
    return bekannt.map((id): ZielPerson => {
      const uebersicht = uebersichten.get(id) ?? null;
      const name = uebersicht ? `${uebersicht.vorname} ${uebersicht.nachname}`.trim() : (input.bezeichnungen?.get(id) ?? "");
      return { id, name, benutzername: uebersicht?.benutzername ?? null, uebersicht };
    });
  });
  // Keep a failure of one read from surfacing as unhandled while another is awaited.
  zusatzBald.catch(() => undefined);
  const [personen, schule, fremdeOrganisation] = await Promise.all([personenBald, schuleBald, fremdImFilter(request, params)]);
  return { personen, schule, fremdeOrganisation, zusatz: await zusatzBald };
}

/**
 * Whether the filter names an organisation the user does not manage persons at (a crafted address): then nothing runs,
 * rather than the upstream refusing person by person after the first ones were changed. In the first wave.
 */
async function fremdImFilter(request: Request, params: PersonenListParams): Promise<boolean> {
  if (params.organisationen.length === 0) return false;
  const { items } = await findOrganisationen(request, {
    systemrechte: ["PERSONEN_VERWALTEN"],
    organisationIds: params.organisationen,
    limit: params.organisationen.length,
  });
  const verwaltet = new Set(items.map((organisation) => organisation.id));
  return params.organisationen.some((id) => !verwaltet.has(id));
}

/** The preconditions of inventory §4.7's table, for the persons read; the user's own account is left out. */
export function checkZiel(
  geladen: { personen: ZielPerson[] | null; schule: Ziel["schule"]; fremdeOrganisation: boolean },
  input: { aktion: MehrfachAktion; params: PersonenListParams; eigeneId: string },
): Ziel {
  const { aktion, params } = input;
  const { schule } = geladen;
  const probleme: Problem[] = [];
  if (geladen.fremdeOrganisation) {
    probleme.push({ key: "mehrfach:problem.fremdeOrganisation" });
    return { personen: [], eigenesKontoAusgelassen: false, schule: null, rollenAnSchule: [], probleme };
  }
  if (geladen.personen === null) {
    probleme.push({ key: "mehrfach:problem.zuViele", values: { max: MEHRFACH_MAX } });
    return { personen: [], eigenesKontoAusgelassen: false, schule, rollenAnSchule: [], probleme };
  }
  const eigenesKontoAusgelassen = geladen.personen.some((person) => person.id === input.eigeneId);
  const personen = geladen.personen.filter((person) => person.id !== input.eigeneId);
  if (personen.length === 0)
    probleme.push({ key: eigenesKontoAusgelassen ? "mehrfach:problem.nurEigenesKonto" : "mehrfach:problem.keinePerson" });
  if (NEEDS_SCHULE.has(aktion) && schule === null) probleme.push({ key: "mehrfach:problem.eineSchule" });
  if (aktion === "rolle-entziehen" && params.rollen.length > 1) probleme.push({ key: "mehrfach:problem.hoechstensEineRolle" });
  if (aktion === "klasse") {
    const keineSchueler = personen.filter((person) => person.uebersicht && !nurLern(person.uebersicht));
    if (keineSchueler.length > 0) probleme.push(namentlich("mehrfach:problem.nurSchueler", keineSchueler));
  }
  return { personen, eigenesKontoAusgelassen, schule, rollenAnSchule: schule ? rollenAn(personen, schule.id) : [], probleme };
}

/** Every person the filter finds, or null when they are more than one run may change. */
async function alleIds(request: Request, params: PersonenListParams): Promise<string[] | null> {
  const ids: string[] = [];
  for (let seite = 1; ; seite++) {
    const page = await findPersonenPage(request, { ...params, seite, anzahl: LISTE_SEITE });
    if (page.total > MEHRFACH_MAX) return null;
    ids.push(...page.items.map((item) => item.person.id));
    if (page.items.length < LISTE_SEITE || ids.length >= page.total) return [...new Set(ids)];
  }
}

async function uebersichtenInBatches(request: Request, ids: string[]): Promise<Map<string, PersonenuebersichtResponse>> {
  const batches: string[][] = [];
  for (let start = 0; start < ids.length; start += UEBERSICHT_BATCH) batches.push(ids.slice(start, start + UEBERSICHT_BATCH));
  const answers = await Promise.all(batches.map((batch) => findPersonenuebersichten(request, batch)));
  return new Map(answers.flat().map((uebersicht) => [uebersicht.personId, uebersicht]));
}

/** The filter's organisation if it is a school the user may see; anything else is "no school". */
async function schuleOf(request: Request, id: string): Promise<Ziel["schule"]> {
  const organisation: OrganisationResponse | null = await getOrganisation(request, id).catch(() => null);
  return organisation?.typ === "SCHULE"
    ? { id: organisation.id, label: organisationLabel(organisation), kennung: organisation.kennung ?? null }
    : null;
}

/**
 * An administrator of exactly one school has it fixed in the list's filter without choosing it (the address then
 * names no organisation): that school is the filter's one school.
 */
async function festeSchule(request: Request): Promise<Ziel["schule"]> {
  const { items, total } = await findOrganisationen(request, { excludeTyp: ["KLASSE"], systemrechte: ["PERSONEN_VERWALTEN"], limit: 2 });
  const only = total === 1 ? items[0] : undefined;
  return only?.typ === "SCHULE" ? { id: only.id, label: organisationLabel(only), kennung: only.kennung ?? null } : null;
}

/** Read from the persons' own Zuordnungen: a school administrator may not read roles themselves (ROLLEN_VERWALTEN). */
function rollenAn(personen: ZielPerson[], schuleId: string): SchulRolle[] {
  const rollen = new Map<string, SchulRolle>();
  for (const zuordnung of personen.flatMap((person) => person.uebersicht?.zuordnungen ?? [])) {
    if (zuordnung.sskId === schuleId)
      rollen.set(zuordnung.rolleId, { id: zuordnung.rolleId, name: zuordnung.rolle, rollenart: zuordnung.rollenArt ?? null });
  }
  return [...rollen.values()].sort((a, b) => a.name.localeCompare(b.name, "de"));
}

/** A pupil: every Zuordnung is of a LERN role (the original's "only LERN roles"). */
export function nurLern(uebersicht: PersonenuebersichtResponse): boolean {
  return uebersicht.zuordnungen.length > 0 && uebersicht.zuordnungen.every((zuordnung) => zuordnung.rollenArt === "LERN");
}

function namentlich(key: TranslationKey, personen: ZielPerson[]): Problem {
  const genannt = personen.slice(0, GENANNT_MAX).map((person) => person.name || person.id);
  return { key, values: { namen: genannt.join(", "), count: personen.length }, weitere: personen.length - genannt.length };
}

/** `<id>|<name>` fields of the confirmation form, read back by the run. */
export function parseBezeichnungen(values: string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const value of values.slice(0, MEHRFACH_MAX)) {
    const cut = value.indexOf("|");
    if (cut > 0) map.set(value.slice(0, cut), value.slice(cut + 1, cut + 201));
  }
  return map;
}

export const BEZEICHNUNG_FELD = MEHRFACH_FELD.bezeichnung;
