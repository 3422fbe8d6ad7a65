import type { PersonenkontextBody, PersonenuebersichtResponse, PersonenzuordnungResponse } from "@contract";
import type { ErrorCode } from "~/errors";
import { getPersonenuebersicht, resetPassword } from "~/.server/upstream/person.server";
import { deletePerson } from "~/.server/upstream/person-lock.server";
import { updatePersonenkontexte } from "~/.server/upstream/personenkontext-workflow.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import type { SchulRolle, ZielPerson } from "./ziel.server";

/**
 * One person's step of each bulk action (inventory §4.7.1–4.7.6). A step that changes Zuordnungen reads the person's
 * overview right before it writes, so the set it sends is the current one and a change made meanwhile by someone
 * else is kept; the upstream's optimistic lock (count and time stamp) refuses the rest as a per-person error.
 */

export type Auftrag =
  | { aktion: "passwort" | "schule" | "loeschen" }
  | { aktion: "klasse"; klasseId: string }
  | { aktion: "rolle-entziehen"; rolle: SchulRolle }
  | {
      aktion: "rolle-zuweisen";
      organisationId: string;
      rolleId: string;
      /** LERN roles carry classes: the pupils' own ("behalten") or one for all. */
      klassen: { wahl: "behalten" } | { wahl: "neu"; klasseId: string } | null;
      /** The upstream's instant, or null for "unbefristet". */
      befristung: string | null;
    };

export type Ergebnis =
  { art: "erledigt"; passwort?: string } | { art: "unveraendert"; grund: UnveraendertGrund } | { art: "fehler"; code: ErrorCode };

export type UnveraendertGrund = "nichtAnSchule" | "schonInKlasse" | "rolleNichtVorhanden" | "schonVorhanden";

/** The run stops: the session or its level ended, so every further call would fail the same way. */
export class LaufAbgebrochen extends Error {
  constructor(readonly ursache: Response | UpstreamFailure) {
    super("bulk run stopped");
  }
}

const STOP_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  "REQUIRED_STEP_UP_LEVEL_NOT_MET",
  "UNAUTHORIZED",
  "KEYCLOAK_USER_NOT_FOUND",
]);

export function schrittFuer(request: Request, auftrag: Auftrag, schuleId: string | null) {
  const step = rohSchritt(request, auftrag, schuleId);
  return async (person: ZielPerson): Promise<Ergebnis> => {
    try {
      return await step(person);
    } catch (error) {
      if (error instanceof UpstreamFailure && !STOP_CODES.has(error.code)) return { art: "fehler", code: error.code };
      // A login redirect (401) or a lost step-up: nothing further can succeed in this run.
      if (error instanceof Response) throw new LaufAbgebrochen(error);
      throw error;
    }
  };
}

function rohSchritt(request: Request, auftrag: Auftrag, schuleId: string | null): (person: ZielPerson) => Promise<Ergebnis> {
  switch (auftrag.aktion) {
    case "passwort":
      return async (person) => ({ art: "erledigt", passwort: await resetPassword(request, person.id) });
    case "loeschen":
      return async (person) => {
        await deletePerson(request, person.id);
        return { art: "erledigt" };
      };
    case "klasse":
      return (person) => changeZuordnungen(request, person, (zuordnungen) => inKlasse(zuordnungen, schuleId ?? "", auftrag.klasseId));
    case "schule":
      return (person) => changeZuordnungen(request, person, (zuordnungen) => ohneSchule(zuordnungen, schuleId ?? ""));
    case "rolle-entziehen":
      return (person) => changeZuordnungen(request, person, (zuordnungen) => ohneRolle(zuordnungen, schuleId ?? "", auftrag.rolle));
    case "rolle-zuweisen":
      return (person) => changeZuordnungen(request, person, (zuordnungen) => mitRolle(zuordnungen, auftrag));
  }
}

/** A Zuordnung as the PUT body describes it, without the person. */
export interface Eintrag {
  organisationId: string;
  rolleId: string;
  befristung: string | null;
}

type Neu = Eintrag[] | { unveraendert: UnveraendertGrund } | { fehler: ErrorCode };

async function changeZuordnungen(
  request: Request,
  person: ZielPerson,
  neu: (zuordnungen: PersonenzuordnungResponse[]) => Neu,
): Promise<Ergebnis> {
  const uebersicht: PersonenuebersichtResponse = await getPersonenuebersicht(request, person.id);
  const desired = neu(uebersicht.zuordnungen);
  if ("unveraendert" in desired) return { art: "unveraendert", grund: desired.unveraendert };
  if ("fehler" in desired) return { art: "fehler", code: desired.fehler };
  const personenkontexte = eindeutig(desired).map((eintrag): PersonenkontextBody => ({
    personId: person.id,
    organisationId: eintrag.organisationId,
    rolleId: eintrag.rolleId,
    ...(eintrag.befristung ? { befristung: eintrag.befristung } : {}),
  }));
  await updatePersonenkontexte(
    request,
    person.id,
    {
      ...(uebersicht.lastModifiedZuordnungen ? { lastModified: uebersicht.lastModifiedZuordnungen } : {}),
      count: uebersicht.zuordnungen.length,
      personenkontexte,
    },
    null,
  );
  return { art: "erledigt" };
}

const eintragVon = (zuordnung: PersonenzuordnungResponse): Eintrag => ({
  organisationId: zuordnung.sskId,
  rolleId: zuordnung.rolleId,
  befristung: zuordnung.befristung ?? null,
});

const istKlasseVon = (zuordnung: PersonenzuordnungResponse, schuleId: string) =>
  zuordnung.typ === "KLASSE" && zuordnung.administriertVon === schuleId;

/** §4.7.2: every pupil class Zuordnung at the school moves to the new class; role and Befristung stay. */
export function inKlasse(zuordnungen: PersonenzuordnungResponse[], schuleId: string, klasseId: string): Neu {
  if (zuordnungen.some((zuordnung) => zuordnung.rollenArt !== "LERN")) return { fehler: "MEHRFACH_NUR_SCHUELER" };
  const klassen = zuordnungen.filter((zuordnung) => istKlasseVon(zuordnung, schuleId));
  if (!zuordnungen.some((zuordnung) => zuordnung.sskId === schuleId)) return { unveraendert: "nichtAnSchule" };
  if (klassen.length > 0 && klassen.every((zuordnung) => zuordnung.sskId === klasseId)) return { unveraendert: "schonInKlasse" };
  return zuordnungen.map((zuordnung) =>
    istKlasseVon(zuordnung, schuleId) ? { ...eintragVon(zuordnung), organisationId: klasseId } : eintragVon(zuordnung),
  );
}

/** §4.7.3: the school and its classes go; everything elsewhere stays. */
export function ohneSchule(zuordnungen: PersonenzuordnungResponse[], schuleId: string): Neu {
  const bleibt = zuordnungen.filter((zuordnung) => zuordnung.sskId !== schuleId && zuordnung.administriertVon !== schuleId);
  if (bleibt.length === zuordnungen.length) return { unveraendert: "nichtAnSchule" };
  return bleibt.map(eintragVon);
}

/**
 * §4.7.4: the role at the school goes; for a pupil role also its classes there (a class Zuordnung needs the same role
 * at the school), and any class of the school left without a school Zuordnung.
 */
export function ohneRolle(zuordnungen: PersonenzuordnungResponse[], schuleId: string, rolle: SchulRolle): Neu {
  let bleibt = zuordnungen.filter((zuordnung) => !(zuordnung.sskId === schuleId && zuordnung.rolleId === rolle.id));
  if (bleibt.length === zuordnungen.length) return { unveraendert: "rolleNichtVorhanden" };
  if (rolle.rollenart === "LERN") {
    bleibt = bleibt.filter((zuordnung) => !(istKlasseVon(zuordnung, schuleId) && zuordnung.rolleId === rolle.id));
    if (!bleibt.some((zuordnung) => zuordnung.sskId === schuleId))
      bleibt = bleibt.filter((zuordnung) => !istKlasseVon(zuordnung, schuleId));
  }
  return bleibt.map(eintragVon);
}

/**
 * §4.7.5: the role at the organisation (and, for a pupil role, at the classes), replacing the same role there. The
 * Befristung is the chosen one, or an earlier one the person already has at the organisation; "unbefristet" is
 * unlimited whatever was there.
 */
export function mitRolle(zuordnungen: PersonenzuordnungResponse[], auftrag: Extract<Auftrag, { aktion: "rolle-zuweisen" }>): Neu {
  const { organisationId, rolleId } = auftrag;
  const anOrganisation = zuordnungen.filter((zuordnung) => zuordnung.sskId === organisationId);
  const bestehend = anOrganisation.map((zuordnung) => zuordnung.befristung).filter((value): value is string => Boolean(value));
  const befristung = auftrag.befristung === null ? null : bestehend.reduce(frueher, auftrag.befristung);
  const klassen =
    auftrag.klassen === null
      ? []
      : auftrag.klassen.wahl === "neu"
        ? [auftrag.klassen.klasseId]
        : [...new Set(zuordnungen.filter((zuordnung) => istKlasseVon(zuordnung, organisationId)).map((zuordnung) => zuordnung.sskId))];
  const ziele = new Set([organisationId, ...klassen]);
  const neu: Eintrag[] = [...ziele].map((id) => ({ organisationId: id, rolleId, befristung }));
  const bleibt = zuordnungen.filter((zuordnung) => !(zuordnung.rolleId === rolleId && ziele.has(zuordnung.sskId))).map(eintragVon);
  const vorher = zuordnungen.map(eintragVon);
  const nachher = [...bleibt, ...neu];
  if (gleich(vorher, nachher)) return { unveraendert: "schonVorhanden" };
  return nachher;
}

const frueher = (a: string, b: string) => (Date.parse(b) < Date.parse(a) ? b : a);

const schluessel = (eintrag: Eintrag) => `${eintrag.organisationId}|${eintrag.rolleId}|${eintrag.befristung ?? ""}`;

function eindeutig(eintraege: Eintrag[]): Eintrag[] {
  const seen = new Map<string, Eintrag>();
  for (const eintrag of eintraege) seen.set(schluessel(eintrag), eintrag);
  return [...seen.values()];
}

function gleich(a: Eintrag[], b: Eintrag[]): boolean {
  const left = new Set(a.map(schluessel));
  const right = new Set(b.map(schluessel));
  return left.size === right.size && [...left].every((key) => right.has(key));
}
