import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { fromPglite, openDatabase } from "../../upstream/reference/db/client.ts";
import { seedDemoData } from "../../upstream/reference/seed/index.ts";
import { TEMPLATE_PATH } from "./template-path.ts";
import { POSTGRES_URL, onServer, postgresNames, quoteIdent, urlForDatabase } from "./test-database.ts";

/**
 * Builds one migrated and seeded database per test run; every test file then clones it (test-database.ts) instead
 * of paying migrations + seed (several seconds) again. PGlite: a data-dir dump. PostgreSQL: a template database.
 */
export default async function setup() {
  if (POSTGRES_URL) return setupPostgres(POSTGRES_URL);
  const client = await PGlite.create();
  const handle = fromPglite(client);
  await handle.migrate();
  await seedDemoData(handle.db);
  const dump = await client.dumpDataDir("none");
  await mkdir(dirname(TEMPLATE_PATH), { recursive: true });
  // Written aside and renamed into place: the route tests build the same template while the upstream tests may be
  // reading it (`npm test` runs them side by side), and a reader must never see a half-written file.
  const partial = `${TEMPLATE_PATH}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, TEMPLATE_PATH);
  await client.close();
}

async function setupPostgres(url: string) {
  const { template, testPrefix } = postgresNames(url);
  /** Copies a crashed earlier run may have left behind, and (at the start) the old template. */
  const dropLeftovers = (withTemplate: boolean) =>
    onServer(url, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE starts_with(datname, $1) OR ($2 AND datname = $3)",
        [testPrefix, withTemplate, template],
      );
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
    });
  await dropLeftovers(true);
  await onServer(url, (client) => client.query(`CREATE DATABASE ${quoteIdent(template)}`));
  const handle = await openDatabase({ databaseUrl: urlForDatabase(url, template), dataDir: "" });
  try {
    await handle.migrate();
    await seedDemoData(handle.db);
  } finally {
    // CREATE DATABASE … TEMPLATE needs the template without open connections.
    await handle.close();
  }
  return () => dropLeftovers(true);
}
