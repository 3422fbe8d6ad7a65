import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { fromPglite } from "../../upstream/reference/db/client.ts";
import { seedDemoData } from "../../upstream/reference/seed/index.ts";
import { TEMPLATE_PATH } from "./template-path.ts";

/**
 * Builds one migrated and seeded database per test run and stores it as a PGlite data-dir dump; every test file then
 * clones it in ~0.5 s instead of paying initdb + migrations + seed (several seconds, ~700 MB) again.
 */
export default async function setup() {
  const client = await PGlite.create();
  const handle = fromPglite(client);
  await handle.migrate();
  await seedDemoData(handle.db);
  const dump = await client.dumpDataDir("none");
  await mkdir(dirname(TEMPLATE_PATH), { recursive: true });
  await writeFile(TEMPLATE_PATH, Buffer.from(await dump.arrayBuffer()));
  await client.close();
}
