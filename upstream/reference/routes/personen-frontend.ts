import { type SQL, and, asc, desc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { PersonenFrontendQuery, type PersonSortField } from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import type { ReferenceDb } from "../db/client.ts";
import type { ApiVersion } from "../env.ts";
import { person, personenkontext } from "../db/schema.ts";
import { requireCaller, requireUser } from "../lib/caller.ts";
import { listNotAuthorized } from "../lib/errors.ts";
import { type PermittedOrganisations, isPermittedAnywhere, permittedOrganisations } from "../lib/permissions.ts";
import { entityJson } from "../lib/render.ts";
import { parseOrThrow, readQuery } from "../lib/validation.ts";

/**
 * GET /api/personen-frontend (PERSONS §2.2.1): the person list of the admin screens, body-paged. One statement
 * answers page and total (the total as an uncorrelated scalar subquery, evaluated once); the sort columns have
 * indexes (german_sort_key of the names, username, personalnummer), so a page is an index walk plus an
 * incremental sort of the tie-breakers, also with 100 000 persons.
 */
export function personenFrontendRoutes(version: ApiVersion) {
  const app = new Hono<AppEnv>();

  app.get("/", async (c) => {
    requireUser(c);
    const query = parseOrThrow(PersonenFrontendQuery, readQuery(c.req.url, PersonenFrontendQuery, version));
    const caller = await requireCaller(c);
    const { db } = c.var;

    const permitted = await permittedOrganisations(db, caller.id, ["PERSONEN_VERWALTEN"]);
    if (!(await isPermittedAnywhere(db, permitted))) throw listNotAuthorized();

    const { pageQuery, countOf } = personenPageQuery(db, query, permitted);
    const rows = await pageQuery;
    // A page past the end has no row to carry the total; only then is it counted on its own.
    const total = rows[0]?.total ?? (query.offset ? ((await countOf())[0]?.total ?? 0) : 0);

    return entityJson(c, {
      total,
      offset: query.offset ?? 0,
      limit: query.limit ?? total,
      items: rows.map((row) => ({
        person: {
          id: row.id,
          username: row.username,
          mandant: row.mandant,
          name: { familienname: row.familienname, vorname: row.vorname },
          stammorganisation: row.stammorganisation,
          revision: String(row.revision),
          personalnummer: row.personalnummer,
          // list rows are not enriched with lock or e-mail data (PERSONS §2.2.1)
          userLock: [],
          lastModified: row.updatedAt.toISOString(),
        },
      })),
    });
  });

  return app;
}

/**
 * The page (with the total as an uncorrelated scalar subquery) and, for a page past the end, the count alone.
 * Exported for the test that checks the page is read along the sort index.
 */
export function personenPageQuery(db: ReferenceDb, query: PersonenFrontendQuery, permitted: PermittedOrganisations) {
  const where = and(...filters(query, permitted));
  const columns = {
    id: person.id,
    username: person.username,
    mandant: person.mandant,
    stammorganisation: person.stammorganisation,
    familienname: person.familienname,
    vorname: person.vorname,
    revision: person.revision,
    personalnummer: person.personalnummer,
    updatedAt: person.updatedAt,
  };
  const countOf = () =>
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(person)
      .where(where);
  const pageQuery = db
    .select({ ...columns, total: sql<number>`(${countOf()})`.mapWith(Number) })
    .from(person)
    .where(where)
    .orderBy(...ordering(query.sortField ?? "vorname", query.sortOrder ?? "asc"))
    .$dynamic();
  if (query.offset !== undefined) pageQuery.offset(query.offset);
  if (query.limit !== undefined) pageQuery.limit(query.limit);
  return { pageQuery, countOf };
}

function filters(query: PersonenFrontendQuery, permitted: PermittedOrganisations): SQL[] {
  // written out (not a bound parameter) so that the planner matches the partial sort indexes
  const conditions: SQL[] = [sql`${person.istTechnisch} = false`];
  if (!permitted.all) {
    conditions.push(
      sql`${person.id} IN (SELECT pk.person_id FROM ${personenkontext} pk WHERE pk.organisation_id IN (${permitted.subquery}))`,
    );
  }
  // organisation and role must match on one and the same kontext
  const organisationIds = query.organisationIDs ?? [];
  const rolleIds = query.rolleIDs ?? [];
  if (organisationIds.length > 0 || rolleIds.length > 0) {
    const onKontext: SQL[] = [];
    if (organisationIds.length > 0) onKontext.push(sql`f.organisation_id IN ${organisationIds}`);
    if (rolleIds.length > 0) onKontext.push(sql`f.rolle_id IN ${rolleIds}`);
    conditions.push(sql`${person.id} IN (SELECT f.person_id FROM ${personenkontext} f WHERE ${sql.join(onKontext, sql` AND `)})`);
  }
  if (query.suchFilter) {
    // ILIKE with the input as it is: the upstream escapes neither % nor _
    const pattern = `%${query.suchFilter}%`;
    conditions.push(
      sql`(${person.vorname} ILIKE ${pattern} OR ${person.familienname} ILIKE ${pattern} OR ${person.username} ILIKE ${pattern} OR ${person.personalnummer} ILIKE ${pattern})`,
    );
  }
  if (query.vorname !== undefined) conditions.push(eq(person.vorname, query.vorname));
  if (query.familienname !== undefined) conditions.push(eq(person.familienname, query.familienname));
  return conditions;
}

/**
 * Primary column by its German sort key (username and KoPers number as they are) in the requested direction, nulls last ascending and first
 * descending (PostgreSQL's default); tie-breakers always ascending; the id last so that pages never overlap.
 */
function ordering(field: PersonSortField, order: "asc" | "desc"): SQL[] {
  const direction = order === "desc" ? desc : asc;
  const primary: Record<PersonSortField, SQL> = {
    vorname: sql`german_sort_key(${person.vorname})`,
    familienname: sql`german_sort_key(${person.familienname})`,
    // KoPers numbers are digits: the plain column keeps its unique index usable for the order
    personalnummer: sql`${person.personalnummer}`,
    username: sql`${person.username}`,
  };
  // names compare by their German sort key as tie-breakers too, so "anton" and "Anton" tie and the username decides
  const tieBreakers: Record<PersonSortField, SQL[]> = {
    vorname: [asc(sql`german_sort_key(${person.familienname})`), asc(person.username)],
    familienname: [asc(sql`german_sort_key(${person.vorname})`), asc(person.username)],
    personalnummer: [asc(person.username)],
    username: [],
  };
  return [direction(primary[field]), ...tieBreakers[field], asc(person.id)];
}
