import { rm } from "node:fs/promises";
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import { referenceEnv } from "../env.ts";
import { seedBulkPersons } from "../seed/bulk.ts";
import { seedDemoData } from "../seed/index.ts";

/**
 * `npm run reset-data`: throws away all reference data and recreates the demo dataset.
 * Embedded mode deletes the PGlite directory; with DATABASE_URL the schemas are dropped and recreated.
 */
async function main() {
  if (referenceEnv.databaseUrl) {
    const handle = await openDatabase({ databaseUrl: referenceEnv.databaseUrl, dataDir: referenceEnv.dataDir });
    try {
      await handle.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
      await handle.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
      await handle.db.execute(sql`CREATE SCHEMA public`);
      await handle.migrate();
      await seedDemoData(handle.db);
      await seedBulkPersons(handle.db, referenceEnv.bulkPersons);
    } finally {
      await handle.close();
    }
    console.log("Die PostgreSQL-Datenbank wurde geleert und mit den Demodaten neu befüllt.");
    return;
  }
  const dataDir = resolve(referenceEnv.dataDir);
  await rm(dataDir, { recursive: true, force: true });
  const handle = await openDatabase({ dataDir });
  try {
    await handle.migrate();
    await seedDemoData(handle.db);
    await seedBulkPersons(handle.db, referenceEnv.bulkPersons);
  } finally {
    await handle.close();
  }
  console.log(`Die eingebettete Datenbank in ${dataDir} wurde neu angelegt und mit den Demodaten befüllt.`);
}

main().catch((error: unknown) => {
  console.error(`Zurücksetzen fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
