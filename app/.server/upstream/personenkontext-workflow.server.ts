import { z } from "zod";
import {
  CreatedPersonResponse,
  lenientArray,
  PersonenkontexteUpdateResponse,
  PersonenkontextWorkflowResponse,
  RolleResponse,
  type CreatePersonWithPersonenkontexteBody,
  type PersonenkontextWorkflowStepQuery,
  type UpdatePersonenkontexteBody,
} from "@contract";
import { isRouteMiss } from "./capabilities.server";
import { acceptUpstreamAnswer, callUpstream, callUpstreamJson, exchangeWithUpstream, parseAnswer, UpstreamFailure } from "./client.server";

/** Named calls of the Personenkontext workflow (PERSONS.md §2.4). */

/**
 * The organisations and roles an administrator may offer for a person, and whether the selection can be saved. For
 * a new person `operationContext` is PERSON_ANLEGEN; the restricted creation screen adds
 * `requestedWithSystemrecht: "EINGESCHRAENKT_NEUE_BENUTZER_ERSTELLEN"`, which limits the roles to the allow-list.
 */
export async function workflowStep(request: Request, query: PersonenkontextWorkflowStepQuery) {
  const step = (stepQuery: PersonenkontextWorkflowStepQuery) => stepWithRollen(request, stepQuery);
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

/** The step's answer, telling a missing `rollen` (a server that no longer sends them) from an empty list. */
const StepAnswer = PersonenkontextWorkflowResponse.extend({
  rollen: z.union([z.undefined().transform(() => null), lenientArray(RolleResponse)]),
});

/**
 * One step with the roles it offers. An open server change (CHANGES-AFTER-E638684 §3.1) drops `rollen` from the step
 * and lists them at `GET /api/rolle/for-personenkontext-creation`: a step without them asks there, and where that does
 * not exist either the user gets a German error, never an empty role picker that looks like "no roles" (issue 34 §9).
 */
async function stepWithRollen(request: Request, query: PersonenkontextWorkflowStepQuery) {
  const answer = await callUpstream(request, "/api/personenkontext-workflow/step", { query });
  const step = parseAnswer(answer, StepAnswer);
  if (step.rollen !== null) return { ...step, rollen: step.rollen };
  if (!query.organisationId) return { ...step, rollen: [] };
  return { ...step, rollen: await rollenForCreation(request, { ...query, organisationId: query.organisationId }) };
}

async function rollenForCreation(request: Request, query: PersonenkontextWorkflowStepQuery & { organisationId: string }) {
  const path = "/api/rolle/for-personenkontext-creation";
  const options = {
    query: {
      organisationId: query.organisationId,
      rolleName: query.rolleName,
      rollenIds: query.rollenIds,
      systemrecht: query.requestedWithSystemrecht,
      limit: query.limit,
    },
  };
  const answer = await exchangeWithUpstream(request, path, options);
  if (isRouteMiss(answer)) throw new UpstreamFailure("WORKFLOW_OHNE_ROLLEN", 502);
  return parseAnswer(await acceptUpstreamAnswer(request, answer, {}), z.array(RolleResponse));
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
