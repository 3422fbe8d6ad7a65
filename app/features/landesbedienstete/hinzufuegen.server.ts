import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { befristungFromUpstream, befristungToUpstream, formatGermanDay } from "~/dates";
import { organisationLabel } from "~/organisation-label";
import { defaultBefristungArt, PFLICHT_BISHER_FIELD, startsFromDefaultBefristung } from "~/features/zuordnungen/befristung-wahl";
import { parseStand } from "~/features/zuordnungen/aenderungen";
import { addLandesbediensteterWithOutcome } from "~/features/person-anlegen/person-anlegen-writes.server";
import { asUuid, fieldText, postedIntent } from "~/.server/form-data.server";
import { redirectTo } from "~/.server/redirects.server";
import { formFailureStatus } from "~/.server/upstream/client.server";
import { landesbediensteterStep } from "~/.server/upstream/landesbedienstete.server";
import type { AuswahlAnsicht, Bestaetigung, HinzufuegenAntwort } from "./views";
import { hinzufuegenSchema } from "./landesbedienstete-forms";
import { HINZUFUEGEN_PATH } from "./landesbedienstete";
import type { GeladenePerson } from "./landesbediensteter.server";

/** How many organisations the form offers at once; the search narrows them (the original's picker showed 25). */
const ORGANISATIONEN_LIMIT = 25;

interface Gewaehlt {
  schulsuche: string;
  schuleId?: string;
  rollenIds: string[];
}

/**
 * The organisations and LEHR roles the admin may give (GET /api/landesbediensteter/step), without the roles the
 * person holds at the chosen organisation already. With one organisation only, it is chosen. The steps are asked
 * while the person is still being read: only the last filter needs him.
 */
async function auswahl(request: Request, geladenBald: Promise<GeladenePerson>, gewaehlt: Gewaehlt) {
  const stepFor = (organisationId?: string, rollenIds?: string[]) =>
    landesbediensteterStep(request, {
      organisationId,
      rollenIds: rollenIds?.length ? rollenIds : undefined,
      organisationName: gewaehlt.schulsuche || undefined,
      limit: ORGANISATIONEN_LIMIT,
    });
  let schuleId = gewaehlt.schuleId;
  let step = await stepFor(schuleId, schuleId ? gewaehlt.rollenIds : undefined);
  if (!schuleId && step.organisations.length === 1 && !gewaehlt.schulsuche) {
    schuleId = step.organisations[0].id;
    step = await stepFor(schuleId);
  }
  const schulen = uniqueById(step.organisations).map((organisation) => ({ id: organisation.id, label: organisationLabel(organisation) }));
  if (schuleId && !schulen.some((schule) => schule.id === schuleId)) schuleId = undefined;
  const geladen = await geladenBald;
  const held = new Set(
    geladen.zuordnungen.filter((zuordnung) => zuordnung.organisationId === schuleId).map((zuordnung) => zuordnung.rolleId),
  );
  const rollen = schuleId
    ? uniqueById(step.rollen)
        .filter((rolle) => rolle.rollenart === "LEHR" && !held.has(rolle.id))
        .sort((a, b) => a.name.localeCompare(b.name, "de", { numeric: true }))
    : [];
  const rollenIds = gewaehlt.rollenIds.filter((id) => rollen.some((rolle) => rolle.id === id));
  const chosen = rollen.filter((rolle) => rollenIds.includes(rolle.id));
  // The step's verdict is about the roles it was asked for; when some of them fell away, it is asked again.
  const sameAsAsked = rollenIds.length === gewaehlt.rollenIds.length && schuleId === gewaehlt.schuleId;
  const canCommit = chosen.length > 0 && (sameAsAsked ? step.canCommit : (await stepFor(schuleId, rollenIds)).canCommit);
  const ansicht: AuswahlAnsicht = {
    schulsuche: gewaehlt.schulsuche,
    schulen,
    rollen: rollen.map((rolle) => ({ id: rolle.id, label: rolle.name })),
    befristungPflicht: chosen.some((rolle) => rolle.merkmale.includes("BEFRISTUNG_PFLICHT")),
    canCommit,
    gewaehlt: chosen.length,
  };
  return { ansicht, schuleId, rollenIds, chosen };
}

function uniqueById<T extends { id: string }>(items: readonly T[]): T[] {
  return items.filter((item, index) => items.findIndex((other) => other.id === item.id) === index);
}

/** The form as the page starts: nothing chosen but the only organisation there is. */
export async function ersteAntwort(request: Request, geladenBald: Promise<GeladenePerson>): Promise<HinzufuegenAntwort> {
  const { ansicht, schuleId } = await auswahl(request, geladenBald, { schulsuche: "", rollenIds: [] });
  const geladen = await geladenBald;
  const initialValue = { schulsuche: "", schule: schuleId ?? "", rollen: [], befristung: { art: defaultBefristungArt(false) } };
  return {
    schritt: "auswahl",
    ansicht,
    stand: geladen.stand,
    result: { initialValue } as SubmissionResult<string[]>,
    bestaetigung: null,
    fehler: null,
    hinweis: null,
    fokus: null,
    formKey: "start",
  };
}

const INTENTS = ["aktualisieren", "pruefen", "zurueck", "speichern"] as const;

/**
 * Every button of the add page posts here with its `intent`: narrow the choices, check and ask for confirmation, go
 * back to the choices, or save. Everything is checked again on each post against the person as read now.
 */
export async function hinzufuegenAction({
  request,
  formData,
  geladenBald,
}: {
  request: Request;
  formData: FormData;
  geladenBald: Promise<GeladenePerson>;
}) {
  const intent = postedIntent(formData, INTENTS);
  const stand = parseStand(fieldText(formData, "stand"));
  const gewaehlt: Gewaehlt = {
    schulsuche: (fieldText(formData, "schulsuche") ?? "").trim().slice(0, 100),
    schuleId: asUuid(formData.get("schule")),
    rollenIds: [
      ...new Set(
        formData
          .getAll("rollen")
          .map(asUuid)
          .filter((id): id is string => id !== undefined),
      ),
    ].slice(0, 20),
  };
  const [{ ansicht, schuleId, rollenIds, chosen }, geladen] = await Promise.all([auswahl(request, geladenBald, gewaehlt), geladenBald]);
  const submission = parseWithZod(formData, { schema: hinzufuegenSchema({ befristungPflicht: ansicht.befristungPflicht }) });
  // The values as chosen, with what no longer fits dropped; a changed duty starts from its own default Befristung.
  const befristungArt = fieldText(formData, "befristung.art");
  const initialValue = {
    schulsuche: ansicht.schulsuche,
    schule: schuleId ?? "",
    rollen: rollenIds,
    befristung: startsFromDefaultBefristung(
      { art: befristungArt ?? null, pflichtBisher: formData.get(PFLICHT_BISHER_FIELD) },
      ansicht.befristungPflicht,
    )
      ? { art: defaultBefristungArt(ansicht.befristungPflicht) }
      : submission.payload.befristung,
  };
  const base: HinzufuegenAntwort = {
    schritt: "auswahl",
    ansicht,
    stand: stand ?? geladen.stand,
    result: { initialValue } as SubmissionResult<string[]>,
    bestaetigung: null,
    fehler: null,
    hinweis: null,
    fokus: null,
    formKey: crypto.randomUUID(),
  };
  // A crafted post, or a form of an older version of this page: without its state the conflict check would be gone.
  if (intent === null || stand === null) {
    return data({ ...base, hinweis: "landesbedienstete:hinzufuegen.unreadable" as const, fokus: "hinweis" as const }, 400);
  }
  if (intent === "aktualisieren") return base;
  if (intent === "zurueck") return { ...base, fokus: "auswahl" as const };

  if (submission.status !== "success") return data({ ...base, result: submission.reply(), fokus: "feld" as const }, 400);
  const value = submission.value;
  const schule = ansicht.schulen.find((option) => option.id === value.schule);
  // What was sent must be what the upstream offers now; else the step's verdict (canCommit) says why not.
  if (!schule || value.schule !== schuleId || value.rollen.some((id) => !rollenIds.includes(id)) || !ansicht.canCommit) {
    return data({ ...base, result: submission.reply(), fehler: "PERSONENKONTEXT_SPECIFICATION_ERROR" as const }, 400);
  }
  const bis = value.befristung.bis;
  const bestaetigung: Bestaetigung = {
    schule: schule.label,
    rollen: chosen.map((rolle) => rolle.name).join(", "),
    befristung: bis ? formatGermanDay(bis) : null,
  };
  if (intent === "pruefen") return { ...base, schritt: "bestaetigen" as const, bestaetigung, fokus: "bestaetigung" as const };

  const outcome = await addLandesbediensteterWithOutcome(request, geladen.person.id, {
    lastModified: stand.lastModified ?? undefined,
    count: stand.count,
    personalnummer: geladen.person.personalnummer,
    newPersonenkontexte: chosen.map((rolle) => ({
      personId: geladen.person.id,
      organisationId: schule.id,
      rolleId: rolle.id,
      ...(bis ? { befristung: befristungToUpstream(bis) } : {}),
    })),
  });
  if (outcome.status !== "saved") {
    const { failure } = outcome;
    const conflict = failure.code === "COUNT_MISMATCHING" || failure.code === "NEWER_VERSION_OF_PERSONENKONTEXTE_AVAILABLE";
    // After a conflict the choices stand on the person as read now (`auswahl` already left out the roles the person
    // got meanwhile); the next save is checked against that state.
    return data(
      {
        ...base,
        fehler: failure.code,
        hinweis: conflict ? ("landesbedienstete:hinzufuegen.conflictKept" as const) : null,
        stand: conflict ? geladen.stand : stand,
      },
      conflict ? 409 : formFailureStatus(failure),
    );
  }
  const erfolg = new URLSearchParams({ person: geladen.person.id, gespeichert: schule.id });
  for (const rolle of chosen) erfolg.append("rolle", rolle.id);
  return redirectTo(`${HINZUFUEGEN_PATH}?${erfolg}`);
}

/** After the save (post/redirect/get): what the person now has at that organisation in those roles. */
export function erfolgFrom(url: URL, geladen: GeladenePerson) {
  const schuleId = url.searchParams.get("gespeichert");
  if (!schuleId) return null;
  const rollenIds = url.searchParams.getAll("rolle");
  const neue = geladen.zuordnungen.filter((zuordnung) => zuordnung.organisationId === schuleId && rollenIds.includes(zuordnung.rolleId));
  if (neue.length === 0) return null;
  const bis = neue[0].befristung ? befristungFromUpstream(neue[0].befristung) : null;
  return {
    schule: neue[0].organisation,
    rollen: neue.map((zuordnung) => zuordnung.rolle).join(", "),
    befristung: bis ? formatGermanDay(bis) : null,
  };
}
