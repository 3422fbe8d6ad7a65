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
  const rows = await db.select(tileColumns).from(serviceProvider).where(where).orderBy(asc(serviceProvider.name));
  if (rows.length === 0) return [];
  const merkmale = await db
    .select()
    .from(serviceProviderMerkmal)
    .where(
      inArray(
        serviceProviderMerkmal.serviceProviderId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    target: row.target as ServiceProviderResponse["target"],
    url: row.url,
    kategorie: row.kategorie as ServiceProviderResponse["kategorie"],
    hasLogo: Boolean(row.hasLogo),
    requires2fa: row.requires2fa,
    merkmale: merkmale.filter((m) => m.serviceProviderId === row.id).map((m) => m.merkmal as ServiceProviderResponse["merkmale"][number]),
  }));
}

export async function findLogo(db: ReferenceDb, id: string) {
  const [row] = await db
    .select({ logo: serviceProvider.logo, mime: serviceProvider.logoMimeType })
    .from(serviceProvider)
    .where(eq(serviceProvider.id, id))
    .limit(1);
  return row;
}
