import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type DatabaseHandle, fromPglite, openDatabase } from "../../upstream/reference/db/client.ts";
import { TEMPLATE_PATH } from "./template-path.ts";

/**
 * Where the upstream API tests keep their data. Without DATABASE_URL: PGlite, one in-memory clone of a seeded dump per
 * test file. With DATABASE_URL=postgres://…: the same on a real PostgreSQL server — a seeded template database is
 * built once per run and every test file gets its own `CREATE DATABASE … TEMPLATE` copy (a file copy on the server,
 * well under a second), which is dropped afterwards. The role needs CREATEDB.
 */
export const POSTGRES_URL = process.env.DATABASE_URL || undefined;

/** Names derived from the configured database, so parallel checkouts with different databases never collide. */
export function postgresNames(url: string) {
  const base = new URL(url).pathname.slice(1) || "postgres";
  const safe = base.replace(/[^a-zA-Z0-9_]/g, "_").slice(0, 30);
  return { template: `${safe}_testvorlage`, testPrefix: `${safe}_test_` };
}

export function urlForDatabase(url: string, database: string): string {
  const target = new URL(url);
  target.pathname = `/${database}`;
  return target.toString();
}

/** Runs statements on the configured (maintenance) database; CREATE/DROP DATABASE cannot run inside a pool transaction. */
export async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A fresh, seeded database for one test file. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (!POSTGRES_URL) {
    const dump = await readFile(TEMPLATE_PATH);
    return fromPglite(await PGlite.create({ loadDataDir: new Blob([dump]) }));
  }
  const { template, testPrefix } = postgresNames(POSTGRES_URL);
  const name = `${testPrefix}${randomBytes(6).toString("hex")}`;
  await onServer(POSTGRES_URL, (client) => client.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`));
  const handle = await openDatabase({ databaseUrl: urlForDatabase(POSTGRES_URL, name), dataDir: "" });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await onServer(POSTGRES_URL, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`));
    },
  };
}

export { quoteIdent };
