import { type SQL, and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Systemrecht } from "../../contract/index.ts";
import type { ReferenceDb } from "../db/client.ts";
import { organisation, personenkontext, rolle, rolleServiceProvider, serviceProvider } from "../db/schema.ts";
import { merkmaleOf } from "./providers.ts";
import { dbiamError } from "./errors.ts";
import { hasRightsAtRoot, permittedOrganisations } from "./permissions.ts";
import { rolleResponses } from "./rollen.ts";

/**
 * The rules of roles (ORGANISATIONS_ROLES §5.0, CHANGES-SINCE-PIN §2.8, §3.10), shared by the role routes and the
 * offer routes. Refusals of the role module are Dbiam bodies with HTTP status = code.
 */

export const rolleError = (key: string, code = 400) => dbiamError(key, code);

export type RolleRow = typeof rolle.$inferSelect;

/** A role by id; technical roles do not exist for the API (§5.0). */
export async function findRolle(db: ReferenceDb, id: string): Promise<RolleRow | undefined> {
  const [row] = await db
    .select()
    .from(rolle)
    .where(and(eq(rolle.id, id), eq(rolle.istTechnisch, false)))
    .limit(1);
  return row;
}

/** `ancestorsOrSelf(o)` along `administriertVon` as a subquery of ids. */
export function ancestorsOrSelf(organisationId: string): SQL {
  return sql`WITH RECURSIVE anc(id, parent) AS (
      SELECT o.id, o.administriert_von FROM ${organisation} o WHERE o.id = ${organisationId}
      UNION
      SELECT o.id, o.administriert_von FROM ${organisation} o JOIN anc ON o.id = anc.parent
    ) SELECT id FROM anc`;
}

/**
 * "organisation lies in the caller's permitted organisations for `rights` (with children)" (§0.7): the visibility
 * and management check of roles (ROLLEN_VERWALTEN over the owner) and of Rollenerweiterungen (ROLLEN_ERWEITERN).
 */
export async function isPermittedAt(db: ReferenceDb, callerId: string, organisationId: string, rights: readonly Systemrecht[]) {
  const permitted = await permittedOrganisations(db, callerId, rights);
  // an unknown organisation is permitted to nobody, not even a holder at ROOT
  const inScope = permitted.all ? sql`TRUE` : sql`${organisation.id} IN (${permitted.subquery})`;
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(organisation)
    .where(sql`${organisation.id} = ${organisationId} AND ${inScope}`)
    .limit(1);
  return rows.length > 0;
}

/**
 * The current role list's default scope (93fecf70e): owners where the caller holds all `rights` in one role,
 * **without** the organisations below them; every organisation for a holder at ROOT.
 */
export async function ownersWithoutChildren(db: ReferenceDb, callerId: string, rights: readonly Systemrecht[]): Promise<SQL | "all"> {
  const wanted = [...new Set(rights)];
  if (await hasRightsAtRoot(db, callerId, wanted)) return "all";
  return sql`SELECT pk.organisation_id FROM ${personenkontext} pk
    WHERE pk.person_id = ${callerId}
      AND (SELECT count(*) FROM rolle_systemrecht rs WHERE rs.rolle_id = pk.rolle_id AND rs.systemrecht IN ${wanted}) = ${wanted.length}`;
}

/** "must not start or end with a space and must not be blank" (`ROLLENNAME_ENTHAELT_LEERZEICHEN`). */
export function checkRolleName(name: string) {
  if (name.trim() !== name || name.trim() === "") throw rolleError("ROLLENNAME_ENTHAELT_LEERZEICHEN");
}

/** `ROLLE_NAME_UNIQUE_ON_SSK`: exactly the same name at the same owner (technical roles included), another role. */
export async function checkNameUnique(db: ReferenceDb, name: string, ownerId: string, selfId?: string) {
  const conditions = [eq(rolle.name, name), eq(rolle.administeredBySchulstrukturknoten, ownerId)];
  if (selfId) conditions.push(ne(rolle.id, selfId));
  const rows = await db
    .select({ id: rolle.id })
    .from(rolle)
    .where(and(...conditions))
    .limit(1);
  if (rows.length > 0) throw rolleError("ROLLE_NAME_UNIQUE_ON_SSK");
}

/** Whether any Personenkontext uses the role (merkmale frozen, offers only NACHTRAEGLICH_ZUWEISBAR, no deletion). */
export async function isRolleInUse(db: ReferenceDb, rolleId: string) {
  const rows = await db.select({ id: personenkontext.id }).from(personenkontext).where(eq(personenkontext.rolleId, rolleId)).limit(1);
  return rows.length > 0;
}

/** The offers with these ids that exist, with their owner and merkmale. */
export async function findProviders(db: ReferenceDb, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: serviceProvider.id, owner: serviceProvider.providedOnSchulstrukturknoten })
    .from(serviceProvider)
    .where(inArray(serviceProvider.id, [...ids]));
  const merkmale = await merkmaleOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, merkmale: merkmale.get(row.id) ?? [] }));
}

/** `SERVICE_PROVIDER_PROVIDED_OUT_OF_TREE` (current): every offer is owned by the role's owner or an ancestor of it. */
export async function checkProvidersInTree(db: ReferenceDb, ownerId: string, providers: ReadonlyArray<{ owner: string }>) {
  if (providers.length === 0) return;
  const allowed = new Set(await ancestorIds(db, ownerId));
  if (providers.some((provider) => !allowed.has(provider.owner))) throw rolleError("SERVICE_PROVIDER_PROVIDED_OUT_OF_TREE");
}

/** The organisation itself and its ancestors along `administriertVon`. */
export async function ancestorIds(db: ReferenceDb, organisationId: string): Promise<string[]> {
  const rows = await db
    .select({ id: organisation.id })
    .from(organisation)
    .where(sql`${organisation.id} IN (${ancestorsOrSelf(organisationId)})`);
  return rows.map((row) => row.id);
}

/** The role's offers in the role's order. */
export async function providerIdsOf(db: ReferenceDb, rolleId: string): Promise<string[]> {
  const rows = await db
    .select({ id: rolleServiceProvider.serviceProviderId })
    .from(rolleServiceProvider)
    .where(eq(rolleServiceProvider.rolleId, rolleId))
    .orderBy(asc(rolleServiceProvider.position), asc(rolleServiceProvider.serviceProviderId));
  return rows.map((row) => row.id);
}

/** Replaces the role's offers by `ids`, in that order. */
export async function replaceProviders(db: ReferenceDb, rolleId: string, ids: readonly string[]) {
  await db.delete(rolleServiceProvider).where(eq(rolleServiceProvider.rolleId, rolleId));
  if (ids.length > 0) {
    await db.insert(rolleServiceProvider).values(ids.map((serviceProviderId, position) => ({ rolleId, serviceProviderId, position })));
  }
}

export interface OwnerInfo {
  ownerName: string | null;
  ownerKennung: string | null;
}

/**
 * Roles as `RolleWithServiceProvidersResponse`: `RolleResponse` plus the offers that still exist, in the role's
 * order; with `owner` (the list) also the owner's name and Kennung.
 */
export async function rolleWithServiceProviders<Row extends RolleRow & Partial<OwnerInfo>>(
  db: ReferenceDb,
  rows: readonly Row[],
  { owner = false }: { owner?: boolean } = {},
) {
  const responses = await rolleResponses(db, rows);
  const ids = rows.map((row) => row.id);
  const links = ids.length
    ? await db
        .select({ rolleId: rolleServiceProvider.rolleId, id: serviceProvider.id, name: serviceProvider.name })
        .from(rolleServiceProvider)
        .innerJoin(serviceProvider, eq(serviceProvider.id, rolleServiceProvider.serviceProviderId))
        .where(inArray(rolleServiceProvider.rolleId, ids))
        .orderBy(asc(rolleServiceProvider.position), asc(serviceProvider.id))
    : [];
  return responses.map((response, index) => ({
    ...response,
    ...(owner
      ? {
          administeredBySchulstrukturknotenName: rows[index].ownerName ?? null,
          administeredBySchulstrukturknotenKennung: rows[index].ownerKennung ?? null,
        }
      : {}),
    serviceProviders: links.filter((link) => link.rolleId === response.id).map(({ id, name }) => ({ id, name })),
  }));
}

/** PostgreSQL refused a delete because a row still refers to it (SQLSTATE 23503), also when drizzle wrapped it. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if ((current as Error & { code?: unknown }).code === "23503") return true;
  }
  return false;
}

/** The role is owned at the organisation or one of its ancestors (where a Rollenerweiterung may name it). */
export async function isOwnedAtOrAbove(db: ReferenceDb, role: RolleRow, organisationId: string) {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(organisation)
    .where(
      sql`${organisation.id} = ${role.administeredBySchulstrukturknoten} AND ${organisation.id} IN (${ancestorsOrSelf(organisationId)})`,
    )
    .limit(1);
  return rows.length > 0;
}
