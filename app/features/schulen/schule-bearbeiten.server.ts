import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { TRAEGERSCHAFTEN, type OrganisationResponse, type UpdateOrganisationBody } from "@contract";
import { organisationLabel } from "~/organisation-label";
import { hasChanges } from "~/form-changes";
import { nothingChanged } from "~/.server/edit-form.server";
import { readFormData } from "~/.server/form-data.server";
import { invalidForm, redirectWithToast, refusedForm, type FieldsByErrorCode } from "~/.server/responses.server";
import { updateOrganisation } from "~/.server/upstream/organisationen.server";
import { writeWithOutcome } from "~/.server/write-outcome.server";
import { loadSchuleForAdmin, SCHULE_FIELDS } from "./schulen.server";
import { EditSchuleSchema } from "./schule-forms";

/**
 * Changing a school's Dienststellennummer and name (docs/decisions/021). The upstream has one write for it, the full
 * update, which overwrites every stored field and carries no version: the school is read right before it, sent back
 * whole with only the two fields changed, and compared with the state the form was read at.
 */

/** What the edit form changes, and the version it was read at. */
export interface SchuleStand {
  kennung: string;
  name: string;
  version: number;
}

export function standOf(schule: OrganisationResponse): SchuleStand {
  return { kennung: schule.kennung ?? "", name: schule.name, version: schule.version ?? 1 };
}

/**
 * The full update's body: the school as read, with the new Dienststellennummer and name. Every other field goes back
 * as it came (the Schulträger assignment, the form, abbreviations); a field without a value is left out, which is
 * how the upstream stores "none".
 */
export function schuleUpdateBody(
  schule: OrganisationResponse,
  { kennung, name }: { kennung: string; name: string },
): UpdateOrganisationBody {
  const traegerschaft = TRAEGERSCHAFTEN.find((value) => value === schule.traegerschaft);
  return {
    administriertVon: schule.administriertVon ?? "",
    zugehoerigZu: schule.zugehoerigZu ?? schule.administriertVon ?? "",
    typ: "SCHULE",
    kennung,
    name,
    ...(schule.namensergaenzung ? { namensergaenzung: schule.namensergaenzung } : {}),
    ...(schule.kuerzel ? { kuerzel: schule.kuerzel } : {}),
    ...(traegerschaft ? { traegerschaft } : {}),
  };
}

/**
 * Whether someone else changed the Dienststellennummer or the name since the form was read. Other changes meanwhile
 * (itslearning, the Schulträger assignment) are no conflict: the update carries the school as it is now.
 */
export function changedMeanwhile(read: SchuleStand, current: SchuleStand): boolean {
  return read.version !== current.version && (read.kennung !== current.kennung || read.name !== current.name);
}

/** The refusals of the edit form on its two fields; the others (a school form, a Träger) are shown above it. */
const EDIT_FIELDS: FieldsByErrorCode = {
  SCHULE_KENNUNG_EINDEUTIG: SCHULE_FIELDS.SCHULE_KENNUNG_EINDEUTIG,
  KENNUNG_REQUIRED_FOR_SCHULE: SCHULE_FIELDS.KENNUNG_REQUIRED_FOR_SCHULE,
  KENNUNG_ENTHAELT_LEERZEICHEN: SCHULE_FIELDS.KENNUNG_ENTHAELT_LEERZEICHEN,
  NAME_REQUIRED_FOR_SCHULE: SCHULE_FIELDS.NAME_REQUIRED_FOR_SCHULE,
  NAME_ENTHAELT_LEERZEICHEN: SCHULE_FIELDS.NAME_ENTHAELT_LEERZEICHEN,
};

/**
 * The upstream counts the school's own Dienststellennummer as taken (its uniqueness check includes the school
 * itself), so a new name with the old number is refused as "number taken". Said where it belongs: at the name.
 */
const NAME_ONLY_FIELDS: FieldsByErrorCode = {
  ...EDIT_FIELDS,
  SCHULE_KENNUNG_EINDEUTIG: { field: "name", message: "schulen:validation.name.onlyWithNewKennung" },
};

/**
 * Saves the school with a new Dienststellennummer and name (ADR 011 §5): after a timeout, or after "number taken"
 * (which the user's own unanswered attempt may have caused), the school is read again: it has the two values → saved.
 */
export function updateSchuleWithOutcome(request: Request, schule: OrganisationResponse, wanted: { kennung: string; name: string }) {
  return writeWithOutcome({
    write: () => updateOrganisation(request, schule.id, schuleUpdateBody(schule, wanted)),
    reread: async () => {
      const current = await loadSchuleForAdmin(request, schule.id);
      return current.kennung === wanted.kennung && current.name === wanted.name ? current : null;
    },
    ownConflicts: ["SCHULE_KENNUNG_EINDEUTIG"],
    earlierAttemptUnanswered: true,
  });
}

/**
 * The edit form's post. The school is read afresh (its permission checked again): unchanged input is "nothing
 * changed", a change by someone else since the form was read is the conflict message with the current values beside
 * the kept input (the form then carries the current state, so saving again applies knowingly), else the update.
 */
export async function answerSchuleEdit(request: Request, id: string | undefined, detailsPath: string) {
  const schule = await loadSchuleForAdmin(request, id);
  const current = standOf(schule);
  const submission = parseWithZod(await readFormData(request), { schema: EditSchuleSchema });
  if (submission.status !== "success") return invalidForm(submission);
  const { kennung, name, gelesenKennung, gelesenName, version } = submission.value;
  if (!hasChanges({ kennung, name }, { kennung: current.kennung, name: current.name })) return nothingChanged(request, detailsPath);
  const conflict = (stored: SchuleStand, zugleich: boolean) => {
    const refused = refusedForm(submission, { code: "NEWER_VERSION_ORGANISATION", status: 409 });
    return data({ ...refused.data, current: stored, zugleich }, refused.init ?? undefined);
  };
  if (changedMeanwhile({ kennung: gelesenKennung, name: gelesenName, version }, current)) return conflict(current, false);

  const outcome = await updateSchuleWithOutcome(request, schule, { kennung, name });
  if (outcome.status === "saved") {
    // Another administrator's full update can land right after ours (the upstream has no version to refuse either):
    // what is stored now decides, not the answer to our write.
    const stored = outcome.how === "answered" ? standOf(await loadSchuleForAdmin(request, schule.id)) : standOf(outcome.value);
    if (stored.kennung !== kennung || stored.name !== name) return conflict(stored, true);
    // A version that jumped by more than our write: someone saved between our read and our write, and ours replaced it.
    const overwrote = outcome.how === "answered" && (outcome.value.version ?? 0) > current.version + 1;
    const key = outcome.how !== "answered" ? "write.savedAfterDelay" : overwrote ? "schulen:edit.savedOverOther" : "schulen:edit.saved";
    return redirectWithToast(request, detailsPath, { key, values: { schule: organisationLabel(outcome.value) } });
  }
  const nameOnly = kennung === current.kennung;
  return refusedForm(submission, outcome.failure, { fields: nameOnly ? NAME_ONLY_FIELDS : EDIT_FIELDS });
}
