import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { CreatePersonWithPersonenkontexteBody, RolleResponse } from "@contract";
import { befristungToUpstream, formatGermanDay } from "~/dates";
import { errorMessageKey, type ErrorCode } from "~/errors";
import { organisationLabel } from "~/organisation-label";
import { withReturnPath } from "~/return-path";
import { defaultBefristungArt } from "~/features/zuordnungen/befristung";
import { klassenOf, ORGANISATIONEN_LIMIT } from "~/features/zuordnungen/zuordnungen.server";
import { readFormData } from "~/.server/form-data.server";
import { guardWhileLoading } from "~/.server/guards.server";
import {
  getPortalSession,
  rememberConfirmation,
  rememberUnansweredWrite,
  wasConfirmed,
  wasUnanswered,
} from "~/.server/portal-cookie.server";
import { workflowStep } from "~/.server/upstream/personenkontext-workflow.server";
import { KEINE_REGELN, personAnlegenSchema, type AnlegenRegeln } from "./person-anlegen-forms";
import { ANLEGEN_VARIANTEN, type AnlegenVariante } from "./varianten";
import { createPersonWithOutcome, PERSON_CREATE_WRITE, personCreateKey } from "./person-anlegen-writes.server";
import type { Angelegt, AnlegenAntwort, AnlegenAnsicht } from "./views";

/**
 * "Benutzer anlegen" and "Andere Person (neu anlegen)" (inventory §4.9): one form, whose every post (a choice, the
 * organisation search, the create) asks the Personenkontext workflow's step again. Without JavaScript "Auswahl
 * aktualisieren" narrows the choices (organisation → roles → class, Befristung, KoPers); with it a change does the
 * same at once. Only "anlegen" writes, and only when the step says the selection can be committed.
 */

/** The values a form starts from or was sent with. */
interface Eingabe {
  schulsuche: string;
  organisation?: string;
  /** The organisation the form's roles were offered for: another one means the roles start again. */
  vorherigeOrganisation?: string;
  rollen: string[];
  klasse?: string;
  values: Record<string, unknown>;
}

export const INTENTS = ["aktualisieren", "anlegen"] as const;
type Intent = (typeof INTENTS)[number];

/** The page's first state: empty, or (after "Weitere Person anlegen" or an interrupted post) prefilled. */
export async function anlegenStart(request: Request, variante: AnlegenVariante): Promise<AnlegenAntwort> {
  const url = new URL(request.url);
  // A post a login interrupted (the second factor lapsed): its harmless values come back, as on every form.
  const interrupted = (await getPortalSession(request)).get("interrupted");
  const values: Record<string, unknown> =
    interrupted && interrupted.path === url.pathname && interrupted.values ? { ...interrupted.values } : {};
  const search = url.searchParams;
  const eingabe: Eingabe = {
    schulsuche: "",
    organisation: uuid(values.organisation) ?? uuid(search.get("organisation")),
    rollen: [...new Set([...search.getAll("rolle"), ...(typeof values.rollen === "string" ? [values.rollen] : [])])]
      .filter((id) => uuid(id))
      .slice(0, 20),
    klasse: uuid(values.klasse),
    values,
  };
  eingabe.vorherigeOrganisation = eingabe.organisation;
  const { antwort } = await schritt(request, variante, eingabe, { fresh: Object.keys(values).length === 0 });
  return antwort;
}

/** What a post of the form asks for. */
function eingabeOf(formData: FormData): Eingabe {
  return {
    schulsuche: (stringOf(formData, "schulsuche") ?? "").trim().slice(0, 100),
    organisation: uuid(stringOf(formData, "organisation")),
    vorherigeOrganisation: uuid(stringOf(formData, "vorherigeOrganisation")),
    rollen: [
      ...new Set(formData.getAll("rollen").filter((value): value is string => typeof value === "string" && Boolean(uuid(value)))),
    ].slice(0, 20),
    klasse: uuid(stringOf(formData, "klasse")),
    values: Object.fromEntries(formData),
  };
}

/**
 * Every button of the form posts here with its `intent`: "aktualisieren" answers narrower choices, "anlegen"
 * creates the person and answers the success page's data (with the start password, never redirected).
 */
export async function anlegenAction(request: Request, variante: AnlegenVariante, guard: Promise<unknown>) {
  // The form and the step are read while the guard decides; nothing is written before its verdict.
  const [, { formData, antwort, step }] = await guardWhileLoading(guard, async () => {
    const formData = await readFormData(request);
    return { formData, ...(await schritt(request, variante, eingabeOf(formData), { fresh: false })) };
  });
  const intentValue = formData.get("intent");
  const intent: Intent = (INTENTS as readonly unknown[]).includes(intentValue) ? (intentValue as Intent) : "aktualisieren";
  if (intent === "aktualisieren") return antwort;

  const submission = parseWithZod(formData, { schema: personAnlegenSchema(antwort.ansicht.regeln) });
  const refuse = (extra: Partial<AnlegenAntwort>, status = 400) =>
    data({ ...antwort, result: submission.reply(), ...extra }, { status, headers: { "Cache-Control": "no-store" } });
  if (submission.status !== "success") return refuse({});
  const value = submission.value;
  const rollen = value.rollen.map((id) => step.rollen.find((rolle) => rolle.id === id));
  if (!einheitlich(rollen.filter((rolle): rolle is RolleResponse => Boolean(rolle)))) {
    return refuse({ result: submission.reply({ fieldErrors: { rollen: ["person:anlegen.validation.rollenart"] } }) });
  }
  const organisation = antwort.ansicht.organisationen.find((option) => option.id === value.organisation);
  const klasse = value.klasse ? antwort.ansicht.klassen.find((option) => option.id === value.klasse) : undefined;
  if (!organisation || rollen.some((rolle) => !rolle) || (value.klasse && !klasse) || !antwort.ansicht.canCommit) {
    return refuse({ fehler: "PERSONENKONTEXT_SPECIFICATION_ERROR" });
  }
  const einmal = stringOf(formData, "einmal");
  if (!einmal || !uuid(einmal) || (await wasConfirmed(request, einmal))) {
    return refuse({ hinweis: "person:anlegen.bereitsAngelegt" }, 409);
  }

  const gewaehlt = rollen as RolleResponse[];
  const regeln = antwort.ansicht.regeln;
  const bis = value.befristung.bis;
  const body: CreatePersonWithPersonenkontexteBody = {
    vorname: value.vorname,
    familienname: value.familienname,
    personalnummer: regeln.kopersPflicht && value.kopers ? value.kopers : undefined,
    befristung: bis ? befristungToUpstream(bis) : undefined,
    createPersonenkontexte: [
      ...gewaehlt.map((rolle) => ({ organisationId: organisation.id, rolleId: rolle.id })),
      // A pupil has the same role at the school and at the class.
      ...(klasse ? gewaehlt.map((rolle) => ({ organisationId: klasse.id, rolleId: rolle.id })) : []),
    ],
  };
  const key = personCreateKey(body);
  const outcome = await createPersonWithOutcome(request, body, {
    earlierAttemptUnanswered: await wasUnanswered(request, PERSON_CREATE_WRITE, key),
  });
  if (outcome.status !== "saved") {
    // An unanswered create may still arrive upstream: the next attempt looks for the person before sending again.
    const unanswered = outcome.status === "unknown" || outcome.unanswered;
    const headers: HeadersInit = { "Cache-Control": "no-store" };
    if (unanswered) headers["Set-Cookie"] = await rememberUnansweredWrite(request, PERSON_CREATE_WRITE, key);
    const { code, status: upstreamStatus } = outcome.failure;
    const status = upstreamStatus >= 500 ? upstreamStatus : 400;
    const field = fieldOf(code, regeln);
    const extra = field
      ? { result: submission.reply({ fieldErrors: { [field]: [errorMessageKey(code)] } }) }
      : { result: submission.reply(), fehler: code };
    return data({ ...antwort, ...extra }, { status, headers });
  }

  const created = outcome.value;
  const { path } = ANLEGEN_VARIANTEN[variante];
  const weitere = new URLSearchParams([["organisation", organisation.id], ...gewaehlt.map((rolle) => ["rolle", rolle.id])]);
  const zurueck = new URL(request.url).searchParams.get("zurueck");
  const angelegt: Angelegt = {
    personId: created.id,
    vorname: created.vorname,
    familienname: created.familienname,
    username: created.username ?? "",
    startpasswort: created.startpasswort,
    kopers: regeln.kopersPflicht ? { nummer: created.personalnummer } : null,
    organisation: organisation.label,
    rollen: gewaehlt.map((rolle) => rolle.name).join(", "),
    befristung: bis ? formatGermanDay(bis) : null,
    klasse: klasse?.label ?? null,
    weitere: withReturnPath(`${path}?${weitere}`, zurueck ?? "/admin/personen", "/admin/personen"),
  };
  // The answer carries the start password: no cache may keep it; the token makes a re-post a notice, not a second person.
  const headers = { "Cache-Control": "no-store", "Set-Cookie": await rememberConfirmation(request, einmal) };
  return data({ ...antwort, result: null, angelegt }, { headers });
}

/** Upstream refusals that belong to one field, when the form shows that field. */
function fieldOf(code: ErrorCode, regeln: AnlegenRegeln): string | null {
  switch (code) {
    case "PERSONALNUMMER_NICHT_EINDEUTIG":
      return regeln.kopersPflicht ? "kopers" : null;
    case "VORNAME_ENTHAELT_LEERZEICHEN":
      return "vorname";
    case "FAMILIENNAME_ENTHAELT_LEERZEICHEN":
      return "familienname";
    case "LERN_HAT_KEINE_KLASSE":
    case "LERN_NOT_AT_SCHULE_AND_KLASSE":
      return regeln.klassePflicht ? "klasse" : null;
    default:
      return null;
  }
}

/** All chosen roles are of one kind (rollenart): the upstream gives a person roles of one kind only. */
function einheitlich(rollen: readonly RolleResponse[]): boolean {
  return new Set(rollen.map((rolle) => rolle.rollenart)).size <= 1;
}

/**
 * Asks the workflow step for the choices that fit the input, and answers the form with them: values that no longer
 * fit are dropped (roles of another organisation, a class of another school), defaults set where a rule changed.
 */
async function schritt(request: Request, variante: AnlegenVariante, eingabe: Eingabe, { fresh }: { fresh: boolean }) {
  const { systemrecht } = ANLEGEN_VARIANTEN[variante];
  const { schulsuche } = eingabe;
  let organisationId = eingabe.organisation;
  // Another organisation than the one the roles were offered for: its roles and classes start again (as in the original).
  const sameOrganisation = organisationId !== undefined && organisationId === eingabe.vorherigeOrganisation;
  let rollenIds = sameOrganisation ? eingabe.rollen : [];
  const stepFor = (organisation: string | undefined, rollen: string[]) =>
    workflowStep(request, {
      operationContext: "PERSON_ANLEGEN",
      organisationId: organisation,
      rollenIds: rollen.length ? rollen : undefined,
      organisationName: schulsuche || undefined,
      limit: ORGANISATIONEN_LIMIT,
      ...(systemrecht ? { requestedWithSystemrecht: systemrecht } : {}),
    });
  const klassenFor = (organisation: string | undefined, rollen: string[]) =>
    organisation && rollen.length ? klassenOf(request, organisation) : Promise.resolve([]);
  const [firstStep, klassen] = await Promise.all([stepFor(organisationId, rollenIds), klassenFor(organisationId, rollenIds)]);
  let step = firstStep;
  // Exactly one organisation to choose from (a school's administrator): it is chosen, as in the original.
  if (!organisationId && !schulsuche && step.organisations.length === 1) {
    organisationId = step.organisations[0].id;
    rollenIds = [];
    step = await stepFor(organisationId, []);
  }
  const organisationen = step.organisations
    .filter((organisation, index, all) => all.findIndex((other) => other.id === organisation.id) === index)
    .map((organisation) => ({ id: organisation.id, label: organisationLabel(organisation) }));
  const organisationGewaehlt = organisationId !== undefined && organisationen.some((option) => option.id === organisationId);
  if (!organisationGewaehlt) rollenIds = [];

  // The step lists chosen roles even where they cannot be given (PERSONS §2.4.1, step 5); `canCommit` judges them.
  const gewaehlt = rollenIds
    .map((id) => step.rollen.find((rolle) => rolle.id === id))
    .filter((rolle): rolle is RolleResponse => Boolean(rolle));
  const art = einheitlich(gewaehlt) ? gewaehlt[0]?.rollenart : undefined;
  // Once a role is chosen, only roles of its kind are offered (a person's roles are all of one kind).
  const rollen = (art ? step.rollen.filter((rolle) => rolle.rollenart === art) : step.rollen)
    .slice()
    .sort((a, b) => a.name.localeCompare(b.name, "de", { numeric: true }));
  const regeln: AnlegenRegeln =
    gewaehlt.length === 0
      ? KEINE_REGELN
      : {
          klassePflicht: gewaehlt.some((rolle) => rolle.rollenart === "LERN"),
          befristungPflicht: gewaehlt.some((rolle) => rolle.merkmale.includes("BEFRISTUNG_PFLICHT")),
          kopersPflicht: gewaehlt.some((rolle) => rolle.merkmale.includes("KOPERS_PFLICHT")),
        };
  const ansicht: AnlegenAnsicht = {
    organisationen,
    organisationGewaehlt,
    rollen: rollen.map((rolle) => ({ id: rolle.id, label: rolle.name })),
    rollenGewaehlt: gewaehlt.length > 0,
    rollenEingegrenzt: art !== undefined,
    klassen: regeln.klassePflicht ? klassen : [],
    regeln,
    constraint: getZodConstraint(personAnlegenSchema(regeln)),
    canCommit: step.canCommit && gewaehlt.length > 0 && gewaehlt.length === rollenIds.length && art !== undefined,
    schulsuche,
  };

  const values = eingabe.values;
  const befristungArt = values["befristung.art"];
  const klasse = eingabe.klasse && ansicht.klassen.some((option) => option.id === eingabe.klasse) ? eingabe.klasse : "";
  const initialValue = {
    schulsuche,
    organisation: organisationGewaehlt ? organisationId : "",
    vorherigeOrganisation: organisationGewaehlt ? organisationId : "",
    rollen: gewaehlt.map((rolle) => rolle.id),
    klasse,
    // A role with mandatory Befristung cannot keep "unbefristet": it starts at the school year's end.
    befristung:
      fresh || typeof befristungArt !== "string" || (regeln.befristungPflicht && befristungArt === "unbefristet")
        ? { art: defaultBefristungArt(regeln.befristungPflicht) }
        : { art: befristungArt, datum: stringOf(values, "befristung.datum") ?? undefined },
    vorname: stringOf(values, "vorname") ?? "",
    familienname: stringOf(values, "familienname") ?? "",
    kopers: stringOf(values, "kopers") ?? "",
    ohneKopers: stringOf(values, "ohneKopers") ?? undefined,
  };
  // Roles of different kinds (possible without JavaScript, which narrows the list at once) are said at once.
  const error = art === undefined && gewaehlt.length > 0 ? { rollen: ["person:anlegen.validation.rollenart"] } : undefined;
  const antwort: AnlegenAntwort = {
    formKey: crypto.randomUUID(),
    ansicht,
    result: { initialValue, ...(error ? { error } : {}) } as SubmissionResult<string[]>,
    fehler: null,
    hinweis: null,
    einmal: crypto.randomUUID(),
    angelegt: null,
  };
  return { antwort, step };
}

function stringOf(source: FormData | Record<string, unknown>, name: string): string | null {
  const value = source instanceof FormData ? source.get(name) : source[name];
  return typeof value === "string" ? value : null;
}

function uuid(value: unknown): string | undefined {
  return typeof value === "string" && /^[0-9a-f-]{36}$/i.test(value) ? value : undefined;
}
