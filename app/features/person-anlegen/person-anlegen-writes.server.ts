import { createHash } from "node:crypto";
import {
  type CreatePersonWithPersonenkontexteBody,
  type LandesbediensteterCommitBody,
  type PersonenkontexteUpdateResponse,
  type PersonResponse,
} from "@contract";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { addLandesbediensteter } from "~/.server/upstream/landesbedienstete.server";
import { getPersonenuebersicht } from "~/.server/upstream/person.server";
import { findPersonen } from "~/.server/upstream/personen.server";
import { createPersonWithPersonenkontexte } from "~/.server/upstream/personenkontext-workflow.server";
import { writeWithOutcome, type WriteOutcome } from "~/.server/write-outcome.server";

/**
 * The two writes of issue 9 with a plain answer to "was it saved?" (docs/decisions/011, "Writes that time out").
 *
 * Creating a person is not idempotent: sent twice, it creates two persons (a second username with a number). So a
 * create that went unanswered is looked for before it is sent again: the route remembers the unanswered attempt in
 * the portal cookie (`rememberUnansweredWrite(request, PERSON_CREATE_WRITE, personCreateKey(body))`) and passes
 * `earlierAttemptUnanswered` on the next submit of the same values; a person found then is reported as saved and
 * nothing is sent. A person found after a timeout has no start password (the upstream hands it out only in the
 * create's answer): `startpasswort` is null, and the page tells the administrator to set a new password on the
 * person's page. The look-up uses the person list, so the caller needs PERSONEN_VERWALTEN (every creation screen does).
 */

/** The marker of an unanswered create in the portal cookie. */
export const PERSON_CREATE_WRITE = "person-anlegen";

/**
 * The values that identify one create (the organisation, both names and the KoPers number), as a hash: the portal
 * cookie is signed, not encrypted, and a person's name and number have no business in it.
 */
export function personCreateKey(body: CreatePersonWithPersonenkontexteBody): string {
  const organisationId = body.createPersonenkontexte[0]?.organisationId ?? "";
  const values = [organisationId, body.vorname, body.familienname, body.personalnummer ?? ""].join("\u0000");
  return createHash("sha256").update(values).digest("base64url");
}

/** What the success page needs of a new person; `startpasswort` is null when the person was found after a timeout. */
export interface CreatedPerson {
  id: string;
  username: string | null;
  vorname: string;
  familienname: string;
  personalnummer: string | null;
  startpasswort: string | null;
}

/** Clocks of portal and upstream may differ a little; a found person may be this much older than the attempt. */
const CLOCK_SLACK_MS = 2 * 60_000;
/** How far back an earlier unanswered attempt may lie (the portal cookie keeps its marker 15 minutes). */
const EARLIER_ATTEMPT_MS = 16 * 60_000;

export async function createPersonWithOutcome(
  request: Request,
  body: CreatePersonWithPersonenkontexteBody,
  { earlierAttemptUnanswered }: { earlierAttemptUnanswered: boolean },
): Promise<WriteOutcome<CreatedPerson>> {
  const startedAt = Date.now();
  if (earlierAttemptUnanswered) {
    // The earlier attempt may have created the person after all: then sending again would create a second one.
    // If the look fails, sending again could make a second person: the outcome stays open instead.
    let found: CreatedPerson | null;
    try {
      found = await findCreatedPerson(request, body, startedAt - EARLIER_ATTEMPT_MS);
    } catch (error) {
      if (!(error instanceof UpstreamFailure)) throw error;
      return { status: "unknown", failure: new UpstreamFailure("WRITE_OUTCOME_UNKNOWN", error.status) };
    }
    if (found) return { status: "saved", value: found, how: "found-after-timeout" };
  }
  return writeWithOutcome({
    write: async () => {
      const { person } = await createPersonWithPersonenkontexte(request, body);
      return createdPerson(person, person.startpasswort);
    },
    reread: () =>
      findCreatedPerson(request, body, (earlierAttemptUnanswered ? startedAt - EARLIER_ATTEMPT_MS : startedAt) - CLOCK_SLACK_MS),
    // "KoPers number taken" after one's own lost create with that number: the person is probably there.
    ownConflicts: ["PERSONALNUMMER_NICHT_EINDEUTIG"],
    earlierAttemptUnanswered,
  });
}

/**
 * The person this create made, if it is there: at the first requested organisation, with both names and the KoPers
 * number, changed at `notBefore` or later (a new person's `lastModified` is its creation); the newest if several.
 */
async function findCreatedPerson(
  request: Request,
  body: CreatePersonWithPersonenkontexteBody,
  notBefore: number,
): Promise<CreatedPerson | null> {
  const organisationId = body.createPersonenkontexte[0]?.organisationId;
  if (!organisationId) return null;
  const { items } = await findPersonen(request, {
    organisationIDs: [organisationId],
    vorname: body.vorname,
    familienname: body.familienname,
    limit: 50,
  });
  const candidates = items
    .map(({ person }) => person)
    // the list's name filters may match loosely upstream: the names must be exactly these
    .filter((person) => person.name.vorname === body.vorname && person.name.familienname === body.familienname)
    .filter((person) => (person.personalnummer ?? "") === (body.personalnummer ?? ""))
    .filter((person) => Date.parse(person.lastModified) >= notBefore)
    .sort((a, b) => Date.parse(b.lastModified) - Date.parse(a.lastModified));
  const person = candidates[0];
  return person ? createdPerson(person, null) : null;
}

const createdPerson = (person: PersonResponse, startpasswort: string | null): CreatedPerson => ({
  id: person.id,
  username: person.username ?? null,
  vorname: person.name.vorname,
  familienname: person.name.familienname,
  personalnummer: person.personalnummer ?? null,
  startpasswort,
});

/**
 * Adds the found state employee's new Zuordnungen. After a timeout, or a "changed meanwhile" that one's own lost
 * attempt may have caused, his Personenübersicht tells whether every new Zuordnung is there (whoever added it), so
 * `earlierAttemptUnanswered` is always set, like a rename's.
 */
export function addLandesbediensteterWithOutcome(
  request: Request,
  personId: string,
  body: LandesbediensteterCommitBody,
): Promise<WriteOutcome<PersonenkontexteUpdateResponse>> {
  return writeWithOutcome({
    write: () => addLandesbediensteter(request, personId, body),
    reread: async () => {
      const uebersicht = await getPersonenuebersicht(request, personId);
      const there = body.newPersonenkontexte.every((neu) =>
        uebersicht.zuordnungen.some((z) => z.sskId === neu.organisationId && z.rolleId === neu.rolleId),
      );
      if (!there) return null;
      return {
        dBiamPersonenkontextResponses: uebersicht.zuordnungen.map((z) => ({
          personId,
          organisationId: z.sskId,
          rolleId: z.rolleId,
          befristung: z.befristung,
        })),
      };
    },
    ownConflicts: ["COUNT_MISMATCHING", "NEWER_VERSION_OF_PERSONENKONTEXTE_AVAILABLE"],
    earlierAttemptUnanswered: true,
  });
}
