import { type SQL, and, asc, count, eq, like, sql } from "drizzle-orm";
import { type CreateOrganisationBody, ROOT_ORGANISATION_ID, type OrganisationResponse } from "../../contract/index.ts";
import type { ReferenceDb } from "../db/client.ts";
import { organisation } from "../db/schema.ts";

export type OrganisationRow = typeof organisation.$inferSelect;

/** Columns of `OrganisationResponse`, selected directly so list queries never fetch internal columns. */
export const organisationResponseColumns = {
  id: organisation.id,
  administriertVon: organisation.administriertVon,
  zugehoerigZu: organisation.zugehoerigZu,
  kennung: organisation.kennung,
  name: organisation.name,
  namensergaenzung: organisation.namensergaenzung,
  kuerzel: organisation.kuerzel,
  typ: organisation.typ,
  traegerschaft: organisation.traegerschaft,
  itslearningEnabled: organisation.itslearningEnabled,
  version: organisation.version,
};

type ResponseSource = Pick<OrganisationRow, keyof typeof organisationResponseColumns>;

export function toOrganisationResponse(row: ResponseSource): OrganisationResponse {
  return {
    id: row.id,
    administriertVon: row.administriertVon,
    zugehoerigZu: row.zugehoerigZu,
    kennung: row.kennung,
    name: row.name,
    namensergaenzung: row.namensergaenzung,
    kuerzel: row.kuerzel,
    typ: row.typ as OrganisationResponse["typ"],
    traegerschaft: row.traegerschaft,
    itslearningEnabled: row.itslearningEnabled,
    version: row.version,
  };
}

/** The stored fields a create or full-update body sets; optional fields left out are stored as "no value". */
export function columnsFromBody(body: CreateOrganisationBody) {
  return {
    administriertVon: body.administriertVon,
    zugehoerigZu: body.zugehoerigZu,
    name: body.name,
    typ: body.typ,
    kennung: body.kennung ?? null,
    namensergaenzung: body.namensergaenzung ?? null,
    kuerzel: body.kuerzel ?? null,
    traegerschaft: body.traegerschaft ?? null,
    emailAdress: body.emailAdress ?? null,
  };
}

export async function findOrganisation(db: ReferenceDb, id: string): Promise<OrganisationRow | undefined> {
  const [row] = await db.select().from(organisation).where(eq(organisation.id, id)).limit(1);
  return row;
}

/**
 * The two LAND root children are identified by name substring (§4.1): the first organisation administered by ROOT
 * whose name contains "Öffentliche" resp. "Ersatz".
 */
export async function findRootChildren(db: ReferenceDb) {
  const byName = async (fragment: string) => {
    const [row] = await db
      .select()
      .from(organisation)
      .where(and(eq(organisation.administriertVon, ROOT_ORGANISATION_ID), like(organisation.name, `%${fragment}%`)))
      .orderBy(asc(organisation.createdAt), asc(organisation.id))
      .limit(1);
    return row;
  };
  return { oeffentlich: await byName("Öffentliche"), ersatz: await byName("Ersatz") };
}

/** true iff another KLASSE administered (transitively) below the school already carries exactly this name. */
export async function klassenNameTaken(db: ReferenceDb, schuleId: string, name: string): Promise<boolean> {
  const rows = await db
    .select({ id: organisation.id })
    .from(organisation)
    .where(
      sql`${organisation.typ} = 'KLASSE' AND ${organisation.name} = ${name} AND ${organisation.id} IN (
        WITH RECURSIVE below(id) AS (
          SELECT o.id FROM ${organisation} o WHERE o.administriert_von = ${schuleId}
          UNION
          SELECT o.id FROM ${organisation} o JOIN below b ON o.administriert_von = b.id
        ) SELECT id FROM below)`,
    )
    .limit(1);
  return rows.length > 0;
}

export async function kennungTaken(db: ReferenceDb, kennung: string): Promise<boolean> {
  const rows = await db.select({ id: organisation.id }).from(organisation).where(eq(organisation.kennung, kennung)).limit(1);
  return rows.length > 0;
}

/** Träger name rule: differs from ROOT/LAND names and from every other TRAEGER of the same subtree (exact match). */
export async function traegerNameTaken(db: ReferenceDb, landId: string, name: string, excludeId?: string) {
  const rootChildren = await findRootChildren(db);
  const reserved = [(await findOrganisation(db, ROOT_ORGANISATION_ID))?.name, rootChildren.oeffentlich?.name, rootChildren.ersatz?.name];
  if (reserved.includes(name)) return true;
  const rows = await db
    .select({ id: organisation.id })
    .from(organisation)
    .where(and(eq(organisation.typ, "TRAEGER"), eq(organisation.zugehoerigZu, landId), eq(organisation.name, name)));
  return rows.some((row) => row.id !== excludeId);
}

/** Escapes LIKE wildcards so user input only ever matches literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * One page (`offset`/`limit`, both optional) of the organisations matching `where` in the given order, as response
 * columns, and the number of all matches. The number comes with the page (a window count, computed before the page
 * is cut): every list call is one query, not two, in an embedded database that serves one query at a time. Only a
 * page past the end, which has no row to carry it, needs a count of its own.
 */
export async function pageOfOrganisations(
  db: ReferenceDb,
  where: SQL | undefined,
  ordering: SQL[],
  paging: { offset?: number | undefined; limit?: number | undefined },
) {
  const page = db
    .select({ ...organisationResponseColumns, matches: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(organisation)
    .where(where)
    .orderBy(...ordering)
    .$dynamic();
  if (paging.offset !== undefined) page.offset(paging.offset);
  if (paging.limit !== undefined) page.limit(paging.limit);
  const found = await page;
  const rows = found.map(({ matches: _matches, ...row }) => row);
  if (found.length > 0 || !paging.offset) return { rows, total: found[0]?.matches ?? 0 };
  const [counted] = await db.select({ total: count() }).from(organisation).where(where);
  return { rows, total: counted?.total ?? 0 };
}
