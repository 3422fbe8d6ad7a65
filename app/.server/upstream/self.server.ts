import { z } from "zod";
import {
  KNOWN_PROVIDER_KATEGORIEN,
  type KnownProviderKategorie,
  MeldungResponse,
  PersonInfoResponse,
  ServiceProviderResponse,
  TokenRequiredResponse,
  TokenStateResponse,
  type TwoFactorPersonQuery,
} from "@contract";
import { callUpstream, callUpstreamJson, callUpstreamText, parseAnswer } from "./client.server";

/** Calls about the logged-in user: start page tiles, notice, own person data. */

export function myProviders(request: Request) {
  return callUpstreamJson(request, "/api/provider", z.array(ServiceProviderResponse));
}

/** The start page's heading for offers of a category this portal does not know yet. */
export const OTHER_KATEGORIE = "SONSTIGE";

/**
 * The start page's sections: known categories in their order (pinned ANGEBOTE and current SCHULISCH
 * both included), then one neutral section for categories a later upstream may add. Empty sections
 * are left out.
 */
export function providersByKategorie<P extends Pick<ServiceProviderResponse, "kategorie">>(providers: P[]) {
  const order: (KnownProviderKategorie | typeof OTHER_KATEGORIE)[] = [...KNOWN_PROVIDER_KATEGORIEN, OTHER_KATEGORIE];
  return order
    .map((kategorie) => ({
      kategorie,
      providers: providers.filter((provider) => (provider.kategorie ?? OTHER_KATEGORIE) === kategorie),
    }))
    .filter((group) => group.providers.length > 0);
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
  const query: TwoFactorPersonQuery = { personId };
  return callUpstreamJson(request, "/api/2fa-token/state", TokenStateResponse, {
    query,
    defaultError: "TOKEN_STATE_ERROR",
  });
}

/** Whether any offering of the person's roles needs a second factor. */
export function twoFactorRequired(request: Request, personId: string) {
  const query: TwoFactorPersonQuery = { personId };
  return callUpstreamJson(request, "/api/2fa-token/required", TokenRequiredResponse, {
    query,
    defaultError: "UNSPECIFIED_ERROR",
  });
}

/** A new device (UEM) password of the logged-in teacher: the text is handed on once and never logged. */
export function setOwnDevicePassword(request: Request) {
  return callUpstreamText(request, "/api/personen/uem-password", {
    method: "PATCH",
    defaultError: "PERSON_UEM_PASSWORD_MODIFICATION_ERROR",
  });
}
