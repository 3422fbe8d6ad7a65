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
export function workflowStep(request: Request, query: PersonenkontextWorkflowStepQuery) {
  return callUpstreamJson(request, "/api/personenkontext-workflow/step", PersonenkontextWorkflowResponse, { query });
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
