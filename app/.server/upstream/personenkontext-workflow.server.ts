import {
  CreatedPersonResponse,
  PersonenkontexteUpdateResponse,
  PersonenkontextWorkflowResponse,
  type CreatePersonWithPersonenkontexteBody,
  type PersonenkontextWorkflowStepQuery,
  type UpdatePersonenkontexteBody,
} from "@contract";
import { callUpstreamJson } from "./client.server";

/** Named calls of the Personenkontext workflow (PERSONS.md §2.4). */

/**
 * The organisations and roles an administrator may offer for a person, and whether the selection can be saved. For
 * a new person `operationContext` is PERSON_ANLEGEN; the restricted creation screen adds
 * `requestedWithSystemrecht: "EINGESCHRAENKT_NEUE_BENUTZER_ERSTELLEN"`, which limits the roles to the allow-list.
 */
export async function workflowStep(request: Request, query: PersonenkontextWorkflowStepQuery) {
  const step = (stepQuery: PersonenkontextWorkflowStepQuery) =>
    callUpstreamJson(request, "/api/personenkontext-workflow/step", PersonenkontextWorkflowResponse, { query: stepQuery });
  if (!query.organisationId || query.limit === undefined) return step(query);
  // The upstream's `limit` cuts both lists (PERSONS §2.4.1, step 6): the organisations must stay few, but every role
  // the user may give at the chosen organisation must be offered. So the roles come from a second call beside it,
  // without a limit, whose organisation search matches nothing (no name or number contains the organisation's own
  // id), so it lists no organisations at all. The same wave.
  const [organisationen, rollen] = await Promise.all([
    step(query),
    step({ ...query, limit: undefined, organisationName: query.organisationId }),
  ]);
  return { ...organisationen, rollen: rollen.rollen, canCommit: rollen.canCommit };
}

/**
 * Creates a person with its first Zuordnungen (201). The answer carries the start password: hand it to the page once,
 * never log it, never put it in a URL or cookie. A create that may have timed out is not simply sent again:
 * `createPersonWithOutcome` (../person-anlegen-writes.server.ts) looks for the person first.
 */
export function createPersonWithPersonenkontexte(request: Request, body: CreatePersonWithPersonenkontexteBody) {
  return callUpstreamJson(request, "/api/personenkontext-workflow", CreatedPersonResponse, {
    method: "POST",
    body,
    defaultError: "ENTITY_COULD_NOT_BE_CREATED",
  });
}

/**
 * Replaces the person's whole set of Zuordnungen; `personalnummer` is stored with it (a role asks for a KoPers
 * number). Both keys of "changed meanwhile" keep their own texts: the count and the time stamp.
 */
export function updatePersonenkontexte(
  request: Request,
  personId: string,
  body: UpdatePersonenkontexteBody,
  personalnummer: string | null,
) {
  return callUpstreamJson(request, `/api/personenkontext-workflow/${encodeURIComponent(personId)}`, PersonenkontexteUpdateResponse, {
    method: "PUT",
    body,
    query: personalnummer ? { personalnummer } : undefined,
    defaultError: "PERSONENKONTEXTE_UPDATE_ERROR",
  });
}
