import { asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { ServiceProviderResponse } from "../../contract/index.ts";
import type { ReferenceDb } from "../db/client.ts";
import { serviceProvider, serviceProviderMerkmal } from "../db/schema.ts";
import type { ApiVersion } from "../env.ts";

/** A provider as the API renders it; the current upstream adds fields and renamed a category (see below). */
export type ServiceProviderJson = Omit<ServiceProviderResponse, "kategorie"> & {
  kategorie: string | null;
  rollenartenWhitelist?: string[];
};

/**
 * The current upstream removed the category ANGEBOTE and added SCHULISCH (3b22d53b9, ea90d4cc5); its school offers
 * are SCHULISCH. The demo data keep the pinned ANGEBOTE, so the current version renders them as SCHULISCH, and adds
 * the always present `rollenartenWhitelist` (empty: the reference restricts no offer to rollenarten).
 */
export function renderServiceProvider(provider: ServiceProviderResponse, version: ApiVersion): ServiceProviderJson {
  if (version === "pinned") return provider;
  return {
    ...provider,
    kategorie: provider.kategorie === "ANGEBOTE" ? "SCHULISCH" : provider.kategorie,
    rollenartenWhitelist: [],
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
};

/** Loads providers matching `where` as ServiceProviderResponse objects, with their merkmale. */
export async function loadServiceProviderResponses(
  db: ReferenceDb,
  where: ReturnType<typeof sql> | ReturnType<typeof eq>,
): Promise<ServiceProviderResponse[]> {
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
