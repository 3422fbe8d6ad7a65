import { parseWithZod } from "@conform-to/zod";
import { readFormData } from "~/.server/form-data.server";
import { invalidForm, redirectWithToast, refusedForm } from "~/.server/responses.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { lockUser } from "~/.server/upstream/person-lock.server";
import { entsperrenSchema } from "../person-sperre-forms";
import { loadPerson } from "../person-details.server";
import type { PersonActionHandler } from "./types.server";

/**
 * Lift the manual lock after the confirmation that the locking office agreed (inventory §4.8.7). A KoPers lock stays:
 * only a KoPers number lifts it. A lock someone else lifted meanwhile is simply reported as lifted.
 */
export const entsperren: PersonActionHandler = async ({ request, personId, detailsPath }) => {
  const person = await loadPerson(request, personId);
  const name = `${person.name.vorname} ${person.name.familienname}`;
  const manual = person.userLock.find((lock) => lock.lock_occasion === "MANUELL_GESPERRT");
  if (!manual) return redirectWithToast(request, detailsPath, { key: "personAktionen:unlock.notLocked", values: { name }, tone: "info" });
  const submission = parseWithZod(await readFormData(request), { schema: entsperrenSchema });
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await lockUser(request, person.id, { lock: false, locked_by: manual.locked_by ?? "" });
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    return refusedForm(submission, error);
  }
  const kopersBleibt = person.userLock.some((lock) => lock.lock_occasion === "KOPERS_GESPERRT");
  return redirectWithToast(request, detailsPath, {
    key: kopersBleibt ? "personAktionen:unlock.doneKopersStays" : "personAktionen:unlock.done",
    values: { name },
  });
};
