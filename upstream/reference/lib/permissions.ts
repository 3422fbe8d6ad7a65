import { type SQL, sql } from "drizzle-orm";
import { ROOT_ORGANISATION_ID, type Systemrecht } from "../../contract/index.ts";
import type { ReferenceDb } from "../db/client.ts";
import { organisation, personenkontext, rolleSystemrecht } from "../db/schema.ts";

/**
 * The permission model of the upstream (ORGANISATIONS_ROLES §0.7, PERSONS §1.7), evaluated in SQL so that it
 * scales to large trees: rights are inherited downwards along `administriertVon` only.
 */

/** `ancestorsOrSelf(o)` as a recursive subquery (UNION, not UNION ALL, stops on accidental cycles). */
function ancestorsOrSelfSql(organisationId: string): SQL {
  return sql`WITH RECURSIVE anc(id, parent) AS (
      SELECT ${organisation.id}, ${organisation.administriertVon} FROM ${organisation} WHERE ${organisation.id} = ${organisationId}
      UNION
      SELECT o.id, o.administriert_von FROM ${organisation} o JOIN anc ON o.id = anc.parent
    ) SELECT id FROM anc`;
}

/** "has right R at organisation O": a kontext at O or an ancestor whose role carries R. */
export async function hasRightAt(db: ReferenceDb, personId: string, organisationId: string, right: Systemrecht) {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(personenkontext)
    .innerJoin(rolleSystemrecht, sql`${rolleSystemrecht.rolleId} = ${personenkontext.rolleId}`)
    .where(
      sql`${personenkontext.personId} = ${personId} AND ${rolleSystemrecht.systemrecht} = ${right}
          AND ${personenkontext.organisationId} IN (${ancestorsOrSelfSql(organisationId)})`,
    )
    .limit(1);
  return rows.length > 0;
}

/** "has rights R1..Rn at ROOT": each right individually via kontexte placed directly at ROOT. */
export async function hasRightsAtRoot(db: ReferenceDb, personId: string, rights: readonly Systemrecht[]) {
  const wanted = [...new Set(rights)];
  if (wanted.length === 0) return true;
  const rows = await db
    .selectDistinct({ right: rolleSystemrecht.systemrecht })
    .from(personenkontext)
    .innerJoin(rolleSystemrecht, sql`${rolleSystemrecht.rolleId} = ${personenkontext.rolleId}`)
    .where(
      sql`${personenkontext.personId} = ${personId} AND ${personenkontext.organisationId} = ${ROOT_ORGANISATION_ID}
          AND ${rolleSystemrecht.systemrecht} IN ${wanted}`,
    );
  return rows.length === wanted.length;
}

export type PermittedOrganisations = { all: true } | { all: false; subquery: SQL };

/**
 * "permitted organisations for R1..Rn with children": ALL when every right is held at ROOT (or the list is empty),
 * otherwise the organisations of kontexte whose single role holds all rights, plus everything administered below them.
 */
export async function permittedOrganisations(
  db: ReferenceDb,
  personId: string,
  rights: readonly Systemrecht[],
): Promise<PermittedOrganisations> {
  const wanted = [...new Set(rights)];
  if (await hasRightsAtRoot(db, personId, wanted)) return { all: true };
  const subquery = sql`WITH RECURSIVE base(id) AS (
      SELECT pk.organisation_id FROM ${personenkontext} pk
      WHERE pk.person_id = ${personId}
        AND (SELECT count(*) FROM ${rolleSystemrecht} rs WHERE rs.rolle_id = pk.rolle_id AND rs.systemrecht IN ${wanted}) = ${wanted.length}
    ), tree(id) AS (
      SELECT id FROM base
      UNION
      SELECT o.id FROM ${organisation} o JOIN tree t ON o.administriert_von = t.id
    ) SELECT id FROM tree`;
  return { all: false, subquery };
}

/** Whether the permitted set holds any organisation at all (empty = the caller has the right nowhere). */
export async function isPermittedAnywhere(db: ReferenceDb, permitted: PermittedOrganisations): Promise<boolean> {
  if (permitted.all) return true;
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(organisation)
    .where(sql`${organisation.id} IN (${permitted.subquery})`)
    .limit(1);
  return rows.length > 0;
}

/** SQL predicate "column lies in the permitted set" (TRUE when everything is permitted). */
export function permittedPredicate(column: SQL | typeof organisation.id, permitted: PermittedOrganisations): SQL {
  return permitted.all ? sql`TRUE` : sql`${column} IN (${permitted.subquery})`;
}

/**
 * PERSONS §1.7 `visible(caller, target, R)`: the target is not technical and either the caller's permitted set for R
 * is ALL or the target has a kontext at an organisation inside that set.
 */
export async function isPersonVisible(
  db: ReferenceDb,
  callerId: string,
  target: { id: string; istTechnisch: boolean },
  right: Systemrecht = "PERSONEN_VERWALTEN",
): Promise<boolean> {
  if (target.istTechnisch) return false;
  const permitted = await permittedOrganisations(db, callerId, [right]);
  if (permitted.all) return true;
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(personenkontext)
    .where(sql`${personenkontext.personId} = ${target.id} AND ${personenkontext.organisationId} IN (${permitted.subquery})`)
    .limit(1);
  return rows.length > 0;
}
