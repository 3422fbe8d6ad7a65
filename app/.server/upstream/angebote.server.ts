import { z } from "zod";
import {
  ManageableServiceProviderResponse,
  OrganisationResponse,
  ParentOrganisationenResponse,
  RolleWithServiceProvidersResponse,
  RollenerweiterungResponse,
  ServiceProviderResponse,
  rawPagedResponse,
  type ApplyRollenerweiterungBody,
  type CreateRollenerweiterungBody,
  type CreateServiceProviderBody,
  type UpdateServiceProviderBody,
  type FindRollenQuery,
  type ManageableProvidersQuery,
} from "@contract";
import { UpstreamFeature } from "./capabilities.server";
import { acceptUpstreamAnswer, callUpstream, callUpstreamJson, exchangeWithUpstream, parseAnswer, UpstreamFailure } from "./client.server";
import { parseJson } from "./transport.server";

/**
 * Named calls of the offer endpoints an administrator uses (ORGANISATIONS_ROLES §5.11, §6.4–§6.6; CHANGES-SINCE-PIN
 * §3.9, §4). The two upstream versions differ in the list's flag (`hasRollenerweiterung` pinned, `hasRollenerweiterungen`
 * current), in who may read an offer and its Rollenerweiterungen, and in the list of offers a school may extend with
 * (current `manageable-by-organisation`, which the pinned upstream lacks). Decision 024.
 */

const ManageablePage = rawPagedResponse(ManageableServiceProviderResponse);
const ErweiterungPage = rawPagedResponse(RollenerweiterungResponse);
const RolleList = z.array(RolleWithServiceProvidersResponse);

/** One page of the offers the user administers (ANGEBOTE_VERWALTEN, with children), body-paged; by category where asked. */
export function findManageableAngebote(request: Request, query: Pick<ManageableProvidersQuery, "offset" | "limit" | "kategorien">) {
  return callUpstreamJson(request, "/api/provider/manageable", ManageablePage, { query, defaultError: "SERVICE_PROVIDER_ERROR" });
}

/**
 * One offer with its roles, or null when the upstream does not show it to this user (unknown, or outside what the user
 * may read: pinned the ANGEBOTE_VERWALTEN scope, current also ROLLEN_ERWEITERN at or below the owner).
 */
export async function getManageableAngebot(request: Request, id: string): Promise<ManageableServiceProviderResponse | null> {
  try {
    return await callUpstreamJson(request, `/api/provider/manageable/${encodeURIComponent(id)}`, ManageableServiceProviderResponse, {
      defaultError: "SERVICE_PROVIDER_ERROR",
    });
  } catch (failure) {
    if (failure instanceof UpstreamFailure && (failure.status === 404 || failure.status === 400)) return null;
    throw failure;
  }
}

/**
 * Whether the offer has a logo: the detail does not say (only the start page's tiles carry `hasLogo`), so its address
 * is asked. The browser then loads it through the portal's `/api` pass-through; without one the page shows a neutral
 * mark instead of a broken image, with or without JavaScript.
 */
export async function hasAngebotLogo(request: Request, id: string): Promise<boolean> {
  const answer = await exchangeWithUpstream(request, `/api/provider/${encodeURIComponent(id)}/logo`, { responseType: "text" });
  if (answer.status === 404 || answer.status === 400) return false;
  await acceptUpstreamAnswer(request, answer, { defaultError: "SERVICE_PROVIDER_ERROR" });
  return true;
}

/**
 * The Rollenerweiterungen of an offer that the upstream lets this user see, all of them (no paging asked: both
 * versions then answer everything). Current: only the user's own organisations, with role and organisation names;
 * pinned: every one, ids only. Null when the pinned upstream refuses the list because no single role of the user
 * holds both ROLLEN_ERWEITERN and ANGEBOTE_VERWALTEN: it answers that with a 401 whose body says NOT_AUTHORIZED, which
 * must not send the user to the login like an ended session does.
 */
export async function findRollenerweiterungen(request: Request, angebotId: string): Promise<RollenerweiterungResponse[] | null> {
  const options = { defaultError: "ROLLENERWEITERUNG_ERROR" } as const;
  const answer = await exchangeWithUpstream(request, `/api/provider/${encodeURIComponent(angebotId)}/rollenerweiterung`, options);
  if (isListNotAuthorized(answer)) return null;
  await acceptUpstreamAnswer(request, answer, options);
  return parseAnswer(answer, ErweiterungPage, options.defaultError).items;
}

/** The pinned upstream's refusal of the Rollenerweiterung list (ORGANISATIONS_ROLES §6.6), not an ended session. */
export function isListNotAuthorized(answer: { status: number; text: string }): boolean {
  if (answer.status !== 401) return false;
  const body = parseJson(answer.text);
  return typeof body === "object" && body !== null && (body as Record<string, unknown>).message === "NOT_AUTHORIZED";
}

/**
 * The roles a Rollenerweiterung at this school may name. Current upstream: it answers exactly those (owned at the
 * school or above, rollenart fitting a school) when asked with ROLLEN_ERWEITERN and the school. The pinned upstream
 * drops both parameters and answers its ROLLEN_VERWALTEN scope; it checks nothing of this on the create, so the
 * portal narrows the answer itself with the school's ancestors (`pinned: true`).
 */
export async function rollenFuerErweiterung(request: Request, schuleId: string | null, { pinned }: { pinned: boolean }) {
  const query: FindRollenQuery = schuleId ? { systemrechte: ["ROLLEN_ERWEITERN"], organisationContextForOperation: schuleId } : {};
  // The release 1.27.1 names the school `organisationId` and drops the other name (then it answers every school's roles);
  // main drops `organisationId`: the school goes under both names (CHANGES-AFTER-E638684 §2.1, issue 34 §9).
  const [answer, parents] = await Promise.all([
    callUpstream(request, "/api/rolle", { query: { ...query, organisationId: schuleId ?? undefined }, defaultError: "UNSPECIFIED_ERROR" }),
    pinned && schuleId
      ? callUpstreamJson(request, "/api/organisationen/parents-by-ids", ParentOrganisationenResponse, {
          method: "POST",
          body: { organisationIds: [schuleId] },
        })
      : null,
  ]);
  return { rollen: parseAnswer(answer, RolleList), vorfahren: pinned ? (parents?.parents.map((org) => org.id) ?? []) : null };
}

/** Grants the offer to the holders of the role at exactly this organisation (201). */
export function createRollenerweiterung(request: Request, body: CreateRollenerweiterungBody) {
  return callUpstreamJson(request, "/api/rolle/erweiterung", RollenerweiterungResponse, {
    method: "POST",
    body,
    defaultError: "ROLLENERWEITERUNG_ERROR",
  });
}

/**
 * The offers a school may extend its roles with (ROLLEN_ERWEITERN there): the current upstream's
 * `manageable-by-organisation` (offers with VERFUEGBAR_FUER_ROLLENERWEITERUNG owned by the school or above). The
 * pinned upstream has no such list; there the offers the user administers that carry the merkmal stand in, which are
 * also the only ones its detail lets him read. Which one answers is learnt once per process from the route miss.
 */
export const erweiterbareAngeboteListe = new UpstreamFeature("angebote-erweiterbar", ["manageable-by-organisation", "manageable"]);

export async function findErweiterbareAngebote(request: Request, schuleId: string): Promise<ManageableServiceProviderResponse[]> {
  const options = { defaultError: "SERVICE_PROVIDER_ERROR" } as const;
  const answer = await erweiterbareAngeboteListe.exchange((variant) =>
    variant === "manageable-by-organisation"
      ? exchangeWithUpstream(request, "/api/provider/manageable-by-organisation", { ...options, query: { organisationId: schuleId } })
      : exchangeWithUpstream(request, "/api/provider/manageable", options),
  );
  await acceptUpstreamAnswer(request, answer, options);
  const { items } = parseAnswer(answer, ManageablePage, options.defaultError);
  return items.filter((item) => item.merkmale.includes("VERFUEGBAR_FUER_ROLLENERWEITERUNG"));
}

export type { OrganisationResponse };

/** Deletes an offer (current upstream only, CHANGES-SINCE-PIN §4): 204, or the refusal (VIDIS, used by roles, extended). */
export async function deleteAngebot(request: Request, id: string) {
  await callUpstream(request, `/api/provider/${encodeURIComponent(id)}`, { method: "DELETE", defaultError: "ENTITY_COULD_NOT_BE_DELETED" });
}

/** Creates an offer (current upstream, CHANGES-SINCE-PIN §4): 201 with the offer. */
export function createAngebot(request: Request, body: CreateServiceProviderBody) {
  return callUpstreamJson(request, "/api/provider", ServiceProviderResponse, {
    method: "POST",
    body,
    defaultError: "SERVICE_PROVIDER_ERROR",
  });
}

/** Changes an offer's fields (partial; `requires2fa` and the owner stay): 200 with the offer. */
export function updateAngebot(request: Request, id: string, body: UpdateServiceProviderBody) {
  return callUpstreamJson(request, `/api/provider/${encodeURIComponent(id)}`, ServiceProviderResponse, {
    method: "PATCH",
    body,
    defaultError: "SERVICE_PROVIDER_ERROR",
  });
}

/** A role the apply step refused, with the upstream's reason (`DbiamApplyRollenerweiterungMultiError`). */
const RollenFehler = z.object({
  rolleIdsWithI18nKeys: z.array(z.object({ rolleId: z.string(), i18nKey: z.string() })),
});
export type RolleFehler = z.infer<typeof RollenFehler>["rolleIdsWithI18nKeys"][number];

/**
 * Gives the offer to some roles at a school and takes it from others, in one step (current upstream, 204). Roles the
 * upstream refused one by one are answered (the others are applied); any other refusal is thrown.
 */
export async function applyRollenerweiterungen(
  request: Request,
  angebotId: string,
  schuleId: string,
  body: ApplyRollenerweiterungBody,
): Promise<RolleFehler[]> {
  const path = `/api/rollen-erweiterung/angebot/${encodeURIComponent(angebotId)}/organisation/${encodeURIComponent(schuleId)}/apply`;
  const options = { method: "POST", body, defaultError: "ROLLENERWEITERUNG_ERROR" } as const;
  const answer = await exchangeWithUpstream(request, path, options);
  const einzelne = answer.status === 400 ? RollenFehler.safeParse(parseJson(answer.text)) : null;
  if (einzelne?.success) return einzelne.data.rolleIdsWithI18nKeys;
  await acceptUpstreamAnswer(request, answer, options);
  return [];
}

/** Asks the upstream to take over the school's offers activated in VIDIS (current upstream; 200 without a body). */
export async function syncVidisAngebote(request: Request, schuleId: string) {
  await callUpstream(request, `/api/vidis/${encodeURIComponent(schuleId)}/angebote-sync`, { method: "PUT", defaultError: "VIDIS_ERROR" });
}
