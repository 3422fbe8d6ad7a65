import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { PersonenkontextWorkflowResponse, RolleResponse } from "@contract";
import { befristungFromUpstream, befristungToUpstream, endOfSchoolYear, formatGermanDay, germanToday } from "~/dates";
import type { ErrorCode } from "~/errors";
import type { TranslationKey } from "~/i18n";
import { organisationLabel } from "~/organisation-label";
import { loadPerson } from "~/features/person/person-details.server";
import type { CurrentUser } from "~/.server/auth.server";
import { notFound } from "~/.server/guards.server";
import { redirectWithToast } from "~/.server/responses.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { findOrganisationen } from "~/.server/upstream/organisationen.server";
import { getPersonenuebersicht } from "~/.server/upstream/person.server";
import { updatePersonenkontexte, workflowStep } from "~/.server/upstream/personenkontext-workflow.server";
import { zuordnungsAnsicht, type Zuordnung } from "./ansicht";
import {
  applyAenderungen,
  brokenRule,
  kopersOf,
  parseAenderungen,
  parseStand,
  type Aenderung,
  type Kontext,
  type Stand,
} from "./aenderungen";
import { befristungAendernSchema, hinzufuegenSchema, versetzenSchema, type HinzufuegenRegeln } from "./zuordnung-forms";
import type { BefristungArt } from "./befristung";
import type { Option } from "./views";

/** How many organisations the add form offers at once; a search narrows them (the original's picker showed 25). */
export const ORGANISATIONEN_LIMIT = 25;

export async function loadZuordnungen(request: Request, personId: string) {
  const uebersicht = getPersonenuebersicht(request, personId).catch((error: unknown) => {
    if (error instanceof UpstreamFailure && error.status === 404) throw notFound();
    throw error;
  });
  uebersicht.catch(() => undefined);
  // The person decides first: "not found" wins over any failure of the other read.
  const person = await loadPerson(request, personId);
  const { zuordnungen, lastModifiedZuordnungen } = await uebersicht;
  return {
    person: {
      id: person.id,
      name: `${person.name.vorname} ${person.name.familienname}`,
      personalnummer: person.personalnummer ?? null,
    },
    zuordnungen: zuordnungen.map((zuordnung): Zuordnung => ({
      organisationId: zuordnung.sskId,
      rolleId: zuordnung.rolleId,
      befristung: zuordnung.befristung ?? null,
      klasseVon: zuordnung.typ === "KLASSE" ? (zuordnung.administriertVon ?? null) : null,
      organisation:
        zuordnung.typ === "KLASSE" ? zuordnung.sskName : organisationLabel({ name: zuordnung.sskName, kennung: zuordnung.sskDstNr }),
      rolle: zuordnung.rolle,
      rollenArt: zuordnung.rollenArt ?? null,
      merkmale: zuordnung.merkmale,
      editable: zuordnung.editable,
    })),
    stand: { lastModified: lastModifiedZuordnungen ?? null, count: zuordnungen.length } satisfies Stand,
  };
}

type Loaded = Awaited<ReturnType<typeof loadZuordnungen>>;

/** The add form's choices, narrowed by what is chosen so far. */
export interface HinzufuegenAnsicht {
  schulen: Option[];
  rollen: Option[];
  klassen: Option[];
  regeln: HinzufuegenRegeln;
  canCommit: boolean;
  schulsuche: string;
  befristungDefault: BefristungArt;
}

export interface VersetzenAnsicht {
  schule: string;
  schuleId: string;
  rolleId: string;
  von: Option;
  klassen: Option[];
}

export interface BefristungAnsicht {
  organisationId: string;
  rolleId: string;
  beschreibung: string;
  pflicht: boolean;
  art: BefristungArt;
  datum: string | null;
}

export type Schritt = "liste" | "hinzufuegen" | "versetzen" | "befristung";

/** The action's answer: the staged changes and what the page shows next. The loader supplies the current set. */
export interface ZuordnungenAntwort {
  schritt: Schritt;
  aenderungen: Aenderung[];
  stand: Stand;
  auswahl: string[];
  fehler: ErrorCode | null;
  hinweis: TranslationKey | null;
  /**
   * Where the focus goes when the answer is shown with JavaScript: the opened step's heading, the staged changes, the
   * first field to correct, the message; null keeps it where it is (a narrowed choice, the user is in that field).
   */
  fokus: "teilformular" | "vorgemerkt" | "feld" | "hinweis" | null;
  /** Renders a sub-form afresh (its values come from `result`), also with JavaScript. */
  formKey: string;
  result: SubmissionResult<string[]> | null;
  hinzufuegen: HinzufuegenAnsicht | null;
  versetzen: VersetzenAnsicht | null;
  befristung: BefristungAnsicht | null;
}

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
type Intent = (typeof INTENTS)[number];

const isIntent = (value: unknown): value is Intent => typeof value === "string" && (INTENTS as readonly string[]).includes(value);

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
  loaded: Loaded;
  detailsPath: string;
}) {
  const intent = formData.get("intent");
  const aenderungen = parseAenderungen(stringOf(formData, "aenderungen"));
  const stand = parseStand(stringOf(formData, "stand"));
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
  if (!isIntent(intent) || aenderungen === null || stand === null) {
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
      return speichern({ request, loaded, base, detailsPath });
    }
  }
}

function prefilledBefristung(lastDay: string | null): { art: BefristungArt; datum: string | null } {
  if (!lastDay) return { art: "unbefristet", datum: null };
  if (lastDay === endOfSchoolYear(germanToday())) return { art: "schuljahresende", datum: null };
  return { art: "datum", datum: formatGermanDay(lastDay) };
}

/** The add form: choices narrowed by the workflow step; a staged addition when the step says it can be saved. */
async function hinzufuegenStep({
  request,
  formData,
  loaded,
  base,
  intent,
}: {
  request: Request;
  formData: FormData;
  loaded: Loaded;
  base: ZuordnungenAntwort;
  intent: "hinzufuegen" | "aktualisieren" | "hinzufuegen-vormerken";
}) {
  const fresh = intent === "hinzufuegen";
  const schulsuche = fresh ? "" : (stringOf(formData, "schulsuche") ?? "").trim().slice(0, 100);
  let schuleId = fresh ? undefined : uuidOf(formData, "schule");
  let rolleId = fresh ? undefined : uuidOf(formData, "rolle");
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
    const klasse = uuidOf(formData, "klasse");
    const initialValue = {
      schulsuche,
      schule: schuleId ?? "",
      rolle: rolleId ?? "",
      klasse:
        klasse && klassen.some((option) => option.id === klasse) ? klasse : ownKlassen.length === 1 ? ownKlassen[0].organisationId : "",
      // A role with mandatory Befristung cannot keep "unbefristet": it starts at the school year's end.
      befristung:
        fresh || !formData.get("befristung.art") || (regeln.befristungPflicht && formData.get("befristung.art") === "unbefristet")
          ? { art: ansicht.befristungDefault }
          : submission.payload.befristung,
      kopers: stringOf(formData, "kopers") ?? "",
      ohneKopers: stringOf(formData, "ohneKopers") ?? undefined,
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

/** The classes of a school, as choices in natural order ("5a" before "10a"). */
export async function klassenOf(request: Request, schuleId: string): Promise<Option[]> {
  const { items } = await findOrganisationen(request, { typ: "KLASSE", administriertVon: [schuleId], sortField: "name", sortOrder: "asc" });
  // "5a" before "10a"
  return items
    .map((klasse) => ({ id: klasse.id, label: klasse.name }))
    .sort((a, b) => a.label.localeCompare(b.label, "de", { numeric: true }));
}

/**
 * The save: the staged changes applied to the set as it is now, sent with the state they were staged on. When
 * someone changed the person meanwhile, the upstream refuses; the answer then carries the new state and keeps the
 * staged changes, so that the user sees them on the reloaded set and can save again.
 */
async function speichern({
  request,
  loaded,
  base,
  detailsPath,
}: {
  request: Request;
  loaded: Loaded;
  base: ZuordnungenAntwort;
  detailsPath: string;
}) {
  if (base.aenderungen.length === 0) return data({ ...base, hinweis: "zuordnungen:nothingStaged" as const }, 400);
  const desired = applyAenderungen(loaded.zuordnungen, base.aenderungen);
  try {
    await updatePersonenkontexte(
      request,
      loaded.person.id,
      {
        lastModified: base.stand.lastModified ?? undefined,
        count: base.stand.count,
        personenkontexte: desired.map((kontext) => ({
          personId: loaded.person.id,
          organisationId: kontext.organisationId,
          rolleId: kontext.rolleId,
          ...(kontext.befristung ? { befristung: kontext.befristung } : {}),
        })),
      },
      // Only for a person without one: a KoPers number is never replaced this way (the edit form does that).
      loaded.person.personalnummer ? null : kopersOf(base.aenderungen),
    );
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    const conflict = error.code === "COUNT_MISMATCHING" || error.code === "NEWER_VERSION_OF_PERSONENKONTEXTE_AVAILABLE";
    // After a conflict the changes stand on the reloaded set; the next save is checked against that one.
    const status = conflict ? 409 : error.status >= 500 ? error.status : 400;
    const hinweis = conflict ? ("zuordnungen:conflictKept" as const) : null;
    return data({ ...base, fehler: error.code, hinweis, stand: conflict ? loaded.stand : base.stand }, status);
  }
  return redirectWithToast(request, detailsPath, { key: "zuordnungen:saved", values: { name: loaded.person.name } });
}

function stringOf(formData: FormData, name: string): string | null {
  const value = formData.get(name);
  return typeof value === "string" ? value : null;
}

function uuidOf(formData: FormData, name: string): string | undefined {
  const value = stringOf(formData, name);
  return value && /^[0-9a-f-]{36}$/i.test(value) ? value : undefined;
}
