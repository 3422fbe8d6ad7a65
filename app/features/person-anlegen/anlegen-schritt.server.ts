import { getZodConstraint } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import type { RolleResponse } from "@contract";
import { organisationLabel } from "~/organisation-label";
import { defaultBefristungArt, PFLICHT_BISHER_FIELD, startsFromDefaultBefristung } from "~/features/zuordnungen/befristung-wahl";
import { klassenOf, ORGANISATIONEN_LIMIT } from "~/features/zuordnungen/zuordnungen.server";
import { fieldText } from "~/.server/form-data.server";
import { workflowStep } from "~/.server/upstream/personenkontext-workflow.server";
import { KEINE_REGELN, personAnlegenSchema, type AnlegenRegeln } from "./person-anlegen-forms";
import { ANLEGEN_VARIANTEN, type AnlegenVariante } from "./varianten";
import type { AnlegenAntwort, AnlegenAnsicht } from "./views";

/** The values a form starts from or was sent with. */
export interface Eingabe {
  schulsuche: string;
  organisation?: string;
  /** The organisation the form's roles were offered for: another one means the roles start again. */
  vorherigeOrganisation?: string;
  rollen: string[];
  klasse?: string;
  values: Record<string, unknown>;
}

/** All chosen roles are of one kind (rollenart): the upstream gives a person roles of one kind only. */
export function einheitlich(rollen: readonly RolleResponse[]): boolean {
  return new Set(rollen.map((rolle) => rolle.rollenart)).size <= 1;
}

/**
 * Asks the workflow step for the choices that fit the input, and answers the form with them: values that no longer
 * fit are dropped (roles of another organisation, a class of another school), defaults set where a rule changed.
 */
export async function anlegenSchritt(request: Request, variante: AnlegenVariante, eingabe: Eingabe, { fresh }: { fresh: boolean }) {
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
    // A changed duty (another role) starts from its own default; "unbefristet" never stays on a role with the duty.
    befristung: startsFromDefaultBefristung(
      { art: befristungArt, pflichtBisher: values[PFLICHT_BISHER_FIELD] },
      regeln.befristungPflicht,
      fresh,
    )
      ? { art: defaultBefristungArt(regeln.befristungPflicht) }
      : { art: befristungArt as string, datum: fieldText(values, "befristung.datum") ?? undefined },
    vorname: fieldText(values, "vorname") ?? "",
    familienname: fieldText(values, "familienname") ?? "",
    kopers: fieldText(values, "kopers") ?? "",
    ohneKopers: fieldText(values, "ohneKopers") ?? undefined,
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
