import { parseWithZod } from "@conform-to/zod";
import type { OrganisationResponse } from "@contract";
import { withReturnPath } from "~/return-path";
import { readFormData } from "~/.server/form-data.server";
import { invalidForm, redirectWithToast, refusedForm } from "~/.server/responses.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { applyRollenerweiterungen } from "~/.server/upstream/angebote.server";
import { ErweiterungenSchema } from "./angebot-forms";
import { loadRollen, type ErweiterungContext } from "./angebot-erweiterung.server";

/**
 * A school's extensions of one offer in one step (issue 34 §4, the current upstream's `…/apply`): the ticked roles get
 * the offer at the school, the unticked ones that had it lose it. Roles the upstream refuses one by one are named; the
 * others are applied, as the upstream does.
 */

/** The roles extended by this offer at this school now. */
export function erweitertAn(context: ErweiterungContext, schuleId: string): string[] {
  return (context.erweiterungen ?? []).filter((item) => item.organisationId === schuleId).map((item) => item.rolleId);
}

export async function answerErweiterungen(request: Request, context: ErweiterungContext, zurueck: string, fallback: string) {
  const submission = parseWithZod(await readFormData(request), { schema: ErweiterungenSchema });
  if (submission.status !== "success") return invalidForm(submission);
  const schule: OrganisationResponse | undefined = context.schulen.find((entry) => entry.id === submission.value.schule);
  if (!schule) {
    return invalidForm({
      reply: () => submission.reply({ fieldErrors: { schule: ["angebote:erweiterung.validation.schuleOhneRecht"] } }),
    });
  }
  const rollen = await loadRollen(request, context, schule);
  const waehlbar = new Set(rollen.options.map((option) => option.id));
  const jetzt = new Set(erweitertAn(context, schule.id));
  const { rollen: gewaehlt, gelesen } = submission.value;
  // Only roles of the page's list: a forged id is not sent on.
  const hinzu = gewaehlt.filter((id) => waehlbar.has(id) && !jetzt.has(id));
  const weg = gelesen.filter((id) => jetzt.has(id) && !gewaehlt.includes(id));
  const here = withReturnPath(`/admin/angebote/${context.angebot.id}/erweiterungen?schule=${schule.id}`, zurueck, fallback);
  if (hinzu.length === 0 && weg.length === 0) return redirectWithToast(request, here, { key: "form.unchanged", tone: "info" });

  let abgelehnt;
  try {
    abgelehnt = await applyRollenerweiterungen(request, context.angebot.id, schule.id, {
      addErweiterungenForRolleIds: hinzu,
      removeErweiterungenForRolleIds: weg,
    });
  } catch (failure) {
    if (!(failure instanceof UpstreamFailure)) throw failure;
    return refusedForm(submission, failure);
  }
  const name = (id: string) => rollen.namen.get(id) ?? id;
  if (abgelehnt.length > 0) {
    return redirectWithToast(request, here, {
      key: "angebote:erweiterung.teilweise",
      values: { rollen: abgelehnt.map((fehler) => name(fehler.rolleId)).join(", ") },
      tone: "error",
    });
  }
  return redirectWithToast(request, here, {
    key: "angebote:erweiterung.uebernommen",
    values: { hinzu: String(hinzu.length), weg: String(weg.length), schule: schule.name },
  });
}
