import { inArray } from "drizzle-orm";
import { TECHNICAL_SYSTEMRECHTE, type Systemrecht } from "../../contract/index.ts";
import type { ReferenceDb } from "../db/client.ts";
import { rolleMerkmal, rolleSystemrecht } from "../db/schema.ts";

/** The columns of a role that `RolleResponse` shows. */
export interface RolleColumns {
  id: string;
  name: string;
  administeredBySchulstrukturknoten: string;
  rollenart: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Roles as `RolleResponse` (PERSONS §2.4, §2.5): with their merkmale and systemrechte, read in one query each. */
export async function rolleResponses<Row extends RolleColumns>(db: ReferenceDb, rows: readonly Row[]) {
  const ids = rows.map((r) => r.id);
  const [merkmale, rechte] = ids.length
    ? await Promise.all([
        db.select().from(rolleMerkmal).where(inArray(rolleMerkmal.rolleId, ids)),
        db.select().from(rolleSystemrecht).where(inArray(rolleSystemrecht.rolleId, ids)),
      ])
    : [[], []];
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    name: r.name,
    administeredBySchulstrukturknoten: r.administeredBySchulstrukturknoten,
    rollenart: r.rollenart,
    merkmale: merkmale.filter((m) => m.rolleId === r.id).map((m) => m.merkmal),
    systemrechte: rechte
      .filter((s) => s.rolleId === r.id)
      .map((s) => ({ name: s.systemrecht, isTechnical: TECHNICAL_SYSTEMRECHTE.includes(s.systemrecht as Systemrecht) })),
    version: r.version,
  }));
}
