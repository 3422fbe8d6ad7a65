import type { ErrorCode } from "~/errors";
import { UpstreamFailure } from "~/.server/upstream/client.server";

/**
 * What became of a write, said plainly (docs/decisions/011, "Writes that time out"). A write the portal gave up on
 * after its timeout may still be applied by the upstream, which keeps working on it. So after a timeout, and after
 * a conflict that the user's own earlier, unanswered attempt could have caused ("name already taken" after a
 * create, "changed by someone else" after a rename, "not found" after a delete), the portal reads the upstream
 * again and reports whether the intended state is there.
 *
 * - `saved`: the change is in place; `how` tells whether the write answered, or a re-read found it.
 * - `not-saved`: the change is not in place; `failure` is what to show, and trying again is safe. After a write
 *   that went unanswered it is `WRITE_NOT_SAVED` ("not saved so far, send it again"), not the timeout's "maybe".
 * - `unknown`: the re-read failed as well; `WRITE_OUTCOME_UNKNOWN` says that it could not be determined and asks
 *   the user to check before trying again (never "not saved", which would invite a duplicate).
 */
export type WriteOutcome<T> =
  | { status: "saved"; value: T; how: "answered" | "found-after-timeout" | "found-after-conflict" }
  | { status: "not-saved"; failure: UpstreamFailure; unanswered: boolean }
  | { status: "unknown"; failure: UpstreamFailure };

export interface WriteAttempt<T> {
  write: () => Promise<T>;
  /**
   * Reads the upstream afresh and returns the resource if the intended change is in place, else null: the class
   * with this name at this school, the class under its new name, or (for a delete) a marker when it is gone.
   */
  reread?: () => Promise<T | null>;
  /** Refusals that the user's own earlier attempt could have caused; checked by a re-read when the next field is true. */
  ownConflicts?: readonly ErrorCode[];
  /**
   * An earlier attempt of the same change ended without an answer (the route remembers it in the portal cookie).
   * A rename or a delete may set it always: whether the class has the new name, or is gone, is the truth whoever
   * made the change. A create only after its own unanswered attempt: a class of that name may be someone else's.
   */
  earlierAttemptUnanswered?: boolean;
}

/** The portal gave up, or the upstream failed itself: the write may or may not have been applied. */
export function isUnanswered(failure: UpstreamFailure): boolean {
  return failure.code === "UPSTREAM_TIMEOUT" || failure.code === "UPSTREAM_UNAVAILABLE" || failure.status >= 500;
}

export async function writeWithOutcome<T>(attempt: WriteAttempt<T>): Promise<WriteOutcome<T>> {
  let failure: UpstreamFailure;
  try {
    return { status: "saved", value: await attempt.write(), how: "answered" };
  } catch (error) {
    // Login redirects and programming errors are not outcomes of the write.
    if (!(error instanceof UpstreamFailure)) throw error;
    failure = error;
  }

  const unanswered = isUnanswered(failure);
  const ownConflict = Boolean(attempt.earlierAttemptUnanswered) && (attempt.ownConflicts ?? []).includes(failure.code);
  // Without a way to look, a write that went unanswered keeps the upstream's own "maybe" message.
  if ((!unanswered && !ownConflict) || !attempt.reread) return { status: "not-saved", failure, unanswered };

  let found: T | null;
  try {
    found = await attempt.reread();
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    return { status: "unknown", failure: new UpstreamFailure("WRITE_OUTCOME_UNKNOWN", failure.status) };
  }
  if (found !== null) return { status: "saved", value: found, how: unanswered ? "found-after-timeout" : "found-after-conflict" };
  if (!unanswered) return { status: "not-saved", failure, unanswered };
  return { status: "not-saved", failure: new UpstreamFailure("WRITE_NOT_SAVED", failure.status), unanswered };
}
