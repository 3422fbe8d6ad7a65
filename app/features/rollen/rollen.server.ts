import { getZodConstraint } from "@conform-to/zod";
import { z } from "zod";
import { ROLLEN_MERKMALE, ROLLENARTEN, type OrganisationResponse, type RolleWithServiceProvidersResponse } from "@contract";
import type { TranslationKey } from "~/i18n";
import { organisationLabel } from "~/organisation-label";
import { notFound } from "~/.server/guards.server";
import { PagingParams, searchText } from "~/.server/list-params.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { getOrganisation } from "~/.server/upstream/organisationen.server";
import { findRollen, getRolle, getSystemrechte } from "~/.server/upstream/rollen.server";
import { CreateRolleSchema, EditRolleSchema } from "./rolle-forms";

/**
 * The role screens (issue 12, docs/decisions/023): list rows, one role for its page, the levels a role may be created
 * at, and the three writes with a plain answer to "was it saved?" after a timeout (decision 011).
 */

/** The forms' native constraints, computed here: the pages load zod only with the check (decision 019). */
export const CREATE_ROLLE_CONSTRAINT = getZodConstraint(CreateRolleSchema);
export const EDIT_ROLLE_CONSTRAINT = getZodConstraint(EditRolleSchema);

/** The values of a repeated filter parameter that the list knows, in their fixed order; anything else is dropped. */
const knownValues = <T extends string>(known: readonly T[]) =>
  z
    .array(z.string())
    .catch([])
    .transform((values) => known.filter((value) => values.includes(value)));

/**
 * The list's state in the URL: search by name, the level the roles are administered at (`organisation`), role types
 * (`rollenart`) and merkmale (`merkmal`), both repeated, and paging. The upstream sorts by name and knows no other order.
 */
export const RollenListParams = PagingParams.extend({
  suche: searchText,
  organisation: z.string().uuid().optional().catch(undefined),
  rollenart: knownValues(ROLLENARTEN),
  merkmal: knownValues(ROLLEN_MERKMALE),
});
export const ROLLEN_LIST_REPEATED = ["rollenart", "merkmal"] as const;
export type RollenListParams = z.infer<typeof RollenListParams>;

/** A text with its values, resolved in the component (`t(key, values)`). */
export interface Label {
  key: TranslationKey;
  values?: Record<string, string>;
}

const isRollenart = (value: string): value is (typeof ROLLENARTEN)[number] => (ROLLENARTEN as readonly string[]).includes(value);
const isMerkmal = (value: string): value is (typeof ROLLEN_MERKMALE)[number] => (ROLLEN_MERKMALE as readonly string[]).includes(value);

export function rollenartLabel(rollenart: string | null | undefined): Label {
  return { key: rollenart && isRollenart(rollenart) ? `rollen:rollenart.${rollenart}` : "rollen:rollenart.unbekannt" };
}

export function merkmalLabel(merkmal: string): Label {
  return isMerkmal(merkmal) ? { key: `rollen:merkmal.${merkmal}` } : { key: "rollen:merkmal.unbekannt", values: { name: merkmal } };
}

/** The system rights the texts describe; anything else shows under the neutral "Weiteres Recht (NAME)". */
const KNOWN_RECHTE = new Set([
  "ROLLEN_VERWALTEN",
  "PERSONEN_SOFORT_LOESCHEN",
  "PERSONEN_VERWALTEN",
  "LANDESBEDIENSTETE_SUCHEN_UND_HINZUFUEGEN",
  "EINGESCHRAENKT_NEUE_BENUTZER_ERSTELLEN",
  "SCHULEN_VERWALTEN",
  "KLASSEN_VERWALTEN",
  "SCHULTRAEGER_VERWALTEN",
  "PERSON_SYNCHRONISIEREN",
  "PERSONEN_ANLEGEN",
  "IMPORT_DURCHFUEHREN",
  "BULK_VERWALTEN",
  "SCHULPORTAL_VERWALTEN",
  "HINWEISE_BEARBEITEN",
  "ROLLEN_ERWEITERN",
  "ANGEBOTE_VERWALTEN",
  "ANGEBOTE_EINGESCHRAENKT_VERWALTEN",
  "SCHULISCHE_VIDIS_ANGEBOTE_ABRUFEN",
] as const);
type KnownRecht = typeof KNOWN_RECHTE extends Set<infer T> ? T : never;

export interface RechtLabel {
  name: string;
  label: Label;
  beschreibung: Label;
}

export function systemrechtLabel(name: string): RechtLabel {
  if ((KNOWN_RECHTE as Set<string>).has(name)) {
    const known = name as KnownRecht;
    return { name, label: { key: `rollen:systemrecht.${known}.label` }, beschreibung: { key: `rollen:systemrecht.${known}.beschreibung` } };
  }
  return {
    name,
    label: { key: "rollen:systemrecht.unbekannt.label", values: { name } },
    beschreibung: { key: "rollen:systemrecht.unbekannt.beschreibung" },
  };
}

/** The level a role is administered at: "Kennung (Name)", the name alone, or the id when the upstream named none. */
export function ebeneLabel(rolle: RolleWithServiceProvidersResponse, owner?: OrganisationResponse | null): string {
  const name = rolle.administeredBySchulstrukturknotenName ?? owner?.name;
  const kennung = rolle.administeredBySchulstrukturknotenKennung ?? owner?.kennung;
  if (name) return organisationLabel({ kennung, name });
  return rolle.administeredBySchulstrukturknoten ?? "";
}

const GERMAN = new Intl.Collator("de", { sensitivity: "base", numeric: true });

/** Offers by name in German order ("itslearning" among the I, not after "WebUntis"): the upstream keeps them unsorted. */
export const nachName = <T extends { name: string }>(angebote: readonly T[]): T[] =>
  [...angebote].sort((a, b) => GERMAN.compare(a.name, b.name));

/** What every role screen shows of a role, with labels resolved. */
export function rolleView(rolle: RolleWithServiceProvidersResponse, owner?: OrganisationResponse | null) {
  return {
    id: rolle.id,
    name: rolle.name,
    version: rolle.version ?? 1,
    ebeneId: rolle.administeredBySchulstrukturknoten ?? "",
    ebene: ebeneLabel(rolle, owner),
    rollenart: rollenartLabel(rolle.rollenart),
    rollenartWert: rolle.rollenart ?? "",
    merkmale: rolle.merkmale.map(merkmalLabel),
    merkmalWerte: [...rolle.merkmale],
    angebote: nachName(rolle.serviceProviders.map((angebot) => ({ id: angebot.id, name: angebot.name }))),
    systemrechte: rolle.systemrechte.filter((recht) => !recht.isTechnical).map((recht) => systemrechtLabel(recht.name)),
  };
}
export type RolleView = ReturnType<typeof rolleView>;

/** The rows of the list (both upstream versions name the owner in the list's items). */
export async function loadRollenPage(request: Request, params: RollenListParams) {
  const { items, total } = await findRollen(request, {
    searchStr: params.suche,
    organisationenForFilter: params.organisation ? [params.organisation] : undefined,
    rollenarten: params.rollenart.length > 0 ? params.rollenart : undefined,
    merkmale: params.merkmal.length > 0 ? params.merkmal : undefined,
    offset: (params.seite - 1) * params.anzahl,
    limit: params.anzahl,
  });
  return { rows: items.map((rolle) => rolleView(rolle)), total };
}

/**
 * Whether the upstream ignored a filter of the list (the pinned one knows none of them; the release 1.27.1 drops
 * `merkmale`): a row on the page does not match it. The screen then says so, rather than show it as filtered.
 */
export function rollenFilterIgnored(params: RollenListParams, rows: readonly RolleView[]): boolean {
  return rows.some(
    (row) =>
      (params.organisation !== undefined && row.ebeneId !== params.organisation) ||
      (params.rollenart.length > 0 && !(params.rollenart as readonly string[]).includes(row.rollenartWert)) ||
      (params.merkmal.length > 0 && !params.merkmal.some((merkmal) => row.merkmalWerte.includes(merkmal))),
  );
}

/** A role the user may manage, else the not-found page: unknown, technical and foreign roles are all 404 upstream. */
export async function loadRolleForAdmin(request: Request, id: string | null | undefined): Promise<RolleWithServiceProvidersResponse> {
  if (!z.string().uuid().safeParse(id).success) throw notFound();
  try {
    return await getRolle(request, id!);
  } catch (error) {
    if (error instanceof UpstreamFailure && (error.status === 404 || error.status === 403)) throw notFound();
    throw error;
  }
}

/**
 * The owner organisation, when the role's answer does not name it (a single role, `GET /api/rolle/{id}`, in both
 * upstream versions; only the list's items carry the name). A failure here is no reason to hide the role: the page
 * then shows the owner's id.
 */
export async function ownerIfUnnamed(request: Request, rolle: RolleWithServiceProvidersResponse): Promise<OrganisationResponse | null> {
  if (rolle.administeredBySchulstrukturknotenName || !rolle.administeredBySchulstrukturknoten) return null;
  try {
    return await getOrganisation(request, rolle.administeredBySchulstrukturknoten);
  } catch (error) {
    if (error instanceof UpstreamFailure) return null;
    throw error;
  }
}

/** The rights a form offers: the upstream's list without the technical ones, labelled. */
export async function systemrechtOptions(request: Request): Promise<RechtLabel[]> {
  const rechte = await getSystemrechte(request);
  return rechte.filter((recht) => !recht.isTechnical).map((recht) => systemrechtLabel(recht.name));
}
