import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { befristungFromUpstream, befristungToUpstream, endOfSchoolYear, formatGermanDay, germanToday } from "~/dates";
import type { TranslationKey } from "~/i18n";
import type { CurrentUser } from "~/.server/auth.server";
import { fieldText, postedIntent } from "~/.server/form-data.server";
import { brokenRule, parseAenderungen, parseStand, type Aenderung } from "./aenderungen";
import { zuordnungsAnsicht } from "./ansicht";
import type { BefristungArt } from "./befristung-wahl";
import { hinzufuegenStep } from "./hinzufuegen-step.server";
import { befristungAendernSchema, versetzenSchema } from "./zuordnung-forms";
import { klassenOf, type LoadedZuordnungen } from "./zuordnungen.server";
import { saveZuordnungen } from "./zuordnungen-save.server";
import type { BefristungAnsicht, VersetzenAnsicht, ZuordnungenAntwort } from "./views";

export const INTENTS = [
  "entfernen",
  "hinzufuegen",
  "aktualisieren",
  "hinzufuegen-vormerken",
  "versetzen",
  "versetzen-vormerken",
  "befristung",
  "befristung-vormerken",
  "zurueck",
  "speichern",
] as const;

/** A post that opens or stages a Befristung change, or saves one staged (for an upstream that has them switched off). */
export function asksForBefristung(formData: FormData): boolean {
  const intent = postedIntent(formData, INTENTS);
  if (intent === "befristung" || intent === "befristung-vormerken") return true;
  return (parseAenderungen(fieldText(formData, "aenderungen")) ?? []).some((aenderung) => aenderung.art === "frist");
}

/**
 * Every button of the edit screen posts here with its `intent`. Choices and staged changes come back in the
 * answer; only "speichern" writes, with the whole set at once.
 */
export async function zuordnungenAction({
  request,
  user,
  formData,
  loaded,
  detailsPath,
}: {
  request: Request;
  user: CurrentUser;
  formData: FormData;
  loaded: LoadedZuordnungen;
  detailsPath: string;
}) {
  const intent = postedIntent(formData, INTENTS);
  const aenderungen = parseAenderungen(fieldText(formData, "aenderungen"));
  const stand = parseStand(fieldText(formData, "stand"));
  const auswahl = formData
    .getAll("auswahl")
    .filter((value): value is string => typeof value === "string")
    .slice(0, 100);
  const base: ZuordnungenAntwort = {
    schritt: "liste",
    aenderungen: aenderungen ?? [],
    stand: stand ?? loaded.stand,
    auswahl: [],
    fehler: null,
    hinweis: null,
    fokus: null,
    formKey: crypto.randomUUID(),
    result: null,
    hinzufuegen: null,
    versetzen: null,
    befristung: null,
  };
  // A crafted post, or a form from an older version of this page: nothing is guessed.
  // Without its state the conflict check of the save would be gone: that too is refused.
  if (intent === null || aenderungen === null || stand === null) {
    return data({ ...base, aenderungen: [], hinweis: "zuordnungen:unreadable" as const, fokus: "hinweis" as const }, 400);
  }

  const ansicht = zuordnungsAnsicht(loaded.zuordnungen, aenderungen);
  const selected = ansicht.lines.filter((line) => line.waehlbar && auswahl.includes(line.key));
  const refuse = (hinweis: TranslationKey) => data({ ...base, auswahl, hinweis, fokus: "hinweis" as const }, 400);
  const staged = (more: Aenderung) => ({ ...base, aenderungen: [...aenderungen, more], fokus: "vorgemerkt" as const });

  switch (intent) {
    case "zurueck":
      return base;
    case "entfernen": {
      if (selected.length === 0) return refuse("zuordnungen:chooseFirst");
      if (user.personId === loaded.person.id) return refuse("zuordnungen:notOwn");
      const weg = selected.map((line): Aenderung => ({ art: "weg", organisationId: line.organisationId, rolleId: line.rolleId }));
      return { ...base, aenderungen: [...aenderungen, ...weg], fokus: "vorgemerkt" as const };
    }
    case "versetzen":
    case "versetzen-vormerken": {
      const [line] = selected;
      if (selected.length !== 1 || !line.istLern || line.klassen.length !== 1) return refuse("zuordnungen:chooseOnePupil");
      const von = { id: line.klassen[0].id, label: line.klassen[0].name };
      const klassen = (await klassenOf(request, line.organisationId)).filter((klasse) => klasse.id !== von.id);
      const versetzen: VersetzenAnsicht = { schule: line.organisation, schuleId: line.organisationId, rolleId: line.rolleId, von, klassen };
      const step = { ...base, auswahl, schritt: "versetzen" as const, versetzen, fokus: "teilformular" as const };
      if (intent === "versetzen") return step;
      const submission = parseWithZod(formData, { schema: versetzenSchema });
      const nach = submission.status === "success" ? klassen.find((klasse) => klasse.id === submission.value.klasse) : undefined;
      if (!nach) {
        const result = submission.reply({ fieldErrors: { klasse: ["person:zuordnungenBearbeiten.validation.neueKlasse"] } });
        return data({ ...step, result, fokus: "feld" as const }, 400);
      }
      const klasse: Aenderung = {
        art: "klasse",
        schuleId: line.organisationId,
        rolleId: line.rolleId,
        von: von.id,
        nach: nach.id,
        nachName: nach.label,
      };
      return staged(klasse);
    }
    case "befristung":
    case "befristung-vormerken": {
      const [line] = selected;
      if (selected.length !== 1) return refuse("zuordnungen:chooseOne");
      const current = loaded.zuordnungen.find(
        (zuordnung) => zuordnung.organisationId === line.organisationId && zuordnung.rolleId === line.rolleId,
      );
      const lastDay = current?.befristung ? befristungFromUpstream(current.befristung) : null;
      const befristung: BefristungAnsicht = {
        organisationId: line.organisationId,
        rolleId: line.rolleId,
        beschreibung: `${line.organisation}: ${line.rolle}`,
        pflicht: line.befristungPflicht,
        ...prefilledBefristung(lastDay),
      };
      const step = { ...base, auswahl, schritt: "befristung" as const, befristung, fokus: "teilformular" as const };
      if (intent === "befristung") {
        const initialValue = { befristung: { art: befristung.art, datum: befristung.datum ?? undefined } };
        return { ...step, result: { initialValue } as SubmissionResult<string[]> };
      }
      const submission = parseWithZod(formData, { schema: befristungAendernSchema(line.befristungPflicht) });
      if (submission.status !== "success") return data({ ...step, result: submission.reply(), fokus: "feld" as const }, 400);
      const bis = submission.value.befristung.bis;
      if (bis === lastDay) {
        const hinweis = "zuordnungen:befristungUnchanged" as const;
        return data({ ...step, result: submission.reply(), hinweis, fokus: "hinweis" as const }, 400);
      }
      const frist: Aenderung = {
        art: "frist",
        organisationId: line.organisationId,
        rolleId: line.rolleId,
        befristung: bis ? befristungToUpstream(bis) : null,
      };
      return staged(frist);
    }
    case "hinzufuegen":
    case "aktualisieren":
    case "hinzufuegen-vormerken":
      return hinzufuegenStep({ request, formData, loaded, base, intent });
    case "speichern": {
      const broken = brokenRule(aenderungen, { eigenePerson: user.personId === loaded.person.id, today: germanToday() });
      if (broken) return refuse(`zuordnungen:${broken}`);
      return saveZuordnungen({ request, loaded, base, detailsPath });
    }
  }
}

function prefilledBefristung(lastDay: string | null): { art: BefristungArt; datum: string | null } {
  if (!lastDay) return { art: "unbefristet", datum: null };
  if (lastDay === endOfSchoolYear(germanToday())) return { art: "schuljahresende", datum: null };
  return { art: "datum", datum: formatGermanDay(lastDay) };
}
