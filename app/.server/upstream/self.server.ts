import { z } from "zod";
import { MeldungResponse, PersonInfoResponse, ServiceProviderResponse } from "../../../upstream/contract";
import { callUpstream, callUpstreamJson } from "../upstream.server";

/** Calls about the logged-in user: start page tiles, notice, own person data. */

export function myProviders(request: Request) {
  return callUpstreamJson(request, "/api/provider", z.array(ServiceProviderResponse));
}

/** The published notice, or null: the upstream answers an empty body when there is none. */
export async function currentMeldung(request: Request) {
  const response = await callUpstream(request, "/api/portal/meldung/current");
  const text = await response.text();
  if (!text.trim()) return null;
  const parsed = MeldungResponse.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}

export function myPersonInfo(request: Request) {
  return callUpstreamJson(request, "/api/person-info", PersonInfoResponse);
}
