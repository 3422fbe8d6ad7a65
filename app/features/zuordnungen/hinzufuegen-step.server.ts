import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { PersonenkontextWorkflowResponse, RolleResponse } from "@contract";
import { befristungToUpstream } from "~/dates";
import { organisationLabel } from "~/organisation-label";
import { asUuid, fieldText } from "~/.server/form-data.server";
import { workflowStep } from "~/.server/upstream/personenkontext-workflow.server";
import { PFLICHT_BISHER_FIELD, startsFromDefaultBefristung } from "./befristung-wahl";
import { applyAenderungen, type Aenderung, type Kontext } from "./aenderungen";
import { hinzufuegenSchema, type HinzufuegenRegeln } from "./zuordnung-forms";
import { klassenOf, ORGANISATIONEN_LIMIT, type LoadedZuordnungen } from "./zuordnungen.server";
import type { HinzufuegenAnsicht, ZuordnungenAntwort } from "./views";

/** The add form: choices narrowed by the workflow step; a staged addition when the step says it can be saved. */
export async function hinzufuegenStep({
  request,
  formData,
  loaded,
  base,
  intent,
}: {
  request: Request;
  formData: FormData;
  loaded: LoadedZuordnungen;
  base: ZuordnungenAntwort;
  intent: "hinzufuegen" | "aktualisieren" | "hinzufuegen-vormerken";
}) {
  const fresh = intent === "hinzufuegen";
  const schulsuche = fresh ? "" : (fieldText(formData, "schulsuche") ?? "").trim().slice(0, 100);
  let schuleId = fresh ? undefined : asUuid(formData.get("schule"));
  let rolleId = fresh ? undefined : asUuid(formData.get("rolle"));
  const stepFor = (organisationId?: string, rollenIds?: string[]) =>
    workflowStep(request, {
      operationContext: "PERSON_BEARBEITEN",
      personId: loaded.person.id,
      organisationId,
      rollenIds,
      organisationName: schulsuche || undefined,
      limit: ORGANISATIONEN_LIMIT,
    });
  let [step, klassen] = await Promise.all([
    stepFor(schuleId, rolleId ? [rolleId] : undefined),
    schuleId ? klassenOf(request, schuleId) : [],
  ]);
  // Exactly one organisation to choose from: it is chosen (as in the original).
  if (!schuleId && step.organisations.length === 1 && !schulsuche) {
    schuleId = step.organisations[0].id;
    [step, klassen] = await Promise.all([stepFor(schuleId), klassenOf(request, schuleId)]);
  }
  const schulen = step.organisations.map((organisation) => ({ id: organisation.id, label: organisationLabel(organisation) }));
  // What the person will have with the changes staged so far: no role twice, a moved pupil's new class preselected.
  const kuenftig = applyAenderungen(loaded.zuordnungen, base.aenderungen);
  const rollen = assignableRollen(step, kuenftig, schuleId);
  if (rolleId && !rollen.some((rolle) => rolle.id === rolleId)) rolleId = undefined;
  const rolle = step.rollen.find((candidate) => candidate.id === rolleId);
  const regeln: HinzufuegenRegeln = {
    klassePflicht: rolle?.rollenart === "LERN",
    befristungPflicht: rolle?.merkmale.includes("BEFRISTUNG_PFLICHT") ?? false,
    kopersNoetig: (rolle?.merkmale.includes("KOPERS_PFLICHT") ?? false) && !loaded.person.personalnummer,
  };
  const ownKlassen = kuenftig.filter((kontext) => kontext.klasseVon === schuleId && schuleId !== undefined);
  const ansicht: HinzufuegenAnsicht = {
    schulen,
    rollen: rollen.map((candidate) => ({ id: candidate.id, label: candidate.name })),
    klassen,
    regeln,
    canCommit: Boolean(rolle) && step.canCommit,
    schulsuche,
    befristungDefault: regeln.befristungPflicht ? "schuljahresende" : "unbefristet",
  };
  const answer = { ...base, schritt: "hinzufuegen" as const, hinzufuegen: ansicht, fokus: fresh ? ("teilformular" as const) : null };
  const submission = parseWithZod(formData, { schema: hinzufuegenSchema(regeln) });

  if (intent !== "hinzufuegen-vormerken") {
    // Values as chosen, with what no longer fits dropped and a pupil's only class at that school preselected.
    const klasse = asUuid(formData.get("klasse"));
    const initialValue = {
      schulsuche,
      schule: schuleId ?? "",
      rolle: rolleId ?? "",
      klasse:
        klasse && klassen.some((option) => option.id === klasse) ? klasse : ownKlassen.length === 1 ? ownKlassen[0].organisationId : "",
      // A changed duty (another role) starts from its own default; "unbefristet" never stays on a role with the duty.
      befristung: startsFromDefaultBefristung(
        { art: formData.get("befristung.art"), pflichtBisher: formData.get(PFLICHT_BISHER_FIELD) },
        regeln.befristungPflicht,
        fresh,
      )
        ? { art: ansicht.befristungDefault }
        : submission.payload.befristung,
      kopers: fieldText(formData, "kopers") ?? "",
      ohneKopers: fieldText(formData, "ohneKopers") ?? undefined,
    };
    return { ...answer, result: { initialValue } as SubmissionResult<string[]> };
  }
  if (submission.status !== "success") return data({ ...answer, result: submission.reply(), fokus: "feld" as const }, 400);
  const value = submission.value;
  const schule = schulen.find((option) => option.id === value.schule);
  const klasse = value.klasse ? klassen.find((option) => option.id === value.klasse) : undefined;
  if (!schule || !rolle || value.rolle !== rolle.id || (value.klasse && !klasse)) {
    return data({ ...answer, result: submission.reply(), fehler: "PERSONENKONTEXT_SPECIFICATION_ERROR" as const }, 400);
  }
  if (!ansicht.canCommit)
    return data({ ...answer, result: submission.reply(), fehler: "PERSONENKONTEXT_SPECIFICATION_ERROR" as const }, 400);
  const hinzu: Aenderung = {
    art: "hinzu",
    schuleId: schule.id,
    rolleId: rolle.id,
    klasseId: klasse?.id ?? null,
    befristung: value.befristung.bis ? befristungToUpstream(value.befristung.bis) : null,
    kopers: regeln.kopersNoetig && value.kopers ? value.kopers : null,
    schule: schule.label,
    rolle: rolle.name,
    klasse: klasse?.label ?? null,
  };
  return { ...base, aenderungen: [...base.aenderungen, hinzu], fokus: "vorgemerkt" as const };
}

/** Roles the step offers at the school, without those the person has there already (inventory §4.8.5). */
function assignableRollen(
  step: PersonenkontextWorkflowResponse,
  kontexte: readonly Kontext[],
  schuleId: string | undefined,
): RolleResponse[] {
  if (!schuleId) return [];
  const there = new Set(kontexte.filter((kontext) => kontext.organisationId === schuleId).map((kontext) => kontext.rolleId));
  // In name order: the upstream puts the selected role first, and the list should not jump when one is chosen.
  return step.rollen.filter((rolle) => !there.has(rolle.id)).sort((a, b) => a.name.localeCompare(b.name, "de", { numeric: true }));
}
