import { z } from "zod";
import { CURRENT_PROVIDER_KATEGORIEN } from "@contract";
import type {
  ManageableServiceProviderResponse,
  OrganisationResponse,
  RolleWithServiceProvidersResponse,
  RollenerweiterungResponse,
} from "@contract";
import type { TranslationKey } from "~/i18n";
import { organisationLabel } from "~/organisation-label";
import { PagingParams } from "~/.server/list-params.server";
import type { FieldsByErrorCode } from "~/.server/responses.server";
import { kategorieLabel } from "./kategorie";

/**
 * What the offer screens show, resolved on the server from the upstream's answers (decision 024). Pure rules, so the
 * unit tests can hold them to both upstream versions' shapes.
 */

/** The categories the list can be narrowed to: the current upstream's (issue 34 §6). */
export const FILTER_KATEGORIEN = CURRENT_PROVIDER_KATEGORIEN;

/**
 * The list's state in the URL: paging and categories (`kategorie`, repeated; unknown values are dropped). The
 * upstream offers no search or sort on this list.
 */
export const AngeboteListParams = PagingParams.extend({
  kategorie: z
    .array(z.string())
    .catch([])
    .transform((values) => FILTER_KATEGORIEN.filter((kategorie) => values.includes(kategorie))),
});

/**
 * Whether the upstream ignored the category filter (the release 1.27.1 drops `kategorien` silently): an offer of
 * another category is on the page. The screen then says so instead of showing an unfiltered list as filtered.
 */
export function kategorieFilterIgnored(chosen: readonly string[], items: readonly { kategorie?: string | null }[]): boolean {
  return chosen.length > 0 && items.some((item) => !chosen.includes(item.kategorie ?? ""));
}
export type AngeboteListParams = z.infer<typeof AngeboteListParams>;

/** Pinned `hasRollenerweiterung`, current `hasRollenerweiterungen`: at least one Rollenerweiterung names the offer. */
export function isErweitert(angebot: Pick<ManageableServiceProviderResponse, "hasRollenerweiterung" | "hasRollenerweiterungen">) {
  return angebot.hasRollenerweiterungen ?? angebot.hasRollenerweiterung ?? false;
}

/**
 * Whether a school may extend a role by the offer: the current upstream says so (`availableForRollenerweiterung`),
 * the pinned one only through the merkmal. (The replaced client showed `hasRollenerweiterung` here, which answers a
 * different question: whether an extension exists.)
 */
export function isErweiterbar(angebot: Pick<ManageableServiceProviderResponse, "availableForRollenerweiterung" | "merkmale">) {
  return angebot.availableForRollenerweiterung ?? angebot.merkmale.includes("VERFUEGBAR_FUER_ROLLENERWEITERUNG");
}

export interface AngebotRow {
  id: string;
  name: string;
  kategorie: TranslationKey;
  ebene: string;
  rollen: string[];
  erweitert: boolean;
}

export function angebotRows(items: readonly ManageableServiceProviderResponse[]): AngebotRow[] {
  return items.map((item) => ({
    id: item.id,
    name: item.name,
    kategorie: kategorieLabel(item.kategorie),
    ebene: ebeneLabel(item.administrationsebene),
    rollen: item.rollen.map((rolle) => rolle.name),
    erweitert: isErweitert(item),
  }));
}

const ebeneLabel = (ebene: ManageableServiceProviderResponse["administrationsebene"]) =>
  organisationLabel({ kennung: ebene.kennung, name: ebene.name ?? ebene.id });

// Offers are entered by administrators: a "javascript:" or "data:" address must never become a link.
function webAddress(url: string | null | undefined): string | null {
  return !!url && URL.canParse(url) && ["https:", "http:"].includes(new URL(url).protocol) ? url : null;
}

export function angebotDetails(angebot: ManageableServiceProviderResponse, hasLogo: boolean) {
  return {
    id: angebot.id,
    name: angebot.name,
    ebene: ebeneLabel(angebot.administrationsebene),
    requires2fa: angebot.requires2fa,
    nachtraeglichZuweisbar: angebot.merkmale.includes("NACHTRAEGLICH_ZUWEISBAR"),
    logo: hasLogo ? `/api/provider/${encodeURIComponent(angebot.id)}/logo` : null,
    kategorie: kategorieLabel(angebot.kategorie),
    url: webAddress(angebot.url),
    erweiterbar: isErweiterbar(angebot),
    erweitert: isErweitert(angebot),
    rollen: angebot.rollen.map((rolle) => ({ id: rolle.id, name: rolle.name })),
  };
}

/** Rollenarten that fit a school in the pinned upstream's table (PERSONS §1.9); the current one filters by itself. */
const PINNED_SCHUL_ROLLENARTEN: readonly string[] = ["LEIT", "LEHR", "LERN", "EXTERN", "ORGADMIN"];

export interface RolleOption {
  id: string;
  name: string;
}

/**
 * The role choice of the extension form, by name. `vorfahren` (pinned upstream only): the school and its ancestors;
 * the answer is then the user's ROLLEN_VERWALTEN scope and is narrowed to the roles owned there that fit a school.
 * Roles that hold the offer themselves are left out: the upstream refuses them (NO_REDUNDANT_ROLLENERWEITERUNG).
 */
export function rolleOptions(
  rollen: readonly RolleWithServiceProvidersResponse[],
  { vorfahren, angebotId }: { vorfahren: readonly string[] | null; angebotId: string },
): RolleOption[] {
  return rollen
    .filter(
      (rolle) =>
        vorfahren === null ||
        (vorfahren.includes(rolle.administeredBySchulstrukturknoten ?? "") && PINNED_SCHUL_ROLLENARTEN.includes(rolle.rollenart ?? "")),
    )
    .filter((rolle) => !rolle.serviceProviders.some((provider) => provider.id === angebotId))
    .map((rolle) => ({ id: rolle.id, name: rolle.name }))
    .sort((a, b) => a.name.localeCompare(b.name, "de"));
}

export interface ErweiterungRow {
  id: string;
  schule: string;
  rolle: string | null;
  organisationId: string;
  rolleId: string;
}

/**
 * The existing Rollenerweiterungen at the user's schools, by school and role name. The current upstream names school
 * and role; the pinned one sends ids and every organisation's, so schools come from the user's list and roles from
 * the role answer (null: a role the user cannot read, shown as such).
 */
export function erweiterungRows(
  items: readonly RollenerweiterungResponse[],
  schulen: readonly OrganisationResponse[],
  rollenNamen: ReadonlyMap<string, string>,
): ErweiterungRow[] {
  const schulenById = new Map(schulen.map((schule) => [schule.id, schule]));
  return items
    .filter((item) => schulenById.has(item.organisationId))
    .map((item) => ({
      id: item.id,
      organisationId: item.organisationId,
      rolleId: item.rolleId,
      schule: organisationLabel(schulenById.get(item.organisationId)!),
      rolle: item.rolleName ?? rollenNamen.get(item.rolleId) ?? null,
    }))
    .sort((a, b) => a.schule.localeCompare(b.schule, "de") || (a.rolle ?? "").localeCompare(b.rolle ?? "", "de"));
}

/** Whether this school's role is already extended by the offer (the upstream answers a second one with a 500). */
export function isAlreadyExtended(items: readonly RollenerweiterungResponse[] | null, schuleId: string, rolleId: string): boolean {
  return (items ?? []).some((item) => item.organisationId === schuleId && item.rolleId === rolleId);
}

/**
 * The upstream's refusals of an extension, at the field they are about: the role holds the offer itself, the role
 * cannot be extended at this school (current upstream: not assignable there, or unknown), no right at the school.
 * "Offer not available" is about the offer, above the form.
 */
export const ERWEITERUNG_FIELDS: FieldsByErrorCode = {
  NO_REDUNDANT_ROLLENERWEITERUNG: "rolle",
  ENTITY_NOT_FOUND: { field: "rolle", message: "angebote:erweiterung.validation.rolleNichtZuweisbar" },
  MISSING_PERMISSIONS: { field: "schule", message: "angebote:erweiterung.validation.schuleOhneRecht" },
};

export { kategorieLabel };
