import { asc, eq, inArray, sql } from "drizzle-orm";
import type { RollenMerkmal, Rollenart } from "../../contract/index.ts";
import type { ReferenceDb } from "../db/client.ts";
import type { ApiVersion } from "../env.ts";
import { organisation, personenkontext, rolle, rolleMerkmal } from "../db/schema.ts";
import { dbiamError, notFound } from "./errors.ts";

/**
 * A person's Zuordnungen as the personenkontext workflow changes them (PERSONS §1.9 "Kontext-set rules", §2.4.3;
 * CHANGES-SINCE-PIN §2.9, §3.8): what the rules need to know about roles and organisations, and the rules themselves
 * as pure functions over the complete desired set, so that every rule is decided before anything is written.
 */

export interface RolleInfo {
  id: string;
  rollenart: Rollenart;
  merkmale: RollenMerkmal[];
}

export interface OrganisationInfo {
  id: string;
  typ: string;
  administriertVon: string | null;
}

/** A Zuordnung: stored (with id and timestamps) or desired (from the request). */
export interface Zuordnung {
  organisationId: string;
  rolleId: string;
  /** epoch milliseconds, null = unlimited */
  befristung: number | null;
}

export interface StoredZuordnung extends Zuordnung {
  id: string;
  updatedAt: Date;
}

export async function loadRollen(db: ReferenceDb, ids: readonly string[]): Promise<Map<string, RolleInfo>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const [rows, merkmale] = await Promise.all([
    db.select({ id: rolle.id, rollenart: rolle.rollenart }).from(rolle).where(inArray(rolle.id, unique)),
    db.select().from(rolleMerkmal).where(inArray(rolleMerkmal.rolleId, unique)),
  ]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        rollenart: row.rollenart as Rollenart,
        merkmale: merkmale.filter((m) => m.rolleId === row.id).map((m) => m.merkmal as RollenMerkmal),
      },
    ]),
  );
}

export async function loadOrganisationen(db: ReferenceDb, ids: readonly string[]): Promise<Map<string, OrganisationInfo>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: organisation.id, typ: organisation.typ, administriertVon: organisation.administriertVon })
    .from(organisation)
    .where(inArray(organisation.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The roles and organisations of a set of Zuordnungen, as the rules need them. A role or organisation that does not
 * exist is the not-found 404 (R: the upstream would fail on storing it).
 */
export async function loadRuleData(db: ReferenceDb, zuordnungen: readonly Zuordnung[]) {
  const [rollen, organisationen] = await Promise.all([
    loadRollen(
      db,
      zuordnungen.map((z) => z.rolleId),
    ),
    loadOrganisationen(
      db,
      zuordnungen.map((z) => z.organisationId),
    ),
  ]);
  if (zuordnungen.some((z) => !rollen.has(z.rolleId) || !organisationen.has(z.organisationId))) throw notFound();
  return { rollen, organisationen };
}

/** `DBiamPersonenkontextResponse` items of a person's Zuordnungen (unlimited: null, omitted by the current version). */
export const kontextResponses = (personId: string, zuordnungen: readonly Zuordnung[]) =>
  zuordnungen.map((z) => ({
    personId,
    organisationId: z.organisationId,
    rolleId: z.rolleId,
    befristung: z.befristung === null ? null : new Date(z.befristung).toISOString(),
  }));

type Db = ReferenceDb | Parameters<Parameters<ReferenceDb["transaction"]>[0]>[0];

/** The person's stored Zuordnungen in storage order (creation order: kontexte are never updated in place). */
export async function storedZuordnungen(db: Db, personId: string): Promise<StoredZuordnung[]> {
  const rows = await db
    .select({
      id: personenkontext.id,
      organisationId: personenkontext.organisationId,
      rolleId: personenkontext.rolleId,
      befristung: personenkontext.befristung,
      updatedAt: personenkontext.updatedAt,
    })
    .from(personenkontext)
    .where(eq(personenkontext.personId, personId))
    .orderBy(asc(personenkontext.createdAt), asc(personenkontext.id));
  return rows.map((row) => ({ ...row, befristung: row.befristung?.getTime() ?? null }));
}

/** `lastModifiedZuordnungen`: the latest `updatedAt` of the stored Zuordnungen (milliseconds, as JSON carries it). */
export const lastModifiedOf = (stored: readonly StoredZuordnung[]): number | null =>
  stored.length === 0 ? null : Math.max(...stored.map((z) => z.updatedAt.getTime()));

const samePair = (a: Zuordnung, b: Zuordnung) => a.organisationId === b.organisationId && a.rolleId === b.rolleId;
/** A stored Zuordnung is kept only by a desired one equal in organisation, role and Befristung. */
export const sameZuordnung = (a: Zuordnung, b: Zuordnung) => samePair(a, b) && a.befristung === b.befristung;

/** What a desired set changes: stored ones without an equal desired one go, desired ones without an equal stored one come. */
export function difference<S extends Zuordnung>(stored: readonly S[], desired: readonly Zuordnung[]) {
  const removed = stored.filter((s) => !desired.some((d) => sameZuordnung(s, d)));
  const added: Zuordnung[] = [];
  for (const d of desired) {
    if (!stored.some((s) => sameZuordnung(s, d)) && !added.some((a) => sameZuordnung(a, d))) added.push(d);
  }
  return { removed, added };
}

// ── the rules ──────────────────────────────────────────────────────────────────────────────────────────────────

/** `DbiamPersonenkontexteUpdateError` and `DbiamPersonenkontextError` bodies: the same in both versions, HTTP 400. */
export const updateError = (i18nKey: string) => dbiamError(i18nKey, 400);

/** Literally with a leading space in the upstream's enum (quirk Q6). */
export const BEFRISTUNG_REQUIRED = " BEFRISTUNG_REQUIRED_FOR_PERSONENKONTEXT";

export interface RuleInput {
  version: ApiVersion;
  /** the person's Zuordnungen before the change, in storage order */
  stored: readonly Zuordnung[];
  desired: readonly Zuordnung[];
  rollen: ReadonlyMap<string, RolleInfo>;
  organisationen: ReadonlyMap<string, OrganisationInfo>;
}

/**
 * The set rules in the upstream's order; the first violated one is answered (its i18nKey), null when all hold.
 * Every role and organisation of `stored` and `desired` must be in the maps.
 */
export function violatedRule(input: RuleInput): string | null {
  const { version, stored, desired, rollen, organisationen } = input;
  const rolleOf = (z: Zuordnung) => rollen.get(z.rolleId) as RolleInfo;
  const orgOf = (z: Zuordnung) => organisationen.get(z.organisationId) as OrganisationInfo;
  const isLern = (z: Zuordnung) => rolleOf(z).rollenart === "LERN";
  const atKlasse = (z: Zuordnung) => orgOf(z).typ === "KLASSE";
  const schoolOf = (klasse: Zuordnung) => orgOf(klasse).administriertVon;
  const has = (organisationId: string | null, rolleId: string) =>
    desired.some((z) => z.organisationId === organisationId && z.rolleId === rolleId);

  // 1. One rollenart per person, the one of the first stored role (compared with the set before the change).
  const rollenart = stored.length > 0 ? rolleOf(stored[0]).rollenart : desired.length > 0 ? rolleOf(desired[0]).rollenart : null;
  if (desired.some((z) => rolleOf(z).rollenart !== rollenart)) return "INVALID_PERSONENKONTEXT_FOR_PERSON_WITH_ROLLENART_LERN";

  // 2. Pupils and classes. Pinned: a pupil needs some class. Current: every LERN Zuordnung at a school needs the same
  //    role at a class of that school, and every LERN class Zuordnung the same role at the class's school.
  if (version === "pinned") {
    if (desired.some(isLern) && !desired.some(atKlasse)) return "LERN_HAT_KEINE_KLASSE";
  } else {
    const unpaired = desired.filter(isLern).some((z) => {
      if (atKlasse(z)) return !has(schoolOf(z), z.rolleId);
      if (orgOf(z).typ !== "SCHULE") return false;
      return !desired.some((k) => k.rolleId === z.rolleId && atKlasse(k) && schoolOf(k) === z.organisationId);
    });
    if (unpaired) return "LERN_NOT_AT_SCHULE_AND_KLASSE";
  }

  // 3. A LERN role at most once among the classes of one school.
  const klassenPaare = desired.filter((z) => isLern(z) && atKlasse(z)).map((z) => `${schoolOf(z)}|${z.rolleId}`);
  if (new Set(klassenPaare).size !== klassenPaare.length) return "DUPLICATE_KLASSENKONTEXT_FOR_SAME_ROLLE";

  // 4. Roles with BEFRISTUNG_PFLICHT need an end date.
  if (desired.some((z) => z.befristung === null && rolleOf(z).merkmale.includes("BEFRISTUNG_PFLICHT"))) return BEFRISTUNG_REQUIRED;

  // Beyond the upstream's HTTP API (PERSONS §1.9 "Not enforced"; the reference may add them with these keys), so a
  // change the portal should never send is still refused: only teachers and pupils at a class, and a class
  // Zuordnung only with the same role at the class's school (which also keeps a pupil at classes of his school).
  if (desired.some((z) => atKlasse(z) && !["LEHR", "LERN"].includes(rolleOf(z).rollenart))) return "NUR_LEHR_UND_LERN_AN_KLASSE";
  if (desired.some((z) => atKlasse(z) && !has(schoolOf(z), z.rolleId))) return "GLEICHE_ROLLE_AN_KLASSE_WIE_SCHULE";

  return null;
}

/** The ids of organisations at which `organisationId` lies: itself and every organisation above it. */
export async function ancestorsOrSelf(db: ReferenceDb, organisationId: string): Promise<string[]> {
  const rows = await db
    .select({ id: organisation.id })
    .from(organisation)
    .where(
      sql`${organisation.id} IN (WITH RECURSIVE anc(id, parent) AS (
        SELECT o.id, o.administriert_von FROM ${organisation} o WHERE o.id = ${organisationId}
        UNION
        SELECT o.id, o.administriert_von FROM ${organisation} o JOIN anc ON o.id = anc.parent
      ) SELECT id FROM anc)`,
    );
  return rows.map((row) => row.id);
}
