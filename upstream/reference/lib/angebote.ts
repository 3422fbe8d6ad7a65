import { type SQL, and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Systemrecht } from "../../contract/index.ts";
import type { ReferenceDb } from "../db/client.ts";
import {
  organisation,
  personenkontext,
  rolle,
  rollenerweiterung,
  rolleServiceProvider,
  rolleSystemrecht,
  serviceProvider,
} from "../db/schema.ts";
import type { ApiVersion } from "../env.ts";
import { hasRightAt } from "./permissions.ts";
import { merkmaleFor } from "./providers.ts";
import { findProviders } from "./rolle-regeln.ts";

/**
 * Offers an administrator manages (ORGANISATIONS_ROLES §6.4–§6.6, CHANGES-SINCE-PIN §3.9): the list items and the
 * detail of `GET /api/provider/manageable…`. The demo data keep the pinned category ANGEBOTE, which the current
 * version names SCHULISCH (as `renderServiceProvider` does).
 */

/** Sort position of a stored category: the database enum order EMAIL, UNTERRICHT, VERWALTUNG, HINWEISE, ANGEBOTE/SCHULISCH. */
export const kategorieOrder = sql`CASE ${serviceProvider.kategorie}
  WHEN 'EMAIL' THEN 0 WHEN 'UNTERRICHT' THEN 1 WHEN 'VERWALTUNG' THEN 2 WHEN 'HINWEISE' THEN 3 ELSE 4 END`;

/** The stored category of a category the current version names. */
export const storedKategorie = (kategorie: string) => (kategorie === "SCHULISCH" ? "ANGEBOTE" : kategorie);
const renderedKategorie = (kategorie: string, version: ApiVersion) =>
  version === "current" && kategorie === "ANGEBOTE" ? "SCHULISCH" : kategorie;

/** The current manageable list names at most 20 roles per offer (66af048bf). */
const ROLLEN_IN_LIST = 20;

const columns = {
  id: serviceProvider.id,
  name: serviceProvider.name,
  target: serviceProvider.target,
  url: serviceProvider.url,
  kategorie: serviceProvider.kategorie,
  requires2fa: serviceProvider.requires2fa,
  vidisAngebotId: serviceProvider.vidisAngebotId,
  logoId: serviceProvider.logoId,
  rollenartenWhitelist: serviceProvider.rollenartenWhitelist,
  ownerId: organisation.id,
  ownerName: organisation.name,
  ownerKennung: organisation.kennung,
};

/** One page of the offers matching `where`, in category order, then name; and the number of all matches. */
export async function pageOfManageable(db: ReferenceDb, where: SQL, paging: { offset?: number; limit?: number }) {
  const [{ total }] = await db.select({ total: count() }).from(serviceProvider).where(where);
  const query = db
    .select(columns)
    .from(serviceProvider)
    .innerJoin(organisation, eq(organisation.id, serviceProvider.providedOnSchulstrukturknoten))
    .where(where)
    .orderBy(kategorieOrder, asc(sql`german_sort_key(${serviceProvider.name})`), asc(serviceProvider.id))
    .$dynamic();
  if (paging.offset !== undefined) query.offset(paging.offset);
  if (paging.limit !== undefined) query.limit(paging.limit);
  return { rows: total > 0 ? await query : [], total };
}

type ManageableRow = Awaited<ReturnType<typeof pageOfManageable>>["rows"][number];

/** Merkmale, roles naming the offer directly (technical ones included, by name) and whether Rollenerweiterungen exist. */
async function detailsOf(db: ReferenceDb, rows: readonly ManageableRow[], version: ApiVersion) {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return { merkmale: new Map<string, string[]>(), rollen: [], erweitert: new Set<string>() };
  const [providers, rollen, erweiterungen] = await Promise.all([
    findProviders(db, ids),
    db
      .select({ providerId: rolleServiceProvider.serviceProviderId, id: rolle.id, name: rolle.name })
      .from(rolleServiceProvider)
      .innerJoin(rolle, eq(rolle.id, rolleServiceProvider.rolleId))
      .where(inArray(rolleServiceProvider.serviceProviderId, ids))
      .orderBy(asc(sql`german_sort_key(${rolle.name})`), asc(rolle.id)),
    db
      .selectDistinct({ providerId: rollenerweiterung.serviceProviderId })
      .from(rollenerweiterung)
      .where(inArray(rollenerweiterung.serviceProviderId, ids)),
  ]);
  return {
    merkmale: new Map(providers.map((provider) => [provider.id, merkmaleFor(provider.merkmale, version)])),
    rollen,
    erweitert: new Set(erweiterungen.map((row) => row.providerId)),
  };
}

/** The fields list items and the detail share. */
const commonFields = (row: ManageableRow, version: ApiVersion) => ({
  id: row.id,
  name: row.name,
  administrationsebene: { id: row.ownerId, name: row.ownerName, kennung: row.ownerKennung },
  kategorie: renderedKategorie(row.kategorie, version),
  requires2fa: row.requires2fa,
});

/** Items of `GET /api/provider/manageable`: pinned `ManageableServiceProviderListEntryResponse`, current the "simple" entry. */
export async function manageableListItems(db: ReferenceDb, rows: readonly ManageableRow[], version: ApiVersion) {
  const { merkmale, rollen, erweitert } = await detailsOf(db, rows, version);
  return rows.map((row) => {
    const rollenOf = rollen.filter((r) => r.providerId === row.id).map(({ id, name }) => ({ id, name }));
    const common = commonFields(row, version);
    if (version === "pinned") {
      return { ...common, merkmale: merkmale.get(row.id) ?? [], hasRollenerweiterung: erweitert.has(row.id), rollen: rollenOf };
    }
    return {
      ...common,
      vidisAngebotId: row.vidisAngebotId,
      merkmale: merkmale.get(row.id) ?? [],
      rollenartenWhitelist: row.rollenartenWhitelist,
      hasRollenerweiterungen: erweitert.has(row.id),
      rollen: rollenOf.slice(0, ROLLEN_IN_LIST),
      // every listed offer lies in the caller's ANGEBOTE_VERWALTEN scope
      hasSomeVerwaltenPermission: true,
    };
  });
}

/** `ManageableServiceProviderResponse` of `GET /api/provider/manageable/{id}`; `relevant` = the current version's rights. */
export async function manageableDetail(db: ReferenceDb, row: ManageableRow, version: ApiVersion, relevant: Systemrecht[]) {
  const { merkmale, rollen, erweitert } = await detailsOf(db, [row], version);
  const own = merkmale.get(row.id) ?? [];
  const url = row.target === "URL" && row.url !== null ? { url: row.url } : {};
  const base = {
    ...commonFields(row, version),
    merkmale: own,
    ...url,
    hasRollenerweiterung: erweitert.has(row.id),
    rollen: rollen.map(({ id, name }) => ({ id, name })),
  };
  if (version === "pinned") return base;
  return {
    ...base,
    logoId: row.logoId,
    vidisAngebotId: row.vidisAngebotId,
    rollenartenWhitelist: row.rollenartenWhitelist,
    availableForRollenerweiterung: own.includes("VERFUEGBAR_FUER_ROLLENERWEITERUNG"),
    relevantSystemrechte: relevant,
  };
}

/**
 * Which offer rights of the current upstream apply to an offer owned by `ownerId` (2293b0dea): ANGEBOTE_VERWALTEN and
 * ANGEBOTE_EINGESCHRAENKT_VERWALTEN at the owner (incl. ancestors), ROLLEN_ERWEITERN at the owner or below it.
 */
export async function relevantOfferRights(db: ReferenceDb, callerId: string, ownerId: string): Promise<Systemrecht[]> {
  const rights: Systemrecht[] = [];
  for (const right of ["ANGEBOTE_VERWALTEN", "ANGEBOTE_EINGESCHRAENKT_VERWALTEN"] as const) {
    if (await hasRightAt(db, callerId, ownerId, right)) rights.push(right);
  }
  const below = sql`WITH RECURSIVE down(id) AS (
      SELECT ${ownerId}::uuid
      UNION
      SELECT o.id FROM ${organisation} o JOIN down ON o.administriert_von = down.id
    ) SELECT id FROM down`;
  const atOrBelow = await db
    .select({ one: sql<number>`1` })
    .from(personenkontext)
    .innerJoin(rolleSystemrecht, eq(rolleSystemrecht.rolleId, personenkontext.rolleId))
    .where(
      and(
        eq(personenkontext.personId, callerId),
        eq(rolleSystemrecht.systemrecht, "ROLLEN_ERWEITERN"),
        sql`${personenkontext.organisationId} IN (${below})`,
      ),
    )
    .limit(1);
  if (atOrBelow.length > 0 || (await hasRightAt(db, callerId, ownerId, "ROLLEN_ERWEITERN"))) rights.push("ROLLEN_ERWEITERN");
  return rights;
}
