import {
  FindRollenResponse,
  PersonenFrontendResponse,
  PersonenuebersichtListResponse,
  type PersonAdministrationRollenQuery,
  type PersonenFrontendQuery,
  type PersonenuebersichtResponse,
} from "@contract";
import { callUpstreamJson } from "./client.server";

/** Named calls of the person list and its filters (PERSONS §2.2.1, §2.3.1, §2.5). */

/** GET /api/personen-frontend: one page of the persons the user administers. */
export function findPersonen(request: Request, query: PersonenFrontendQuery) {
  return callUpstreamJson(request, "/api/personen-frontend", PersonenFrontendResponse, { query, defaultError: "PERSON_ERROR" });
}

/** POST /api/dbiam/personenuebersicht for these persons (201 `{items}`); none asked, none fetched. */
export async function findPersonenuebersichten(request: Request, personIds: string[]): Promise<PersonenuebersichtResponse[]> {
  if (personIds.length === 0) return [];
  const { items } = await callUpstreamJson(request, "/api/dbiam/personenuebersicht", PersonenuebersichtListResponse, {
    method: "POST",
    body: { personIds },
    defaultError: "PERSON_ERROR",
  });
  return items;
}

/** GET /api/person-administration/rollen: the roles the user may give, narrowed by name when asked. */
export async function findMoeglicheRollen(request: Request, query?: PersonAdministrationRollenQuery) {
  const { moeglicheRollen } = await callUpstreamJson(request, "/api/person-administration/rollen", FindRollenResponse, {
    query,
    defaultError: "PERSON_ERROR",
  });
  return moeglicheRollen;
}
