import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { hasChanges } from "~/form-changes";
import { nothingChanged } from "~/.server/edit-form.server";
import { REVISION_CONFLICT_CODES } from "~/.server/error-codes.server";
import { readFormData } from "~/.server/form-data.server";
import { invalidForm, redirectWithToast, refusedForm } from "~/.server/responses.server";
import { updatePersonMetadata } from "~/.server/upstream/person.server";
import { writeWithOutcome } from "~/.server/write-outcome.server";
import { personBearbeitenSchema } from "../person-forms";
import { loadPerson } from "../person-details.server";
import type { PersonActionHandler } from "./types.server";

/** The refusals that belong to one field, where they are read and corrected. */
const FIELDS = {
  PERSONALNUMMER_NICHT_EINDEUTIG: "personalnummer",
  VORNAME_ENTHAELT_LEERZEICHEN: "vorname",
  FAMILIENNAME_ENTHAELT_LEERZEICHEN: "familienname",
} as const;

/**
 * The edit form's post (inventory §4.8.2): names and KoPers number. The person is read afresh first – for the
 * form's rules (a KoPers number can be changed, not removed), for "nothing changed", and, after a conflict, as the
 * current state the form shows beside the user's kept input. The KoPers number is sent only when it changed.
 */
export const bearbeiten: PersonActionHandler = async ({ request, personId, detailsPath }) => {
  const person = await loadPerson(request, personId);
  const stored = {
    vorname: person.name.vorname,
    familienname: person.name.familienname,
    personalnummer: person.personalnummer ?? "",
  };
  const schema = personBearbeitenSchema({ kopersVorhanden: stored.personalnummer !== "" });
  const submission = parseWithZod(await readFormData(request), { schema });
  if (submission.status !== "success") return invalidForm(submission);
  const value = submission.value;
  if (!hasChanges(value, stored)) return nothingChanged(request, detailsPath);

  const kopersChanged = value.personalnummer !== "" && value.personalnummer !== stored.personalnummer;
  const wanted = {
    vorname: value.vorname,
    familienname: value.familienname,
    personalnummer: value.personalnummer || stored.personalnummer,
  };
  const outcome = await writeWithOutcome({
    write: () =>
      updatePersonMetadata(request, person.id, {
        vorname: value.vorname,
        familienname: value.familienname,
        ...(kopersChanged ? { personalnummer: value.personalnummer } : {}),
        revision: value.revision,
        lastModified: value.lastModified,
      }),
    // A save that timed out may still have been applied; whoever saved them, the person now has the wanted data.
    reread: async () => {
      const current = await loadPerson(request, personId);
      const now = { vorname: current.name.vorname, familienname: current.name.familienname, personalnummer: current.personalnummer ?? "" };
      return hasChanges(wanted, now) ? null : current;
    },
    ownConflicts: [...REVISION_CONFLICT_CODES],
    earlierAttemptUnanswered: true,
  });
  if (outcome.status === "saved") {
    const saved = outcome.value;
    const values = { name: `${saved.name.vorname} ${saved.name.familienname}`, username: saved.username ?? "---" };
    const key = outcome.how === "answered" ? "personAktionen:edit.saved" : "write.savedAfterDelay";
    return redirectWithToast(request, detailsPath, { key, values });
  }
  const refused = refusedForm(submission, outcome.failure, { fields: FIELDS });
  if (outcome.status !== "not-saved" || !REVISION_CONFLICT_CODES.has(outcome.failure.code)) return refused;
  // The record read above is the current one: the form keeps the input and shows what changed meanwhile.
  const current = { ...stored, revision: person.revision, lastModified: person.lastModified };
  return data({ ...refused.data, current }, refused.init ?? undefined);
};
