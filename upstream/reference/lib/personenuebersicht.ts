import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { ReferenceDb } from "../db/client.ts";
import { organisation, person, personenkontext, rolle, rolleMerkmal } from "../db/schema.ts";
import { type PermittedOrganisations, permittedPredicate } from "./permissions.ts";

/**
 * The Personenübersicht (PERSONS §2.3): a person with all its Zuordnungen, as the list and the details page read it.
 * `editable` is decided by the caller: the POST marks every Zuordnung editable (quirk Q3), the GET asks whether the
 * Zuordnung's organisation lies in the caller's permitted set for PERSONEN_VERWALTEN.
 */

export interface Personenzuordnung {
  sskId: string;
  rolleId: string;
  sskName: string;
  sskDstNr: string | null;
  rolle: string;
  rollenArt: string;
  administriertVon: string | null;
  typ: string;
  editable: boolean;
  befristung: string | null;
  merkmale: string[];
  admins?: string[];
}

export interface Personenuebersicht {
  personId: string;
  vorname: string;
  nachname: string;
  benutzername?: string;
  lastModifiedZuordnungen?: string;
  zuordnungen: Personenzuordnung[];
}

export type EditableRule = { always: true } | { always: false; permitted: PermittedOrganisations };

/** Overviews of the given persons in the order of `personIds` (unknown ids are skipped, repeated ids answered once). */
export async function loadPersonenuebersichten(
  db: ReferenceDb,
  personIds: readonly string[],
  editable: EditableRule,
): Promise<Personenuebersicht[]> {
  const ids = [...new Set(personIds)];
  if (ids.length === 0) return [];
  const editableColumn = editable.always
    ? sql<boolean>`TRUE`
    : sql<boolean>`(${permittedPredicate(sql`${personenkontext.organisationId}`, editable.permitted)})`;

  const [persons, kontexte] = await Promise.all([
    db
      .select({ id: person.id, vorname: person.vorname, familienname: person.familienname, username: person.username })
      .from(person)
      .where(inArray(person.id, ids)),
    db
      .select({
        personId: personenkontext.personId,
        updatedAt: personenkontext.updatedAt,
        befristung: personenkontext.befristung,
        sskId: organisation.id,
        sskName: organisation.name,
        sskDstNr: organisation.kennung,
        administriertVon: organisation.administriertVon,
        typ: organisation.typ,
        rolleId: rolle.id,
        rolle: rolle.name,
        rollenArt: rolle.rollenart,
        editable: editableColumn,
      })
      .from(personenkontext)
      .innerJoin(organisation, eq(organisation.id, personenkontext.organisationId))
      .innerJoin(rolle, eq(rolle.id, personenkontext.rolleId))
      .where(inArray(personenkontext.personId, ids))
      // "storage order": kontexte are never updated in place, so creation order is their order in the table
      .orderBy(asc(personenkontext.createdAt), asc(personenkontext.id)),
  ]);

  const rolleIds = [...new Set(kontexte.map((k) => k.rolleId))];
  const adminOrgIds = [...new Set(kontexte.filter((k) => k.rollenArt !== "LEIT").map((k) => k.sskId))];
  const [merkmalRows, adminRows] = await Promise.all([
    rolleIds.length === 0
      ? []
      : db
          .select({ rolleId: rolleMerkmal.rolleId, merkmal: rolleMerkmal.merkmal })
          .from(rolleMerkmal)
          .where(inArray(rolleMerkmal.rolleId, rolleIds)),
    adminOrgIds.length === 0 ? [] : schoolLeaders(db, adminOrgIds),
  ]);

  const merkmale = groupBy(
    merkmalRows,
    (row) => row.rolleId,
    (row) => row.merkmal,
  );
  const admins = groupBy(
    adminRows,
    (row) => row.organisationId,
    (row) => `${row.vorname} ${row.familienname}`,
  );
  const kontexteOf = groupBy(
    kontexte,
    (row) => row.personId,
    (row) => row,
  );
  const byId = new Map(persons.map((row) => [row.id, row]));

  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const own = kontexteOf.get(id) ?? [];
    const lastModified = own.reduce<Date | null>((latest, k) => (latest === null || k.updatedAt > latest ? k.updatedAt : latest), null);
    const uebersicht: Personenuebersicht = {
      personId: row.id,
      vorname: row.vorname,
      nachname: row.familienname,
      ...(row.username === null ? {} : { benutzername: row.username }),
      ...(lastModified === null ? {} : { lastModifiedZuordnungen: lastModified.toISOString() }),
      zuordnungen: own.map((k) => ({
        sskId: k.sskId,
        rolleId: k.rolleId,
        sskName: k.sskName,
        sskDstNr: k.sskDstNr,
        rolle: k.rolle,
        rollenArt: k.rollenArt,
        administriertVon: k.administriertVon,
        typ: k.typ,
        editable: Boolean(k.editable),
        befristung: k.befristung ? k.befristung.toISOString() : null,
        merkmale: merkmale.get(k.rolleId) ?? [],
        ...(k.rollenArt === "LEIT" ? {} : { admins: admins.get(k.sskId) ?? [] }),
      })),
    };
    return [uebersicht];
  });
}

/**
 * Which of the ids the caller may see in the overview: with everything permitted all of them, otherwise those with a
 * kontext at a permitted organisation. Technical persons are not excluded here (PERSONS §1.7).
 */
export async function administeredPersonIds(
  db: ReferenceDb,
  personIds: readonly string[],
  permitted: PermittedOrganisations,
): Promise<Set<string>> {
  const ids = [...new Set(personIds)];
  if (ids.length === 0) return new Set();
  if (permitted.all) return new Set(ids);
  const rows = await db
    .selectDistinct({ personId: personenkontext.personId })
    .from(personenkontext)
    .where(and(inArray(personenkontext.personId, ids), permittedPredicate(sql`${personenkontext.organisationId}`, permitted)));
  return new Set(rows.map((row) => row.personId));
}

/**
 * Persons holding a LEIT role at one of the organisations: whom a Zuordnung's holder can contact. The LEIT roles are
 * looked up first, so that the kontexte are found through the role index: a school has thousands of pupils' kontexte
 * but only a handful of leaders.
 */
async function schoolLeaders(db: ReferenceDb, organisationIds: string[]) {
  const leitRollen = await db.select({ id: rolle.id }).from(rolle).where(eq(rolle.rollenart, "LEIT"));
  if (leitRollen.length === 0) return [];
  return db
    .select({ organisationId: personenkontext.organisationId, vorname: person.vorname, familienname: person.familienname })
    .from(personenkontext)
    .innerJoin(person, eq(person.id, personenkontext.personId))
    .where(
      and(
        inArray(
          personenkontext.rolleId,
          leitRollen.map((r) => r.id),
        ),
        inArray(personenkontext.organisationId, organisationIds),
      ),
    )
    .orderBy(asc(personenkontext.createdAt), asc(personenkontext.id));
}

function groupBy<T, V>(rows: readonly T[], key: (row: T) => string, value: (row: T) => V): Map<string, V[]> {
  const groups = new Map<string, V[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(value(row));
    else groups.set(key(row), [value(row)]);
  }
  return groups;
}
