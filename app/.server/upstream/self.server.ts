import { z } from "zod";
import {
  KNOWN_PROVIDER_KATEGORIEN,
  type KnownProviderKategorie,
  MeldungResponse,
  PersonInfoResponse,
  ServiceProviderResponse,
  TokenRequiredResponse,
  TokenStateResponse,
  type PersonenzuordnungResponse,
  type TwoFactorPersonQuery,
} from "../../../upstream/contract";
import { befristungFromUpstream, formatGermanDay } from "~/dates";
import type { ErrorCode } from "~/errors";
import { organisationLabel } from "~/organisation-label";
import { callUpstream, callUpstreamJson, callUpstreamText, parseAnswer, UpstreamFailure } from "./client.server";

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
  /** the last day of the Befristung as DD.MM.YYYY, when there is one */
  befristung: string | null;
}

export interface SchoolAssignment {
  id: string;
  /** "Dienststellennummer (Name)" of the school (or the name of another organisation) */
  label: string;
  rollen: Entry[];
  klassen: Entry[];
  /** names of the school's administrators (persons with a LEIT role there): whom to ask */
  admins: string[];
}

/**
 * The own Zuordnungen of the Personenübersicht grouped by school, classes under the school that administers them
 * (inventory §4.6). Each role and class carries its own Befristung; the school's administrators are those the
 * upstream names on the Zuordnungen at the school itself (`admins`, absent on a LEIT role's own Zuordnung).
 */
export function assignmentsBySchool(zuordnungen: PersonenzuordnungResponse[]): SchoolAssignment[] {
  const groups = new Map<string, SchoolAssignment>();
  const groupOf = (zuordnung: Pick<PersonenzuordnungResponse, "sskId" | "sskName" | "sskDstNr">) => {
    let group = groups.get(zuordnung.sskId);
    if (!group) {
      const label = organisationLabel({ name: zuordnung.sskName, kennung: zuordnung.sskDstNr });
      group = { id: zuordnung.sskId, label, rollen: [], klassen: [], admins: [] };
      groups.set(zuordnung.sskId, group);
    }
    return group;
  };
  // Schools first, so that a class met before its school still finds the school's name and number.
  const schools = new Map(zuordnungen.filter((zuordnung) => zuordnung.typ !== "KLASSE").map((zuordnung) => [zuordnung.sskId, zuordnung]));

  for (const zuordnung of zuordnungen) {
    const day = zuordnung.befristung ? befristungFromUpstream(zuordnung.befristung) : null;
    const befristung = day ? formatGermanDay(day) : null;
    const school = zuordnung.typ === "KLASSE" && zuordnung.administriertVon ? schools.get(zuordnung.administriertVon) : undefined;
    // A class whose school the user is not assigned to (the upstream does not allow that) stays a group of its own.
    if (school) {
      const group = groupOf(school);
      addEntry(group.klassen, { name: zuordnung.sskName, befristung });
      if (zuordnung.rolle) addEntry(group.rollen, { name: zuordnung.rolle, befristung: null });
    } else {
      const group = groupOf(zuordnung);
      if (zuordnung.rolle) addEntry(group.rollen, { name: zuordnung.rolle, befristung });
      for (const admin of zuordnung.admins) if (!group.admins.includes(admin)) group.admins.push(admin);
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

/** Only teachers have a device password (PERSONS.md §2.2.10; inventory §4.6: a Zuordnung with rollenArt LEHR). */
export const hasLehrKontext = (info: PersonInfoResponse) => info.personenkontexte.some((kontext) => kontext.rollenart === "LEHR");

/** A new device (UEM) password of the logged-in teacher: the text is handed on once and never logged. */
export function setOwnDevicePassword(request: Request) {
  return callUpstreamText(request, "/api/personen/uem-password", {
    method: "PATCH",
    defaultError: "PERSON_UEM_PASSWORD_MODIFICATION_ERROR",
  });
}
