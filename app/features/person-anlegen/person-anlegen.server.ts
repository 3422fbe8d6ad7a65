import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { CreatePersonWithPersonenkontexteBody, RolleResponse } from "@contract";
import { befristungToUpstream, formatGermanDay } from "~/dates";
import { errorMessageKey, type ErrorCode } from "~/errors";
import { withReturnPath } from "~/return-path";
import { asUuid, fieldText, postedIntent, readFormData } from "~/.server/form-data.server";
import { guardWhileLoading } from "~/.server/guards.server";
import { getPortalSession, rememberUnansweredWrite, wasUnanswered } from "~/.server/portal-cookie.server";
import { giveBack, spendOnce } from "~/.server/store/einmal.server";
import { personAnlegenSchema, type AnlegenRegeln } from "./person-anlegen-forms";
import { ANLEGEN_VARIANTEN, type AnlegenVariante } from "./varianten";
import { createPersonWithOutcome, PERSON_CREATE_WRITE, personCreateKey } from "./person-anlegen-writes.server";
import type { Angelegt, AnlegenAntwort } from "./views";
import { anlegenSchritt, einheitlich, type Eingabe } from "./anlegen-schritt.server";

/**
 * "Benutzer anlegen" and "Andere Person (neu anlegen)" (inventory §4.9): one form, whose every post (a choice, the
 * organisation search, the create) asks the Personenkontext workflow's step again. Without JavaScript "Auswahl
 * aktualisieren" narrows the choices (organisation → roles → class, Befristung, KoPers); with it a change does the
 * same at once. Only "anlegen" writes, and only when the step says the selection can be committed.
 */

export const INTENTS = ["aktualisieren", "anlegen"] as const;

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
    organisation: asUuid(values.organisation) ?? asUuid(search.get("organisation")),
    rollen: [...new Set([...search.getAll("rolle"), ...(typeof values.rollen === "string" ? [values.rollen] : [])])]
      .filter((id) => asUuid(id))
      .slice(0, 20),
    klasse: asUuid(values.klasse),
    values,
  };
  eingabe.vorherigeOrganisation = eingabe.organisation;
  const { antwort } = await anlegenSchritt(request, variante, eingabe, { fresh: Object.keys(values).length === 0 });
  return antwort;
}

/** What a post of the form asks for. */
function eingabeOf(formData: FormData): Eingabe {
  return {
    schulsuche: (fieldText(formData, "schulsuche") ?? "").trim().slice(0, 100),
    organisation: asUuid(fieldText(formData, "organisation")),
    vorherigeOrganisation: asUuid(fieldText(formData, "vorherigeOrganisation")),
    rollen: [
      ...new Set(formData.getAll("rollen").filter((value): value is string => typeof value === "string" && Boolean(asUuid(value)))),
    ].slice(0, 20),
    klasse: asUuid(fieldText(formData, "klasse")),
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
    return { formData, ...(await anlegenSchritt(request, variante, eingabeOf(formData), { fresh: false })) };
  });
  const intent = postedIntent(formData, INTENTS) ?? "aktualisieren";
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
  const einmal = fieldText(formData, "einmal");
  // Spent in the shared store: a double click or a second instance gets the notice, not a second person.
  if (!einmal || !asUuid(einmal) || !(await spendOnce(einmal, "person-anlegen"))) {
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
    // Nothing was created (or it is not known yet): the same form may be sent again.
    await giveBack(einmal);
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
  return data({ ...antwort, result: null, angelegt }, { headers: { "Cache-Control": "no-store" } });
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
