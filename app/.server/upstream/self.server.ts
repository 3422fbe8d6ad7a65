import { z } from "zod";
import {
  MeldungResponse,
  PersonInfoResponse,
  ServiceProviderResponse,
  TokenStateResponse,
} from "../../../upstream/contract";
import { callUpstream, callUpstreamJson, parseAnswer } from "../upstream.server";

/** Calls about the logged-in user: start page tiles, notice, own person data. */

export function myProviders(request: Request) {
  return callUpstreamJson(request, "/api/provider", z.array(ServiceProviderResponse));
}

/** The published notice, or null: the upstream answers an empty body when there is none. */
export async function currentMeldung(request: Request) {
  const answer = await callUpstream(request, "/api/portal/meldung/current");
  return answer.text.trim() ? parseAnswer(answer, MeldungResponse) : null;
}

export function myPersonInfo(request: Request) {
  return callUpstreamJson(request, "/api/person-info", PersonInfoResponse);
}

/** Whether and which second-factor token a person has. */
export function twoFactorState(request: Request, personId: string) {
  return callUpstreamJson(request, "/api/2fa-token/state", TokenStateResponse, {
    query: { personId },
    defaultError: "TOKEN_STATE_ERROR",
  });
}
