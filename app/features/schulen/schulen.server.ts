import { data } from "@remix-run/node";
import { z } from "zod";
import type { OrganisationResponse, OrganisationRootChildrenResponse } from "@contract";
import type { TranslationKey } from "~/i18n";
import { organisationLabel } from "~/organisation-label";
import { notFound } from "~/.server/guards.server";
import { PagingParams, searchText } from "~/.server/list-params.server";
import { redirectWithToast, type FieldsByErrorCode } from "~/.server/responses.server";
import { createSchule, enableForItslearning, findOrganisationen } from "~/.server/upstream/organisationen.server";
import { writeWithOutcome } from "~/.server/write-outcome.server";

/** The school list's sort orders: a column, descending with a leading "-" (as the person list writes it). */
export const SCHULEN_SORTIERUNGEN = ["kennung", "-kennung", "name", "-name"] as const;
export type SchulenSortierung = (typeof SCHULEN_SORTIERUNGEN)[number];

/** The school list's state in the URL: search, sort and paging. */
export const SchulenListParams = PagingParams.extend({
  suche: searchText,
  sortierung: z.enum(SCHULEN_SORTIERUNGEN).catch("kennung"),
});
export type SchulenListParams = z.infer<typeof SchulenListParams>;

/** The upstream query of one page of the list: every school the user manages, by name or Dienststellennummer. */
export function schulenQuery(params: SchulenListParams) {
  const descending = params.sortierung.startsWith("-");
  return {
    typ: "SCHULE" as const,
    systemrechte: ["SCHULEN_VERWALTEN" as const],
    searchString: params.suche,
    sortField: (descending ? params.sortierung.slice(1) : params.sortierung) as "kennung" | "name",
    sortOrder: descending ? ("desc" as const) : ("asc" as const),
    offset: (params.seite - 1) * params.anzahl,
    limit: params.anzahl,
  };
}

export type Schulform = "oeffentlich" | "ersatz";

/** A school's form: the root child it is administered by (public schools or Ersatzschulen). */
export function schulformOf(
  schule: Pick<OrganisationResponse, "administriertVon">,
  forms: OrganisationRootChildrenResponse,
): Schulform | null {
  if (schule.administriertVon === forms.oeffentlich.id) return "oeffentlich";
  if (schule.administriertVon === forms.ersatz.id) return "ersatz";
  return null;
}

export const SCHULFORM_LABELS: Record<Schulform | "unbekannt", TranslationKey> = {
  oeffentlich: "schulen:schulform.oeffentlich",
  ersatz: "schulen:schulform.ersatz",
  unbekannt: "schulen:schulform.unbekannt",
};

/** The ids of the Schulträger the schools belong to: a school that belongs to its form directly has none. */
export function schultraegerIds(schulen: OrganisationResponse[], forms: OrganisationRootChildrenResponse): string[] {
  const formIds = new Set([forms.oeffentlich.id, forms.ersatz.id]);
  return [...new Set(schulen.flatMap((schule) => (schule.zugehoerigZu && !formIds.has(schule.zugehoerigZu) ? [schule.zugehoerigZu] : [])))];
}

/** The names of these Schulträger, by id: one request for the whole page. */
export async function schultraegerNames(request: Request, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  // Listed ids come first whatever the other criteria; with the limit at their count, nothing else comes along.
  const { items } = await findOrganisationen(request, { typ: "TRAEGER", organisationIds: ids, limit: ids.length });
  return new Map(items.filter((traeger) => ids.includes(traeger.id)).map((traeger) => [traeger.id, traeger.name]));
}

/** The rows of the list, with every label resolved on the server. */
export function schulenRows(schulen: OrganisationResponse[], forms: OrganisationRootChildrenResponse, traeger: Map<string, string>) {
  return schulen.map((schule) => ({
    id: schule.id,
    kennung: schule.kennung ?? "",
    name: schule.name,
    label: organisationLabel(schule),
    schulform: SCHULFORM_LABELS[schulformOf(schule, forms) ?? "unbekannt"],
    schultraeger: (schule.zugehoerigZu && traeger.get(schule.zugehoerigZu)) || null,
    itslearning: Boolean(schule.itslearningEnabled),
  }));
}

/**
 * A school the user may manage, else the not-found page. The upstream reads single organisations without a
 * permission check, so the permission-filtered list is asked, by id; it answers the school itself.
 */
export async function loadSchuleForAdmin(request: Request, id: string | null | undefined): Promise<OrganisationResponse> {
  if (!z.string().uuid().safeParse(id).success) throw notFound();
  const { items } = await findOrganisationen(request, {
    typ: "SCHULE",
    systemrechte: ["SCHULEN_VERWALTEN"],
    organisationIds: [id!],
    limit: 1,
  });
  const schule = items.find((candidate) => candidate.id === id);
  // Listed ids come first whatever the typ: a Träger's or a class's id is not a school.
  if (!schule || schule.typ !== "SCHULE") throw notFound();
  return schule;
}

/** The marker of an unanswered create in the portal cookie: the Dienststellennummer identifies the attempt. */
export const CREATE_SCHULE_WRITE = "schule-anlegen";

/**
 * The upstream's refusals of a new school, on the fields they concern, in the page's own words; anything else is
 * shown above the form. The form's own check catches most of them before they are sent (blanks, empty fields).
 */
export const SCHULE_FIELDS: FieldsByErrorCode = {
  SCHULE_KENNUNG_EINDEUTIG: { field: "kennung", message: "schulen:validation.kennung.taken" },
  KENNUNG_REQUIRED_FOR_SCHULE: { field: "kennung", message: "schulen:validation.kennung.required" },
  KENNUNG_ENTHAELT_LEERZEICHEN: { field: "kennung", message: "schulen:validation.kennung.outerSpaces" },
  NAME_REQUIRED_FOR_SCHULE: { field: "name", message: "schulen:validation.name.required" },
  NAME_ENTHAELT_LEERZEICHEN: { field: "name", message: "schulen:validation.name.outerSpaces" },
  SCHULE_UNTER_TRAEGER: { field: "schulform", message: "schulen:validation.schulform.notAllowed" },
  NUR_KLASSE_UNTER_SCHULE: { field: "schulform", message: "schulen:validation.schulform.notAllowed" },
};

/**
 * Creates a school (ADR 011 §5): after a timeout, or after "Dienststellennummer taken" following the user's own
 * unanswered attempt, the upstream is asked whether the school with this Dienststellennummer, name and form is there.
 */
export function createSchuleWithOutcome(
  request: Request,
  schule: { schulform: string; kennung: string; name: string },
  { earlierAttemptUnanswered }: { earlierAttemptUnanswered: boolean },
) {
  return writeWithOutcome({
    write: () => createSchule(request, schule),
    reread: async () => {
      const { items } = await findOrganisationen(request, { typ: "SCHULE", kennung: schule.kennung, limit: 5 });
      return (
        items.find(
          (found) => found.kennung === schule.kennung && found.name === schule.name && found.administriertVon === schule.schulform,
        ) ?? null
      );
    },
    ownConflicts: ["SCHULE_KENNUNG_EINDEUTIG"],
    earlierAttemptUnanswered,
  });
}

/**
 * The answer to the itslearning dialog's confirmation: the school's permission is checked again, then it is
 * activated (or its data transmitted again) and the user goes `to` the list with a message; a refusal stays in the
 * dialog. Activating is repeatable, so a timeout is checked by the flag when the school was not yet active.
 */
export async function answerItslearning(request: Request, id: string | null, to: string) {
  const schule = await loadSchuleForAdmin(request, id);
  const again = Boolean(schule.itslearningEnabled);
  const outcome = await writeWithOutcome({
    write: () => enableForItslearning(request, schule.id),
    reread: again
      ? undefined
      : async () => {
          const current = await loadSchuleForAdmin(request, schule.id);
          return current.itslearningEnabled ? current : null;
        },
  });
  if (outcome.status !== "saved") {
    const { code, status } = outcome.failure;
    return data({ itslearningError: code }, { status: status >= 500 ? status : 400 });
  }
  const key = again ? "schulen:itslearning.retransmitted" : "schulen:itslearning.activated";
  return redirectWithToast(request, to, { key, values: { schule: organisationLabel(schule) } });
}
