import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzleProxy } from "drizzle-orm/pg-proxy";
import pg from "pg";
import { env } from "../env.server";
import { askPrimary } from "./via-primary.server";
import * as schema from "./schema.server";
import { openEmbeddedStore, RETENTION_SQL, STORE_DDL, sweepDaily } from "./embedded.server";

/**
 * Opens the portal's store once per process (docs/decisions/035), on first use:
 * - `PORTAL_DATABASE_URL`: PostgreSQL, shared by every portal instance;
 * - under `npm start` without it: the embedded store the start script holds for all its workers on this machine,
 *   reached through the cluster's IPC channel (`PORTAL_STORE_VIA_PRIMARY`);
 * - else (a single process: route tests, a bare remix-serve): embedded in this process, at `PORTAL_DATA_DIR`.
 * Every path runs the same drizzle queries.
 */
export type StoreDb = PgDatabase<PgQueryResultHKT, typeof schema>;

let opened: Promise<StoreDb> | null = null;

export function storeDb(): Promise<StoreDb> {
  opened ??= open().catch((error: unknown) => {
    opened = null;
    throw error;
  });
  return opened;
}

async function open(): Promise<StoreDb> {
  if (env.PORTAL_DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: env.PORTAL_DATABASE_URL, max: 4 });
    // An idle connection the server ends (a restart, a failover) must not end the portal process; the pool reconnects.
    pool.on("error", (error) => console.error("portal store: a connection was lost:", error.message));
    // Instances starting together would race on CREATE TABLE; the advisory lock lets one at a time prepare.
    const client = await pool.connect();
    try {
      await client.query("SELECT pg_advisory_lock(735201)");
      await client.query(STORE_DDL + RETENTION_SQL);
    } finally {
      await client.query("SELECT pg_advisory_unlock(735201)").catch(() => undefined);
      client.release();
    }
    sweepDaily(() => pool.query(RETENTION_SQL));
    return drizzleNodePg(pool, { schema });
  }
  if (env.PORTAL_STORE_VIA_PRIMARY) {
    return drizzleProxy((sql, params, method) => askPrimary({ sql, params, method }), { schema });
  }
  return drizzlePglite(await openEmbeddedStore(env.PORTAL_DATA_DIR), { schema });
}
