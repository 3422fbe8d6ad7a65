import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema.ts";

/** Driver-independent drizzle handle: PGlite (embedded) and node-postgres both satisfy it. */
export type ReferenceDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: ReferenceDb;
  /** Applies all committed drizzle-kit migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * PGlite answers every query inside promise callbacks, without ever returning to the event loop. Under load one
 * query's continuation starts the next, so the process would accept no connection and read no socket until all
 * queued work is done: connections waited in the kernel's accept queue for ten seconds while the requests already
 * read were served (docs/decisions/011). Each query therefore starts with a turn of the event loop.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function yieldingQueries(client: PGlite): PGlite {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  client.query = (async (...args: Parameters<PGlite["query"]>) => {
    await nextTurn();
    return query(...args);
  }) as PGlite["query"];
  client.exec = (async (...args: Parameters<PGlite["exec"]>) => {
    await nextTurn();
    return exec(...args);
  }) as PGlite["exec"];
  return client;
}

/** Wraps an already opened PGlite instance (tests clone a seeded template into memory). */
export function fromPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(yieldingQueries(client), { schema });
  return {
    db,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzleNodePg(pool, { schema });
    return {
      db,
      migrate: () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
    };
  }
  await mkdir(options.dataDir, { recursive: true });
  return fromPglite(await PGlite.create({ dataDir: options.dataDir }));
}
