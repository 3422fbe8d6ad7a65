import { z } from "zod";
import type { OrganisationResponse, OrganisationRootChildrenResponse } from "@contract";
import type { TranslationKey } from "~/i18n";
import { schulformOf, type Schulform } from "~/features/schulen/schulen.server";
import { REVISION_CONFLICT_CODES } from "~/.server/error-codes.server";
import { notFound } from "~/.server/guards.server";
import { PagingParams, searchText } from "~/.server/list-params.server";
import type { FieldsByErrorCode } from "~/.server/responses.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { createTraeger, findOrganisationen, getZugehoerige, renameOrganisation } from "~/.server/upstream/organisationen.server";
import { writeWithOutcome } from "~/.server/write-outcome.server";

/**
 * A Schulträger the user may manage, else the not-found page. The upstream reads single organisations without a
 * permission check, so the permission-filtered list is asked, by id; it answers the Träger itself with its version
 * (the rename's optimistic lock).
 */
export async function loadSchultraegerForAdmin(request: Request, id: string | null | undefined): Promise<OrganisationResponse> {
  if (!z.string().uuid().safeParse(id).success) throw notFound();
  const { items } = await findOrganisationen(request, {
    typ: "TRAEGER",
    systemrechte: ["SCHULTRAEGER_VERWALTEN"],
    organisationIds: [id!],
    limit: 1,
  });
  const traeger = items.find((candidate) => candidate.id === id);
  // Listed ids come first whatever the typ: a school's or a class's id is not a Träger.
  if (!traeger || traeger.typ !== "TRAEGER") throw notFound();
  return traeger;
}

/**
 * Whether the user may rename this Träger: the upstream checks KLASSEN_VERWALTEN at the Träger for it (decision 020,
 * ORGANISATIONS_ROLES.md §4.6), so the same permission-filtered list is asked with that right.
 */
export async function mayRenameSchultraeger(request: Request, id: string | undefined): Promise<boolean> {
  if (!z.string().uuid().safeParse(id).success) return false;
  const { items } = await findOrganisationen(request, {
    typ: "TRAEGER",
    systemrechte: ["KLASSEN_VERWALTEN"],
    organisationIds: [id!],
    limit: 1,
  });
  return items.some((candidate) => candidate.id === id && candidate.typ === "TRAEGER");
}

/** A Träger's form, in the words of the Träger screens (it is the form of the schools it may hold). */
export const TRAEGERFORM_LABELS: Record<Schulform | "unbekannt", TranslationKey> = {
  oeffentlich: "schultraeger:form.oeffentlich",
  ersatz: "schultraeger:form.ersatz",
  unbekannt: "schultraeger:form.unbekannt",
};

export function traegerformLabel(traeger: OrganisationResponse, forms: OrganisationRootChildrenResponse): TranslationKey {
  return TRAEGERFORM_LABELS[schulformOf(traeger, forms) ?? "unbekannt"];
}

/** The list's sort orders: the name, descending with a leading "-". */
export const SCHULTRAEGER_SORTIERUNGEN = ["name", "-name"] as const;

/** The list's state in the URL: search, sort and paging. */
export const SchultraegerListParams = PagingParams.extend({
  suche: searchText,
  sortierung: z.enum(SCHULTRAEGER_SORTIERUNGEN).catch("name"),
});
export type SchultraegerListParams = z.infer<typeof SchultraegerListParams>;

/** The upstream query of one page of the list: every Träger the user manages, found by name. */
export function schultraegerQuery(params: SchultraegerListParams) {
  return {
    typ: "TRAEGER" as const,
    systemrechte: ["SCHULTRAEGER_VERWALTEN" as const],
    searchString: params.suche,
    sortField: "name" as const,
    sortOrder: params.sortierung === "-name" ? ("desc" as const) : ("asc" as const),
    offset: (params.seite - 1) * params.anzahl,
    limit: params.anzahl,
  };
}

export interface TraegerSchule {
  id: string;
  kennung: string;
  name: string;
}

const bySchulnummer = (a: TraegerSchule, b: TraegerSchule) =>
  a.kennung.localeCompare(b.kennung, "de") || a.name.localeCompare(b.name, "de");

function traegerSchule(schule: OrganisationResponse): TraegerSchule {
  return { id: schule.id, kennung: schule.kennung ?? "", name: schule.name };
}

/**
 * The schools of these Träger, by Träger: one request for the whole page, without a limit (the upstream then answers
 * every match, ORGANISATIONS_ROLES.md §0.2), so no list is cut as the original's limit of 30 did. No permission filter:
 * the upstream reads these schools for anyone (a Träger's own administrator holds no right at its schools), as the
 * details page's `…/zugehoerig` does. Should an upstream still answer fewer than its total, the rest is asked for.
 */
export async function schulenOfTraeger(request: Request, traegerIds: string[]): Promise<Map<string, TraegerSchule[]>> {
  const byTraeger = new Map<string, TraegerSchule[]>(traegerIds.map((id) => [id, []]));
  if (traegerIds.length === 0) return byTraeger;
  // A page of 300 Träger would make one address of about 15 000 characters; a hundred ids per request stay well
  // inside what servers and proxies accept, and the requests run side by side.
  const chunks = Array.from({ length: Math.ceil(traegerIds.length / IDS_PER_REQUEST) }, (_, index) =>
    traegerIds.slice(index * IDS_PER_REQUEST, (index + 1) * IDS_PER_REQUEST),
  );
  const answers = await Promise.all(chunks.map((ids) => allSchulenOf(request, ids)));
  for (const schule of answers.flat()) byTraeger.get(schule.zugehoerigZu ?? "")?.push(traegerSchule(schule));
  for (const schulen of byTraeger.values()) schulen.sort(bySchulnummer);
  return byTraeger;
}

const IDS_PER_REQUEST = 100;

async function allSchulenOf(request: Request, traegerIds: string[]): Promise<OrganisationResponse[]> {
  const query = { typ: "SCHULE" as const, zugehoerigZu: traegerIds, sortField: "kennung" as const };
  const first = await findOrganisationen(request, query);
  const items = [...first.items];
  while (items.length < first.total) {
    const next = await findOrganisationen(request, { ...query, offset: items.length, limit: first.total - items.length });
    if (next.items.length === 0) break;
    items.push(...next.items);
  }
  return items;
}

/** The rows of the list, with every label resolved on the server. */
export function schultraegerRows(
  traeger: OrganisationResponse[],
  forms: OrganisationRootChildrenResponse,
  schulen: Map<string, TraegerSchule[]>,
) {
  return traeger.map((entry) => ({
    id: entry.id,
    name: entry.name,
    form: traegerformLabel(entry, forms),
    schulen: schulen.get(entry.id) ?? [],
  }));
}

/**
 * The Träger's schools for its page: everything that belongs to it and is a school, by Dienststellennummer. Read
 * alongside the Träger itself, whose check answers a wrong id with the not-found page: here a wrong id is no schools.
 */
export async function loadTraegerSchulen(request: Request, id: string | undefined): Promise<TraegerSchule[]> {
  if (!z.string().uuid().safeParse(id).success) return [];
  let zugehoerige: OrganisationResponse[];
  try {
    zugehoerige = await getZugehoerige(request, id!);
  } catch (error) {
    if (error instanceof UpstreamFailure && error.status === 404) return [];
    throw error;
  }
  return zugehoerige
    .filter((organisation) => organisation.typ === "SCHULE")
    .map(traegerSchule)
    .sort(bySchulnummer);
}

/** The marker of an unanswered create in the portal cookie: the form and the name identify the attempt. */
export const CREATE_SCHULTRAEGER_WRITE = "schultraeger-anlegen";
export const createSchultraegerKey = (traeger: { schulform: string; name: string }) => `${traeger.schulform}/${traeger.name}`;

/**
 * The upstream's refusals of a Träger's name, on the name field in the page's own words; anything else (the tree
 * rules TRAEGER_IN_TRAEGER and ORGANISATION_SPECIFICATION_ERROR, an outage) is shown above the form.
 */
export const SCHULTRAEGER_FIELDS: FieldsByErrorCode = {
  SCHULTRAEGER_NAME_EINDEUTIG: { field: "name", message: "schultraeger:validation.name.taken" },
  NAME_ENTHAELT_LEERZEICHEN: { field: "name", message: "schultraeger:validation.name.outerSpaces" },
};

/**
 * Creates a Schulträger (ADR 011 §5): after a timeout, or after "name taken" following the user's own unanswered
 * attempt, the upstream is asked whether a Träger of this name and form is there.
 */
export function createSchultraegerWithOutcome(
  request: Request,
  traeger: { schulform: string; name: string },
  { earlierAttemptUnanswered }: { earlierAttemptUnanswered: boolean },
) {
  return writeWithOutcome({
    write: () => createTraeger(request, traeger),
    reread: async () => {
      const { items } = await findOrganisationen(request, {
        typ: "TRAEGER",
        name: traeger.name,
        zugehoerigZu: [traeger.schulform],
        limit: 5,
      });
      return items.find((found) => found.name === traeger.name && found.zugehoerigZu === traeger.schulform) ?? null;
    },
    ownConflicts: ["SCHULTRAEGER_NAME_EINDEUTIG"],
    earlierAttemptUnanswered,
  });
}

/**
 * Renames a Träger with the version the user's form was rendered from; a rename by someone else in between is the
 * conflict code. After a timeout or a conflict the Träger is read again: whoever gave it the asked-for name, it has it.
 */
export function renameSchultraegerWithOutcome(request: Request, id: string, name: string, version: number) {
  return writeWithOutcome({
    write: () => renameOrganisation(request, id, { name, version }, { defaultError: "SCHULTRAEGER_ERROR" }),
    reread: async () => {
      const traeger = await loadSchultraegerForAdmin(request, id);
      return traeger.name === name ? traeger : null;
    },
    ownConflicts: [...REVISION_CONFLICT_CODES],
    earlierAttemptUnanswered: true,
  });
}
