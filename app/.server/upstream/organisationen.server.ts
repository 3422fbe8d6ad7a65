import { z } from "zod";
import { OrganisationResponse, type FindOrganisationQuery } from "../../../upstream/contract";
import { callUpstream, callUpstreamJson, pagingTotal, parseAnswer, type Query } from "../upstream.server";

/** Named calls of the organisation endpoints (ORGANISATIONS_ROLES.md §4). */

const OrganisationList = z.array(OrganisationResponse);

export async function findOrganisationen(request: Request, query: FindOrganisationQuery) {
  const answer = await callUpstream(request, "/api/organisationen", { query: query as Query });
  return { items: parseAnswer(answer, OrganisationList), total: pagingTotal(answer) };
}

export function getOrganisation(request: Request, id: string) {
  return callUpstreamJson(request, `/api/organisationen/${encodeURIComponent(id)}`, OrganisationResponse);
}

/** Every school where the user holds `right` (with inheritance), sorted by name, for filters and forms. */
export async function schulenWithRight(request: Request, right: string) {
  const { items } = await findOrganisationen(request, {
    typ: "SCHULE",
    systemrechte: [right],
    sortField: "name",
    sortOrder: "asc",
  });
  return items;
}

export function createKlasse(request: Request, schuleId: string, name: string) {
  return callUpstreamJson(request, "/api/organisationen", OrganisationResponse, {
    method: "POST",
    body: { administriertVon: schuleId, zugehoerigZu: schuleId, name, typ: "KLASSE" },
    defaultError: "ORGANISATION_SPECIFICATION_ERROR",
  });
}

export function renameOrganisation(request: Request, id: string, name: string, version: number) {
  return callUpstreamJson(request, `/api/organisationen/${encodeURIComponent(id)}/name`, OrganisationResponse, {
    method: "PATCH",
    body: { name, version },
    defaultError: "KLASSE_ERROR",
  });
}

export async function deleteKlasse(request: Request, id: string) {
  await callUpstream(request, `/api/organisationen/${encodeURIComponent(id)}/klasse`, {
    method: "DELETE",
    defaultError: "KLASSE_ERROR",
  });
}
