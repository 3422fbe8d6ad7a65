import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { ROLLEN_MERKMALE, type RolleWithServiceProvidersResponse, type UpdateRolleBody } from "@contract";
import { textKey } from "~/i18n";
import { nothingChanged } from "~/.server/edit-form.server";
import { REVISION_CONFLICT_CODES } from "~/.server/error-codes.server";
import { readFormData } from "~/.server/form-data.server";
import { invalidForm, redirectWithToast, refusedForm, type FormFailure } from "~/.server/responses.server";
import { angeboteFuerRolle, getSystemrechte } from "~/.server/upstream/rollen.server";
import { loadRolleForAdmin, nachName, systemrechtLabel, RechtLabel } from "./rollen.server";
import { deleteRolleWithOutcome, hasState, ROLLE_FIELDS, updateRolleWithOutcome } from "./rollen-writes.server";
import { EditRolleSchema } from "./rolle-forms";

/**
 * Changing and deleting a role on its page (docs/decisions/023). The upstream's PUT replaces name, merkmale, rights and
 * offers at a version; the form carries the version it was read at, so a save after someone else's is refused as a
 * conflict (NEWER_VERSION_OF_ROLLE_AVAILABLE, or MISMATCHED_REVISION) and the typed input stays.
 */

/** The rights the edit form offers: the upstream's non-technical ones, and any the role holds besides (never lost). */
export function rechteOptionen(
  upstream: Array<{ name: string; isTechnical: boolean }>,
  rolle: RolleWithServiceProvidersResponse,
): RechtLabel[] {
  const names = [
    ...upstream.filter((recht) => !recht.isTechnical).map((recht) => recht.name),
    ...rolle.systemrechte.filter((recht) => !recht.isTechnical).map((recht) => recht.name),
  ];
  return [...new Set(names)].map(systemrechtLabel);
}

/** The offers the edit form offers: those the role's level may give, and the ones the role has (never dropped unseen). */
export async function angebotOptionen(request: Request, rolle: RolleWithServiceProvidersResponse) {
  const erlaubt = rolle.administeredBySchulstrukturknoten ? await angeboteFuerRolle(request, rolle.administeredBySchulstrukturknoten) : [];
  const options = new Map(erlaubt.map((angebot) => [angebot.id, angebot.name]));
  for (const angebot of rolle.serviceProviders) if (!options.has(angebot.id)) options.set(angebot.id, angebot.name);
  return nachName([...options].map(([id, name]) => ({ id, name })));
}

/**
 * The edit form's post. The role is read afresh (its permission checked again); the rights the form does not show
 * (technical ones) go back as they are; unchanged input is "nothing changed" without a write.
 */
export async function answerRolleEdit(request: Request, id: string | undefined, detailsPath: string) {
  const [rolle, upstreamRechte] = await Promise.all([loadRolleForAdmin(request, id), getSystemrechte(request)]);
  const submission = parseWithZod(await readFormData(request), { schema: EditRolleSchema });
  if (submission.status !== "success") return invalidForm(submission);
  const { name, merkmale, angebote, systemrechte, version } = submission.value;

  const offered = new Set(rechteOptionen(upstreamRechte, rolle).map((recht) => recht.name));
  if (systemrechte.some((recht) => !offered.has(recht))) {
    const result = submission.reply({ fieldErrors: { systemrechte: [textKey("rollen:validation.systemrechte.unknown")] } });
    return data<FormFailure>({ result, error: null }, { status: 400 });
  }
  const kept = rolle.systemrechte.map((recht) => recht.name).filter((recht) => !offered.has(recht));
  const wanted: Omit<UpdateRolleBody, "version"> = {
    name,
    merkmale: merkmaleToSave(merkmale, rolle.merkmale),
    serviceProviderIds: angebote,
    systemrechte: [...systemrechte, ...kept] as UpdateRolleBody["systemrechte"],
  };
  if (hasState(rolle, wanted)) return nothingChanged(request, detailsPath);

  const outcome = await updateRolleWithOutcome(request, rolle.id, { ...wanted, version });
  if (outcome.status === "saved") {
    const key = outcome.how === "answered" ? "rollen:edit.saved" : "write.savedAfterDelay";
    return redirectWithToast(request, detailsPath, { key, values: { name: outcome.value.name } });
  }
  // Both versions' names of "someone saved first" are one message here, with the way to the current state.
  if (REVISION_CONFLICT_CODES.has(outcome.failure.code))
    return refusedForm(submission, { code: "NEWER_VERSION_OF_ROLLE_AVAILABLE", status: 409 });
  return refusedForm(submission, outcome.failure, { fields: ROLLE_FIELDS });
}

/**
 * The merkmale a save sends: the form's choice of those it shows, and every merkmal of the role that the portal does
 * not know (a newer upstream's, e.g. MPT_ROLLE), as it was: the form cannot show it, so it must not drop it.
 */
export function merkmaleToSave(chosen: readonly string[], current: readonly string[]): UpdateRolleBody["merkmale"] {
  const unknown = current.filter((merkmal) => !(ROLLEN_MERKMALE as readonly string[]).includes(merkmal));
  return [...chosen, ...unknown] as UpdateRolleBody["merkmale"];
}

/** The delete dialog's confirmation: the role is checked again, deleted, and the user goes `to` the list with a message. */
export async function answerRolleDelete(request: Request, id: string | undefined, to: string) {
  const rolle = await loadRolleForAdmin(request, id);
  const outcome = await deleteRolleWithOutcome(request, rolle.id);
  if (outcome.status !== "saved") {
    const { code, status } = outcome.failure;
    return data({ deleteError: code }, { status: status >= 500 ? status : 400 });
  }
  return redirectWithToast(request, to, { key: "rollen:delete.done", values: { name: rolle.name } });
}
