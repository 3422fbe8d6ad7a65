import {
  PersonenkontexteUpdateResponse,
  PersonenkontextWorkflowResponse,
  type PersonenkontextWorkflowStepQuery,
  type UpdatePersonenkontexteBody,
} from "../../../upstream/contract";
import { callUpstreamJson } from "./client.server";

/** Named calls of the Personenkontext workflow (PERSONS.md §2.4). */

/** The organisations and roles an administrator may offer for a person, and whether the selection can be saved. */
export function workflowStep(request: Request, query: PersonenkontextWorkflowStepQuery) {
  return callUpstreamJson(request, "/api/personenkontext-workflow/step", PersonenkontextWorkflowResponse, { query });
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
