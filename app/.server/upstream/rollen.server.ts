import { z } from "zod";
import {
  PINNED_ROLLENARTEN,
  ROLLENARTEN,
  RolleResponse,
  RolleWithServiceProvidersResponse,
  ServiceProviderResponse,
  SystemRechtResponse,
  type CreateRolleBody,
  type FindRollenQuery,
  type PinnedCreateRolleBody,
  type Rollenart,
  type RolleServiceProviderBody,
  type UpdateRolleBody,
} from "@contract";
import { UpstreamFailure } from "./failure.server";
import { UpstreamFeature } from "./capabilities.server";
import { acceptUpstreamAnswer, callUpstream, callUpstreamJson, exchangeWithUpstream, pagingTotal, parseAnswer } from "./client.server";

/**
 * Named calls of the role endpoints (ORGANISATIONS_ROLES.md §5, CHANGES-SINCE-PIN §3.9, §3.10).
 *
 * The two upstream versions differ most here: the current one takes a new role's offers in the POST and lists the
 * offers a role may get with `GET /api/provider/assignable-for-rolle` (ROLLEN_VERWALTEN at the owner); the pinned one
 * creates the role without offers, attaches them with `PUT /api/rolle/{id}/serviceProviders`, and lists every offer with
 * `GET /api/provider/all`. Which one is in front of us is learnt once per process from the offer list's route
 * (decision 008) and decides the create as well.
 */
export const rolleAngebote = new UpstreamFeature("rolle-angebote", ["assignable-for-rolle", "all"]);

const RolleList = z.array(RolleWithServiceProvidersResponse);
const OfferList = z.array(ServiceProviderResponse);

/** The role list: header paging, the current upstream's default scope (ROLLEN_VERWALTEN, without children). */
export async function findRollen(
  request: Request,
  query: Pick<FindRollenQuery, "offset" | "limit" | "searchStr" | "organisationenForFilter" | "rollenarten" | "merkmale">,
) {
  // The release 1.27.1 filters by one owner as `organisationId` and drops `organisationenForFilter`; main drops
  // `organisationId`: one owner is sent under both names (CHANGES-AFTER-E638684 §2.1).
  const [owner, ...more] = query.organisationenForFilter ?? [];
  const organisationId = owner !== undefined && more.length === 0 ? owner : undefined;
  const answer = await callUpstream(request, "/api/rolle", { query: { ...query, organisationId }, defaultError: "UNSPECIFIED_ERROR" });
  return { items: parseAnswer(answer, RolleList), total: pagingTotal(answer) };
}

/**
 * One role with its offers. Unknown, technical and not manageable roles are all "not found" (404). Both upstream
 * versions leave out the owner's name and Kennung here: read the organisation for them.
 */
export function getRolle(request: Request, id: string) {
  return callUpstreamJson(request, `/api/rolle/${encodeURIComponent(id)}`, RolleWithServiceProvidersResponse, {
    defaultError: "UNSPECIFIED_ERROR",
  });
}

/** Every system right the upstream knows (18 pinned, 20 current), with the flag for the technical ones the form hides. */
export function getSystemrechte(request: Request) {
  return callUpstreamJson(request, "/api/rolle/systemrechte", z.array(SystemRechtResponse), { defaultError: "UNSPECIFIED_ERROR" });
}

/**
 * The offers a role owned by `ownerId` may get: the current upstream's offers owned there or above (it checks
 * ROLLEN_VERWALTEN at the owner), the pinned upstream's every offer.
 */
export async function angeboteFuerRolle(request: Request, ownerId: string) {
  const options = { defaultError: "SERVICE_PROVIDER_ERROR" } as const;
  const answer = await rolleAngebote.exchange((variant) =>
    variant === "assignable-for-rolle"
      ? exchangeWithUpstream(request, "/api/provider/assignable-for-rolle", { ...options, query: { schulstrukturknotenOfRolle: ownerId } })
      : exchangeWithUpstream(request, "/api/provider/all", options),
  );
  await acceptUpstreamAnswer(request, answer, options);
  return parseAnswer(answer, OfferList, options.defaultError);
}

/**
 * Which variant the upstream offers, asking it once per process if no call has told us yet: the current upstream
 * answers the offer list without its parameter with a validation error, the pinned one with a route miss.
 */
async function rolleVariant(request: Request) {
  const known = rolleAngebote.known();
  if (known) return known;
  await rolleAngebote.exchange((variant) =>
    exchangeWithUpstream(request, variant === "assignable-for-rolle" ? "/api/provider/assignable-for-rolle" : "/api/provider/all"),
  );
  return rolleAngebote.known() ?? "assignable-for-rolle";
}

/** The rollenarten a new role may have at this upstream: the pinned six, or the current nine. */
export async function rollenartenFuerNeueRolle(request: Request): Promise<readonly Rollenart[]> {
  return (await rolleVariant(request)) === "all" ? PINNED_ROLLENARTEN : ROLLENARTEN;
}

export interface NeueRolle {
  rolle: RolleWithServiceProvidersResponse;
  /**
   * Pinned upstream only: the role was created, but attaching its offers with the second call failed. The role exists
   * without offers; the page says so and leads to the role, where the offers can be set by editing it.
   */
  angeboteFehler: UpstreamFailure | null;
}

/** Creates a role with its offers: one POST at the current upstream, POST and PUT …/serviceProviders at the pinned one. */
export async function createRolle(request: Request, body: CreateRolleBody): Promise<NeueRolle> {
  const options = { method: "POST", defaultError: "ROLLE_ERROR" } as const;
  if ((await rolleVariant(request)) === "assignable-for-rolle") {
    const rolle = await callUpstreamJson(request, "/api/rolle", RolleWithServiceProvidersResponse, { ...options, body });
    return { rolle, angeboteFehler: null };
  }
  const { serviceProviderIds, ...rest } = body;
  const pinnedBody: PinnedCreateRolleBody = {
    ...rest,
    rollenart: rest.rollenart as PinnedCreateRolleBody["rollenart"],
    systemrechte: rest.systemrechte as PinnedCreateRolleBody["systemrechte"],
  };
  const created = await callUpstreamJson(request, "/api/rolle", RolleResponse, { ...options, body: pinnedBody });
  const rolle: RolleWithServiceProvidersResponse = {
    ...created,
    administeredBySchulstrukturknotenName: null,
    administeredBySchulstrukturknotenKennung: null,
    serviceProviders: [],
  };
  if (serviceProviderIds.length === 0) return { rolle, angeboteFehler: null };
  try {
    const attachBody: RolleServiceProviderBody = { serviceProviderIds, version: created.version ?? 1 };
    const attached = await callUpstreamJson(
      request,
      `/api/rolle/${encodeURIComponent(created.id)}/serviceProviders`,
      z.array(z.object({ id: z.string(), name: z.string() })),
      { method: "PUT", body: attachBody, defaultError: "ROLLE_ERROR" },
    );
    return { rolle: { ...rolle, serviceProviders: attached, version: (created.version ?? 1) + 1 }, angeboteFehler: null };
  } catch (failure) {
    if (failure instanceof UpstreamFailure) return { rolle, angeboteFehler: failure };
    throw failure;
  }
}

/**
 * Replaces a role's name, merkmale, rights and offers at `version` (both versions). A stale version is
 * NEWER_VERSION_OF_ROLLE_AVAILABLE; the current upstream may also name it MISMATCHED_REVISION.
 */
export function updateRolle(request: Request, id: string, body: UpdateRolleBody) {
  return callUpstreamJson(request, `/api/rolle/${encodeURIComponent(id)}`, RolleWithServiceProvidersResponse, {
    method: "PUT",
    body,
    defaultError: "ROLLE_UPDATE_ERROR",
    errorCodes: { conflict: "NEWER_VERSION_OF_ROLLE_AVAILABLE" },
  });
}

/** Deletes a role; one that is still assigned to someone is ROLLE_HAT_PERSONENKONTEXTE_ERROR. */
export async function deleteRolle(request: Request, id: string) {
  await callUpstream(request, `/api/rolle/${encodeURIComponent(id)}`, { method: "DELETE", defaultError: "ROLLE_ERROR" });
}
