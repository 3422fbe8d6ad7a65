import { befristungToUpstream } from "~/dates";
import { befristungSchema } from "~/features/zuordnungen/befristung";
import { getOrganisation } from "~/.server/upstream/organisationen.server";
import { workflowStep } from "~/.server/upstream/personenkontext-workflow.server";
import { MEHRFACH_FELD, type MehrfachAktion } from "./aktionen";
import type { Auftrag } from "./schritte.server";
import type { Ziel } from "./ziel.server";

/**
 * The action's own fields, checked against the upstream before anything runs: the class belongs to the school, the
 * role is one the persons hold there, the assigned role may be given at the organisation. A refusal names the field
 * (`fehler`), and the confirmation page says what to correct.
 */
export type AuftragOderFehler = Auftrag | { fehler: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function auftragFromForm(
  request: Request,
  aktion: MehrfachAktion,
  form: URLSearchParams,
  ziel: Ziel,
): Promise<AuftragOderFehler> {
  switch (aktion) {
    case "passwort":
    case "schule":
    case "loeschen":
      return { aktion };
    case "klasse": {
      const klasseId = form.get(MEHRFACH_FELD.zielKlasse) ?? "";
      if (!UUID.test(klasseId) || !ziel.schule) return { fehler: MEHRFACH_FELD.zielKlasse };
      const klasse = await getOrganisation(request, klasseId).catch(() => null);
      if (klasse?.typ !== "KLASSE" || klasse.administriertVon !== ziel.schule.id) return { fehler: MEHRFACH_FELD.zielKlasse };
      return { aktion, klasseId: klasse.id };
    }
    case "rolle-entziehen": {
      const rolle = ziel.rollenAnSchule.find((candidate) => candidate.id === form.get(MEHRFACH_FELD.zielRolle));
      return rolle ? { aktion, rolle } : { fehler: MEHRFACH_FELD.zielRolle };
    }
    case "rolle-zuweisen":
      return rolleZuweisen(request, form);
  }
}

/** Inventory §4.7.5: organisation and role from the workflow step, LEHR and LERN only; a class for LERN; the Befristung. */
async function rolleZuweisen(request: Request, form: URLSearchParams): Promise<AuftragOderFehler> {
  const organisationId = form.get(MEHRFACH_FELD.zielOrganisation) ?? "";
  const rolleId = form.get(MEHRFACH_FELD.zielRolle) ?? "";
  if (!UUID.test(organisationId)) return { fehler: MEHRFACH_FELD.zielOrganisation };
  if (!UUID.test(rolleId)) return { fehler: MEHRFACH_FELD.zielRolle };
  const step = await workflowStep(request, { operationContext: "PERSON_BEARBEITEN", organisationId, rollenIds: [rolleId] });
  const rolle = step.rollen.find((candidate) => candidate.id === rolleId);
  if (!rolle || (rolle.rollenart !== "LEHR" && rolle.rollenart !== "LERN") || !step.canCommit) return { fehler: MEHRFACH_FELD.zielRolle };

  let klassen: Extract<Auftrag, { aktion: "rolle-zuweisen" }>["klassen"] = null;
  if (rolle.rollenart === "LERN") {
    if (form.get(MEHRFACH_FELD.klassenWahl) === "neu") {
      const klasseId = form.get(MEHRFACH_FELD.zielKlasse) ?? "";
      const klasse = UUID.test(klasseId) ? await getOrganisation(request, klasseId).catch(() => null) : null;
      if (klasse?.typ !== "KLASSE" || klasse.administriertVon !== organisationId) return { fehler: MEHRFACH_FELD.zielKlasse };
      klassen = { wahl: "neu", klasseId: klasse.id };
    } else {
      klassen = { wahl: "behalten" };
    }
  }
  const befristung = befristungSchema({ pflicht: rolle.merkmale.includes("BEFRISTUNG_PFLICHT") }).safeParse({
    art: form.get(`${MEHRFACH_FELD.befristung}.art`) ?? undefined,
    datum: form.get(`${MEHRFACH_FELD.befristung}.datum`) || undefined,
  });
  if (!befristung.success) return { fehler: MEHRFACH_FELD.befristung };
  const bis = befristung.data.bis;
  return { aktion: "rolle-zuweisen", organisationId, rolleId, klassen, befristung: bis ? befristungToUpstream(bis) : null };
}
