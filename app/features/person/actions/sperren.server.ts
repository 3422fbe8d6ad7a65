import { parseWithZod } from "@conform-to/zod";
import { befristungToUpstream, formatGermanDay } from "~/dates";
import { readFormData } from "~/.server/form-data.server";
import { invalidForm, redirectWithToast, refusedForm } from "~/.server/responses.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { lockUser } from "~/.server/upstream/person-lock.server";
import { sperrenSchema } from "../person-sperre-forms";
import { loadLockingOffices } from "../person-sperre.server";
import { loadPerson } from "../person-details.server";
import type { PersonActionHandler } from "./types.server";

/**
 * Lock a person, or change its manual lock (inventory §4.8.7). A new lock is set in the name of one of the
 * administrator's offices above the person, read afresh here; a change keeps the lock's office and needs the
 * confirmation that the locking office agreed. "Until D" is sent as the start of the day after D, like a Befristung.
 */
export const sperren: PersonActionHandler = async ({ request, personId, detailsPath, user }) => {
  const person = await loadPerson(request, personId);
  const manual = person.userLock.find((lock) => lock.lock_occasion === "MANUELL_GESPERRT");
  const offices = manual ? [] : await loadLockingOffices(request, user, person.id);
  const schema = sperrenSchema({ aendern: manual !== undefined, organisationen: offices.map((office) => office.id) });
  const submission = parseWithZod(await readFormData(request), { schema });
  if (submission.status !== "success") return invalidForm(submission);
  const { bis } = submission.value;
  const lockedBy = manual ? (manual.locked_by ?? "") : (submission.value.lockedBy ?? "");

  try {
    await lockUser(request, person.id, { lock: true, locked_by: lockedBy, ...(bis ? { locked_until: befristungToUpstream(bis) } : {}) });
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    return refusedForm(submission, error);
  }
  const name = `${person.name.vorname} ${person.name.familienname}`;
  const key = manual
    ? bis
      ? "personAktionen:lock.changedUntil"
      : "personAktionen:lock.changed"
    : bis
      ? "personAktionen:lock.doneUntil"
      : "personAktionen:lock.done";
  return redirectWithToast(request, detailsPath, { key, values: { name, ...(bis ? { date: formatGermanDay(bis) } : {}) } });
};
