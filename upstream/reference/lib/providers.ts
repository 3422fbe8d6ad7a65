import { asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { ServiceProviderResponse } from "../../contract/index.ts";
import type { ReferenceDb } from "../db/client.ts";
import { serviceProvider, serviceProviderMerkmal } from "../db/schema.ts";
import type { ApiVersion } from "../env.ts";

/** A provider as the API renders it; the current upstream adds fields and renamed a category (see below). */
export type ServiceProviderJson = Omit<ServiceProviderResponse, "kategorie"> & {
  kategorie: string | null;
  logoId?: number | null;
  rollenartenWhitelist?: string[];
};

/** What `loadServiceProviderResponses` reads: the response fields plus those only the current upstream sends. */
export type StoredServiceProvider = ServiceProviderResponse & { logoId: number | null; rollenartenWhitelist: string[] };

/** The pinned upstream knew two offer merkmale; the current one's ANBIETEN_IN_SCHULISCHER_* are not sent there. */
const PINNED_MERKMALE: readonly string[] = ["NACHTRAEGLICH_ZUWEISBAR", "VERFUEGBAR_FUER_ROLLENERWEITERUNG"];
export const merkmaleFor = <T extends string>(merkmale: readonly T[], version: ApiVersion): T[] =>
  version === "pinned" ? merkmale.filter((merkmal) => PINNED_MERKMALE.includes(merkmal)) : [...merkmale];

/**
 * The current upstream removed the category ANGEBOTE and added SCHULISCH (3b22d53b9, ea90d4cc5); its school offers
 * are SCHULISCH. The demo data (and offers created through the current API) are stored as the pinned ANGEBOTE, so
 * the current version renders them as SCHULISCH, and adds `logoId` (absent when none) and `rollenartenWhitelist`.
 */
export function renderServiceProvider(provider: StoredServiceProvider, version: ApiVersion): ServiceProviderJson {
  const { logoId, rollenartenWhitelist, ...response } = provider;
  if (version === "pinned") return { ...response, merkmale: merkmaleFor(response.merkmale, version) };
  return {
    ...response,
    kategorie: provider.kategorie === "ANGEBOTE" ? "SCHULISCH" : provider.kategorie,
    logoId,
    rollenartenWhitelist,
  };
}

/** Columns needed for `ServiceProviderResponse`; the logo bytes are deliberately never selected here. */
const tileColumns = {
  id: serviceProvider.id,
  name: serviceProvider.name,
  target: serviceProvider.target,
  url: serviceProvider.url,
  kategorie: serviceProvider.kategorie,
  hasLogo: sql<boolean>`${isNotNull(serviceProvider.logoMimeType)}`,
  requires2fa: serviceProvider.requires2fa,
  logoId: serviceProvider.logoId,
  rollenartenWhitelist: serviceProvider.rollenartenWhitelist,
};

/** Loads providers matching `where` as ServiceProviderResponse objects, with their merkmale. */
export async function loadServiceProviderResponses(
  db: ReferenceDb,
  where: ReturnType<typeof sql> | ReturnType<typeof eq>,
): Promise<StoredServiceProvider[]> {
  const rows = await db
    .select(tileColumns)
    .from(serviceProvider)
    .where(where)
    .orderBy(asc(sql`german_sort_key(${serviceProvider.name})`));
  if (rows.length === 0) return [];
  const merkmale = await merkmaleOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    target: row.target as ServiceProviderResponse["target"],
    url: row.url,
    kategorie: row.kategorie as ServiceProviderResponse["kategorie"],
    hasLogo: Boolean(row.hasLogo),
    requires2fa: row.requires2fa,
    merkmale: (merkmale.get(row.id) ?? []) as ServiceProviderResponse["merkmale"],
    logoId: row.logoId,
    rollenartenWhitelist: row.rollenartenWhitelist,
  }));
}

/** The merkmale of the providers with these ids, per provider id. */
export async function merkmaleOf(db: ReferenceDb, ids: readonly string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (ids.length === 0) return result;
  const rows = await db
    .select()
    .from(serviceProviderMerkmal)
    .where(inArray(serviceProviderMerkmal.serviceProviderId, [...ids]));
  for (const row of rows) result.set(row.serviceProviderId, [...(result.get(row.serviceProviderId) ?? []), row.merkmal]);
  return result;
}

export async function findLogo(db: ReferenceDb, id: string) {
  const [row] = await db
    .select({ logo: serviceProvider.logo, mime: serviceProvider.logoMimeType })
    .from(serviceProvider)
    .where(eq(serviceProvider.id, id))
    .limit(1);
  return row;
}
