import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { createReferenceApp } from "./app.ts";
import { openDatabase } from "./db/client.ts";
import { defaultReferenceConfig, referenceEnv } from "./env.ts";
import { seedBulkPersons } from "./seed/bulk.ts";
import { seedIfEmpty } from "./seed/index.ts";

export { createReferenceApp } from "./app.ts";

/**
 * Opens the configured database (embedded PGlite on disk, or PostgreSQL via DATABASE_URL), applies migrations,
 * seeds the demo dataset on first start (plus REFERENCE_BULK_PERSONS generated pupils) and serves the API. Returns the base URL and a close function.
 */
export async function startReferenceUpstream(options: { port?: number; host?: string } = {}): Promise<{ url: string; close(): Promise<void> }> {
  const handle = await openDatabase({ databaseUrl: referenceEnv.databaseUrl, dataDir: referenceEnv.dataDir });
  try {
    await handle.migrate();
    await seedIfEmpty(handle.db);
    await seedBulkPersons(handle.db, referenceEnv.bulkPersons);
  } catch (error) {
    await handle.close();
    throw error;
  }
  const app = createReferenceApp(handle.db, defaultReferenceConfig());
  const host = options.host ?? "127.0.0.1";
  const port = options.port ?? referenceEnv.port;

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const instance = serve({ fetch: app.fetch, hostname: host, port }, () => resolve(instance));
    instance.once("error", reject);
  });
  const address = server.address() as AddressInfo;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${address.port}`,
    close: async () => {
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      await handle.close();
    },
  };
}

// `node --import tsx upstream/reference/server.ts` runs the reference upstream on its own.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { url } = await startReferenceUpstream();
  console.log(`Referenz-Upstream läuft auf ${url}`);
}
