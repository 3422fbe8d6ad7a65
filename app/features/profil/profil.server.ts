import type { PersonenzuordnungResponse, PersonInfoResponse } from "@contract";
import { befristungFromUpstream, formatGermanDay } from "~/dates";
import { organisationLabel } from "~/organisation-label";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { twoFactorRequired, twoFactorState } from "~/.server/upstream/self.server";
import type { Entry, MyTwoFactor, SchoolAssignment } from "./views";

/** The profile's own data, shaped for its sections from the calls about the logged-in user. */

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
