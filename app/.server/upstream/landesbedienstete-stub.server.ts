// TEMPORARY: stands in for the contract helper's client functions until issue9-upstream is merged.
import { z } from "zod";
import { PersonenkontexteUpdateResponse, PersonenkontextWorkflowResponse, PersonenkontextBody } from "../../../upstream/contract";
import { callUpstreamJson } from "./client.server";

export const LandesbediensteterSearchItem = z.object({
  id: z.string(),
  vorname: z.string(),
  familienname: z.string(),
  username: z.string().nullish(),
  personalnummer: z.string().nullish(),
  primaryEmailAddress: z.string().nullish(),
  personenkontexte: z.array(
    z.object({
      rolleId: z.string(),
      rolleName: z.string(),
      organisationId: z.string(),
      organisationName: z.string(),
      organisationDstNr: z.string().nullish(),
    }),
  ),
});
export type LandesbediensteterSearchItem = z.infer<typeof LandesbediensteterSearchItem>;

export interface LandesbediensteterSearchQuery {
  personalnummer?: string;
  primaryEmailAddress?: string;
  username?: string;
  vorname?: string;
  familienname?: string;
}

export function searchLandesbedienstete(request: Request, query: LandesbediensteterSearchQuery) {
  return callUpstreamJson(request, "/api/personen/landesbediensteter", z.array(LandesbediensteterSearchItem), {
    query: { ...query },
    defaultError: "LANDESBEDIENSTETER_ERROR",
  });
}

export interface LandesbediensteterStepQuery {
  organisationId?: string;
  rollenIds?: string[];
  rolleName?: string;
  organisationName?: string;
  limit?: number;
}

export function landesbediensteterStep(request: Request, query: LandesbediensteterStepQuery) {
  return callUpstreamJson(request, "/api/landesbediensteter/step", PersonenkontextWorkflowResponse, { query: { ...query } });
}

export interface LandesbediensteterCommitBody {
  lastModified?: string;
  count: number;
  personalnummer?: string;
  newPersonenkontexte: PersonenkontextBody[];
}

export function addLandesbediensteter(request: Request, personId: string, body: LandesbediensteterCommitBody) {
  return callUpstreamJson(request, `/api/landesbediensteter/${encodeURIComponent(personId)}`, PersonenkontexteUpdateResponse, {
    method: "PUT",
    body,
    defaultError: "LANDESBEDIENSTETER_ERROR",
  });
}
