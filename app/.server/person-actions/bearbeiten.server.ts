import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { hasChanges } from "~/validation/changes";
import { personBearbeitenSchema } from "~/validation/person-forms";
import { nothingChanged } from "../edit-form.server";
import { readFormData } from "../form-data.server";
import { loadPerson } from "../person-details.server";
import { invalidForm, redirectWithToast, refusedForm } from "../responses.server";
import { UpstreamFailure } from "../upstream/client.server";
import { updatePersonMetadata } from "../upstream/person.server";
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
  try {
    const saved = await updatePersonMetadata(request, person.id, {
      vorname: value.vorname,
      familienname: value.familienname,
      ...(kopersChanged ? { personalnummer: value.personalnummer } : {}),
      revision: value.revision,
      lastModified: value.lastModified,
    });
    const name = `${saved.name.vorname} ${saved.name.familienname}`;
    return redirectWithToast(request, detailsPath, { key: "person:edit.saved", values: { name, username: saved.username ?? "---" } });
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    const refused = refusedForm(submission, error, { fields: FIELDS });
    if (error.code !== "NEWER_VERSION_OF_PERSON_AVAILABLE") return refused;
    // The record read above is the current one: the form keeps the input and shows what changed meanwhile.
    const current = { ...stored, revision: person.revision, lastModified: person.lastModified };
    return data({ ...refused.data, current }, refused.init ?? undefined);
  }
};
