import { z } from "zod";
import {
  OrganisationResponse,
  OrganisationRootChildrenResponse,
  type CreateOrganisationBody,
  type FindOrganisationQuery,
  type OrganisationByIdBody,
  type OrganisationByNameBody,
  type UpdateOrganisationBody,
  type Systemrecht,
} from "@contract";
import {
  acceptUpstreamAnswer,
  callUpstream,
  callUpstreamJson,
  exchangeWithUpstream,
  pagingTotal,
  parseAnswer,
  type CallOptions,
} from "./client.server";
import { isRouteMiss, UpstreamFeature } from "./capabilities.server";
import { UpstreamFailure } from "./failure.server";

/** Named calls of the organisation endpoints (ORGANISATIONS_ROLES.md §4). */

const OrganisationList = z.array(OrganisationResponse);

export async function findOrganisationen(request: Request, query: FindOrganisationQuery) {
  const answer = await callUpstream(request, "/api/organisationen", { query });
  return { items: parseAnswer(answer, OrganisationList), total: pagingTotal(answer) };
}

export function getOrganisation(request: Request, id: string) {
  return callUpstreamJson(request, `/api/organisationen/${encodeURIComponent(id)}`, OrganisationResponse);
}

/** Every school where the user holds `right` (with inheritance), sorted by name, for filters and forms. */
export async function schulenWithRight(request: Request, right: Systemrecht) {
  const { items } = await findOrganisationen(request, {
    typ: "SCHULE",
    systemrechte: [right],
    sortField: "name",
    sortOrder: "asc",
  });
  return items;
}

export function createOrganisation(request: Request, body: CreateOrganisationBody) {
  return callUpstreamJson(request, "/api/organisationen", OrganisationResponse, {
    method: "POST",
    body,
    defaultError: "ORGANISATION_SPECIFICATION_ERROR",
  });
}

/** The two school forms, public schools and Ersatzschulen: the root's children (ORGANISATIONS_ROLES.md §4.9). */
export function getRootChildren(request: Request) {
  return callUpstreamJson(request, "/api/organisationen/root/children", OrganisationRootChildrenResponse, {
    defaultError: "SCHULTRAEGER_ERROR",
  });
}

/** A new school hangs below its school form in both hierarchies, as the original client creates it (§4.2). */
export function createSchule(request: Request, { schulform, kennung, name }: { schulform: string; kennung: string; name: string }) {
  return createOrganisation(request, { administriertVon: schulform, zugehoerigZu: schulform, kennung, name, typ: "SCHULE" });
}

/** Activates a school for itslearning; called again, it transmits the school's data again (§4.14). */
export function enableForItslearning(request: Request, id: string) {
  return callUpstreamJson(request, `/api/organisationen/${encodeURIComponent(id)}/enable-for-its-learning`, OrganisationResponse, {
    method: "PUT",
    defaultError: "ORGANISATION_SPECIFICATION_ERROR",
  });
}

/** A new Schulträger hangs below its form (public schools or Ersatzschulen) in both hierarchies (§4.2). */
export function createTraeger(request: Request, { schulform, name }: { schulform: string; name: string }) {
  return createOrganisation(request, { administriertVon: schulform, zugehoerigZu: schulform, name, typ: "TRAEGER" });
}

/**
 * Every organisation that belongs to this one (`zugehoerigZu`), unpaged and without a permission filter: a
 * Träger's schools, a school's classes (ORGANISATIONS_ROLES.md §4.12).
 */
export function getZugehoerige(request: Request, id: string) {
  return callUpstreamJson(request, `/api/organisationen/${encodeURIComponent(id)}/zugehoerig`, OrganisationList, {
    defaultError: "SCHULTRAEGER_ERROR",
  });
}

/**
 * Moves a school below `parentId` (§4.13): a Träger to assign it, the Träger's form to unassign it. 201 without body;
 * moving it to the parent it has already succeeds as well, so sending it again is safe.
 */
export async function assignZugehoerig(request: Request, parentId: string, schuleId: string) {
  const body: OrganisationByIdBody = { organisationId: schuleId };
  await callUpstream(request, `/api/organisationen/${encodeURIComponent(parentId)}/zugehoerig`, {
    method: "POST",
    body,
    defaultError: "SCHULTRAEGER_ERROR",
  });
}

/** A class hangs below its school in both hierarchies (ORGANISATIONS_ROLES.md §4.2). */
export function createKlasse(request: Request, schuleId: string, name: string) {
  return createOrganisation(request, { administriertVon: schuleId, zugehoerigZu: schuleId, name, typ: "KLASSE" });
}

export function renameOrganisation(
  request: Request,
  id: string,
  body: OrganisationByNameBody,
  { defaultError = "KLASSE_ERROR" }: Pick<CallOptions, "defaultError"> = {},
) {
  return callUpstreamJson(request, `/api/organisationen/${encodeURIComponent(id)}/name`, OrganisationResponse, {
    method: "PATCH",
    body,
    defaultError,
    // The pinned upstream answers NEWER_VERSION_ORGANISATION, the current one may answer a 409 MISMATCHED_REVISION:
    // the rename form offers "load the current state" for this one code.
    errorCodes: { conflict: "NEWER_VERSION_ORGANISATION" },
  });
}

/**
 * Deleting an organisation: the current upstream deletes classes, schools and Träger with
 * `DELETE /api/organisationen/{id}` (CHANGES-SINCE-PIN §4); the pinned one only classes, with
 * `DELETE /api/organisationen/{id}/klasse`, which the current one no longer has.
 */
export const organisationDelete = new UpstreamFeature("organisation-delete", ["organisation", "klasse"]);

export async function deleteKlasse(request: Request, id: string) {
  const options: CallOptions = {
    method: "DELETE",
    defaultError: "KLASSE_ERROR",
    // The current upstream's general "still has members" becomes the class-specific text the pinned one gave.
    errorCodes: { renamed: { ORGANISATION_HAT_PERSONENKONTEXTE: "ORGANISATION_IST_BEREITS_ZUGEWIESEN_ERROR" } },
  };
  const path = `/api/organisationen/${encodeURIComponent(id)}`;
  const answer = await organisationDelete.exchange((variant) =>
    exchangeWithUpstream(request, variant === "organisation" ? path : `${path}/klasse`, options),
  );
  await acceptUpstreamAnswer(request, answer, options);
}

/**
 * Deleting a school: only the current upstream can (`DELETE /api/organisationen/{id}`); the pinned one has no such
 * route, which is learned once and then hides the delete action (`schuleDeleteOffered`).
 */
export async function deleteSchule(request: Request, id: string) {
  if (organisationDelete.known() === "klasse") throw new UpstreamFailure("SCHULE_LOESCHEN_NICHT_ANGEBOTEN", 400);
  const options: CallOptions = { method: "DELETE", defaultError: "ENTITY_COULD_NOT_BE_DELETED" };
  const answer = await exchangeWithUpstream(request, `/api/organisationen/${encodeURIComponent(id)}`, options);
  if (isRouteMiss(answer)) {
    organisationDelete.learn("klasse");
    throw new UpstreamFailure("SCHULE_LOESCHEN_NICHT_ANGEBOTEN", 400);
  }
  organisationDelete.learn("organisation");
  await acceptUpstreamAnswer(request, answer, options);
}

/** Whether this upstream deletes schools, as far as a call has told (an unknown upstream is assumed current). */
export function schuleDeleteOffered(): boolean {
  return organisationDelete.known() !== "klasse";
}

/**
 * The full update of an organisation (ORGANISATIONS_ROLES.md §4.5): every stored field is overwritten from the body,
 * a field left out is cleared, and there is no version. The caller sends the organisation as just read, changed.
 */
export function updateOrganisation(request: Request, id: string, body: UpdateOrganisationBody) {
  return callUpstreamJson(request, `/api/organisationen/${encodeURIComponent(id)}`, OrganisationResponse, {
    method: "PUT",
    body,
    defaultError: "ORGANISATION_SPECIFICATION_ERROR",
  });
}
