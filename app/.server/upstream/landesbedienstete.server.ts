import {
  LandesbediensteterSearchResponse,
  LandesbediensteterWorkflowStepResponse,
  PersonenkontexteUpdateResponse,
  type LandesbediensteterCommitBody,
  type LandesbediensteterResponse,
  type LandesbediensteterSearchQuery,
  type LandesbediensteterStepQuery,
} from "@contract";
import { callUpstreamJson, UpstreamFailure } from "./client.server";

/** Named calls for finding a state employee and adding him to one's own school (PERSONS.md §2.2.13, §2.6). */

/**
 * What a search came to. "none" and "several" are answers for the screen, not failures: the upstream says them as
 * an empty list or with its two LANDESBEDIENSTETER_SEARCH_* keys (400). A person without KoPers number or locked by
 * an administrator is "none" as well; the upstream does not say which.
 */
export type LandesbediensteterSearchResult =
  { status: "one"; person: LandesbediensteterResponse } | { status: "none" } | { status: "several" };

/**
 * One search with exactly one criterion: `personalnummer`, `primaryEmailAddress`, `username`, or `vorname` together
 * with `familienname`. Empty criteria are left out of the query. The caller needs LANDESBEDIENSTETE_SUCHEN_UND_HINZUFUEGEN
 * (without it the upstream answers 401, which ends the portal session: check the right first).
 */
export async function searchLandesbediensteter(
  request: Request,
  query: LandesbediensteterSearchQuery,
): Promise<LandesbediensteterSearchResult> {
  let found: LandesbediensteterResponse[];
  try {
    found = await callUpstreamJson(request, "/api/personen/landesbediensteter", LandesbediensteterSearchResponse, {
      query,
      defaultError: "LANDESBEDIENSTETER_ERROR",
    });
  } catch (error) {
    if (error instanceof UpstreamFailure && error.code === "LANDESBEDIENSTETER_SEARCH_NO_PERSON_FOUND") return { status: "none" };
    if (error instanceof UpstreamFailure && error.code === "LANDESBEDIENSTETER_SEARCH_MULTIPLE_PERSONS_FOUND") return { status: "several" };
    throw error;
  }
  if (found.length === 0) return { status: "none" };
  if (found.length > 1) return { status: "several" };
  return { status: "one", person: found[0] };
}

/** The organisations where the caller may add state employees, their roles, and whether the selection can be saved. */
export function landesbediensteterStep(request: Request, query: LandesbediensteterStepQuery) {
  return callUpstreamJson(request, "/api/landesbediensteter/step", LandesbediensteterWorkflowStepResponse, { query });
}

/**
 * Adds Zuordnungen to a found state employee (only the new ones; `count` and `lastModified` from his
 * Personenübersicht, `personalnummer` his KoPers number). A person who is no longer searchable (deleted, locked, KoPers
 * number gone: the upstream's NOT_FOUND) gets a text of its own. Answers all Zuordnungen afterwards.
 */
export function addLandesbediensteter(request: Request, personId: string, body: LandesbediensteterCommitBody) {
  return callUpstreamJson(request, `/api/landesbediensteter/${encodeURIComponent(personId)}`, PersonenkontexteUpdateResponse, {
    method: "PUT",
    body,
    defaultError: "LANDESBEDIENSTETER_ERROR",
    errorCodes: { renamed: { NOT_FOUND: "LANDESBEDIENSTETER_NICHT_HINZUFUEGBAR" } },
  });
}
