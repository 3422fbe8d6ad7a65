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
  type UserinfoResponse,
} from "../../../upstream/contract";
import type { ErrorCode } from "~/errors";
import { organisationLabel } from "~/organisation-label";
import { callUpstream, callUpstreamJson, parseAnswer, UpstreamFailure } from "./client.server";

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

export type MyTwoFactor = { state: TokenStateResponse; error: null } | { state: null; error: ErrorCode };

/**
 * The profile's two-factor card: null when no offering of the person needs a second factor, so pupils
 * are not told that one is missing. Both reads run at once; a failed state read is shown on the card
 * instead of replacing the whole profile with an error page.
 */
export async function myTwoFactor(request: Request, personId: string): Promise<MyTwoFactor | null> {
  const [{ required }, token] = await Promise.all([
    twoFactorRequired(request, personId),
    twoFactorState(request, personId).then(
      (state): MyTwoFactor => ({ state, error: null }),
      (error: unknown): MyTwoFactor => {
        if (error instanceof UpstreamFailure) return { state: null, error: error.code };
        throw error;
      },
    ),
  ]);
  return required ? token : null;
}

interface Entry {
  name: string;
  /** ISO date of the Befristung, when the upstream reports one */
  befristung: string | null;
}

export interface SchoolAssignment {
  id: string;
  /** "Dienststellennummer (Name)" of the school (or the name of another organisation) */
  label: string;
  rollen: Entry[];
  klassen: Entry[];
}

/**
 * The own Personenkontexte grouped by school, classes under the school that administers them. Person info
 * names the roles but not a class's school; the login info the guard has already read carries each
 * organisation with `administriertVon`, so no further call is needed. A Befristung reaches its owner only
 * through the login info's time limits, i.e. from eight weeks before it ends (the full date would cost
 * a call of the Personenübersicht).
 */
export function assignmentsBySchool(
  kontexte: PersonInfoResponse["personenkontexte"],
  login: Pick<UserinfoResponse, "personenkontexte" | "timeLimits">,
): SchoolAssignment[] {
  const organisations = new Map<string, { name?: string | null; kennung?: string | null; administriertVon?: string | null }>();
  for (const kontext of kontexte) organisations.set(kontext.organisation.id, kontext.organisation);
  for (const kontext of login.personenkontexte) organisations.set(kontext.organisation.id, kontext.organisation);
  const expiries = login.timeLimits.filter((limit) => limit.occasion === "PERSONENKONTEXT_EXPIRES");

  const groups = new Map<string, SchoolAssignment>();
  const groupOf = (id: string) => {
    let group = groups.get(id);
    if (!group) {
      const organisation = organisations.get(id);
      group = { id, label: organisationLabel({ name: organisation?.name ?? "", kennung: organisation?.kennung }), rollen: [], klassen: [] };
      groups.set(id, group);
    }
    return group;
  };

  for (const kontext of kontexte) {
    const name = kontext.organisation.name ?? "";
    const rolle = kontext.rollenname ?? "";
    // Both answers list the kontexte in storage order; taking each time limit once keeps two classes of the same name apart.
    const expiry = expiries.findIndex((limit) => limit.school === name && limit.rolle === rolle);
    const befristung = expiry >= 0 ? expiries.splice(expiry, 1)[0].deadline : null;
    const schoolId = kontext.organisation.typ === "KLASSE" ? organisations.get(kontext.organisation.id)?.administriertVon : null;
    // A class whose school the user is not assigned to (the upstream does not allow that) stays a group of its own.
    if (schoolId && organisations.has(schoolId)) {
      const group = groupOf(schoolId);
      addEntry(group.klassen, { name, befristung });
      if (rolle) addEntry(group.rollen, { name: rolle, befristung: null });
    } else {
      const group = groupOf(kontext.organisation.id);
      if (rolle) addEntry(group.rollen, { name: rolle, befristung });
    }
  }
  return [...groups.values()];
}

/** One line per name; a Befristung found later still reaches the line. */
function addEntry(entries: Entry[], entry: Entry) {
  const existing = entries.find((candidate) => candidate.name === entry.name);
  if (!existing) entries.push(entry);
  else if (!existing.befristung) existing.befristung = entry.befristung;
}
