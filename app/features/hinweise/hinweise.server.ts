import type { MeldungResponse } from "@contract";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { listMeldungen, putMeldung } from "~/.server/upstream/meldungen.server";
import { writeWithOutcome, type WriteOutcome } from "~/.server/write-outcome.server";
import type { HinweisIntent } from "./hinweis-forms";

/** The notice the editor edits: the first of the upstream's list, as in the old client (inventory §4.17). */
export interface Hinweis {
  /** null while no notice was ever saved */
  id: string | null;
  inhalt: string;
  veroeffentlicht: boolean;
  /** 0 while there is none (the old client sent 0 to create) */
  revision: number;
}

const NO_HINWEIS: Hinweis = { id: null, inhalt: "", veroeffentlicht: false, revision: 0 };

const hinweisOf = (meldung: MeldungResponse): Hinweis => ({
  id: meldung.id,
  inhalt: meldung.inhalt,
  veroeffentlicht: meldung.status === "VEROEFFENTLICHT",
  revision: meldung.revision,
});

export async function loadHinweis(request: Request): Promise<Hinweis> {
  const [first] = await listMeldungen(request);
  return first ? hinweisOf(first) : NO_HINWEIS;
}

/** The publication state a button asks for: "Speichern" keeps the stored one (the old client had no such button). */
export function wantedPublication(intent: HinweisIntent, current: Hinweis): boolean {
  if (intent === "veroeffentlichen") return true;
  if (intent === "beenden") return false;
  return current.veroeffentlicht;
}

/** The conflict the editor shows: someone saved the notice since the form was read. */
export const hinweisConflict = () => new UpstreamFailure("MISMATCHED_REVISION", 409);

/**
 * Saves the text and publication state over `current` (the notice at the revision the form was read at). A stale
 * revision is a 409 `MISMATCHED_REVISION` at the current upstream, but a generic 500 at the pinned one
 * (ORGANISATIONS_ROLES §7.3, quirk), indistinguishable from an outage by its answer: after a 500 (as after a timeout)
 * the notice is read again, and a revision other than the one sent means someone else saved: the conflict
 * (docs/decisions/022). If the re-read finds the intended text and state, the write went through after all.
 */
export async function saveHinweisWithOutcome(
  request: Request,
  current: Hinweis,
  wanted: { inhalt: string; veroeffentlicht: boolean },
): Promise<WriteOutcome<Hinweis>> {
  let seen: Hinweis | null = null;
  const outcome = await writeWithOutcome({
    write: async () =>
      hinweisOf(
        await putMeldung(request, {
          ...(current.id === null ? {} : { id: current.id }),
          inhalt: wanted.inhalt,
          status: wanted.veroeffentlicht ? "VEROEFFENTLICHT" : "NICHT_VEROEFFENTLICHT",
          revision: current.revision,
        }),
      ),
    reread: async () => {
      seen = await loadHinweis(request);
      const applied = seen.revision > current.revision && seen.inhalt === wanted.inhalt && seen.veroeffentlicht === wanted.veroeffentlicht;
      return applied ? seen : null;
    },
    ownConflicts: ["MISMATCHED_REVISION"],
    earlierAttemptUnanswered: true,
  });
  const reread = seen as Hinweis | null;
  if (outcome.status === "not-saved" && reread !== null && reread.revision !== current.revision) {
    return { status: "not-saved", failure: hinweisConflict(), unanswered: false };
  }
  return outcome;
}
