import { parseWithZod } from "@conform-to/zod";
import { readFormData } from "~/.server/form-data.server";
import { invalidForm, redirectWithToast, refusedForm } from "~/.server/responses.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { updatePersonMetadata } from "~/.server/upstream/person.server";
import { kopersSchema } from "../person-sperre-forms";
import { loadPerson } from "../person-details.server";
import type { PersonActionHandler } from "./types.server";

/**
 * Lift a KoPers lock by entering the KoPers number (spec: the only way): the person's metadata call with the number
 * and the names as they are. The record is read here, so the names, revision and time stamp are the current ones and
 * nothing else changes.
 */
export const kopers: PersonActionHandler = async ({ request, personId, detailsPath }) => {
  const person = await loadPerson(request, personId);
  const submission = parseWithZod(await readFormData(request), { schema: kopersSchema });
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await updatePersonMetadata(request, person.id, {
      vorname: person.name.vorname,
      familienname: person.name.familienname,
      personalnummer: submission.value.personalnummer,
      revision: person.revision,
      lastModified: person.lastModified,
    });
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    return refusedForm(submission, error, { fields: { PERSONALNUMMER_NICHT_EINDEUTIG: "personalnummer" } });
  }
  const name = `${person.name.vorname} ${person.name.familienname}`;
  return redirectWithToast(request, detailsPath, { key: "personAktionen:kopers.done", values: { name } });
};
