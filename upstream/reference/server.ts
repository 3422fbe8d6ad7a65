import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { admitInOrder } from "./admission.ts";
import { createReferenceApp } from "./app.ts";
import { openDatabase } from "./db/client.ts";
import { defaultReferenceConfig, referenceEnv } from "./env.ts";
import { startTimedLockJobs } from "./lib/locks.ts";
import { seedBulkPersons } from "./seed/bulk.ts";
import { ensureHardwareTokenPool, seedIfEmpty } from "./seed/index.ts";

export { createReferenceApp } from "./app.ts";

/**
 * Requests served at the same time (docs/decisions/011): the embedded database answers one query at a time, so a
 * few are enough to overlap the work outside it (password hashing, HTTP); PostgreSQL has a pool of 10 connections.
 */
const CONCURRENT_REQUESTS = { embedded: 4, postgres: 20 } as const;

/**
 * Opens the configured database (embedded PGlite on disk, or PostgreSQL via DATABASE_URL), applies migrations,
 * seeds the demo dataset on first start (plus REFERENCE_BULK_PERSONS generated pupils) and serves the API. Returns the base URL and a close function.
 */
export async function startReferenceUpstream(
  options: { port?: number; host?: string; concurrentRequests?: number } = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const handle = await openDatabase({ databaseUrl: referenceEnv.databaseUrl, dataDir: referenceEnv.dataDir });
  try {
    await handle.migrate();
    if (!(await seedIfEmpty(handle.db))) await ensureHardwareTokenPool(handle.db);
    await seedBulkPersons(handle.db, referenceEnv.bulkPersons);
  } catch (error) {
    await handle.close();
    throw error;
  }
  const config = defaultReferenceConfig();
  const app = createReferenceApp(handle.db, config);
  // The upstream's lock timers (KoPers lock after 56 days, end of time-limited locks) run here on their own:
  // once now, so a demo database that slept for weeks is up to date, then every few minutes.
  const stopTimedJobs = await startTimedLockJobs(handle.db, config.now);
  // CSV imports that were executing when the server stopped carry on with their remaining rows.
  const resumed = await app.importJobs.resume();
  if (resumed > 0) console.info(`[reference-upstream] unterbrochene Importe werden fortgesetzt: ${resumed}`);
  const host = options.host ?? "127.0.0.1";
  const port = options.port ?? referenceEnv.port;

  const limit = options.concurrentRequests ?? (referenceEnv.databaseUrl ? CONCURRENT_REQUESTS.postgres : CONCURRENT_REQUESTS.embedded);
  const admission = admitInOrder(app.fetch, limit);

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const instance = serve({ fetch: admission.handle, hostname: host, port }, () => resolve(instance));
    instance.once("error", reject);
  });
  const address = server.address() as AddressInfo;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${address.port}`,
    close: async () => {
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      await stopTimedJobs();
      await app.importJobs.stop();
      await handle.close();
    },
  };
}

// `node --import tsx upstream/reference/server.ts` runs the reference upstream on its own; scripts/start.ts
// starts it this way, in a process of its own, and learns the address over the IPC channel.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { url, close } = await startReferenceUpstream();
  console.log(`Referenz-Upstream läuft auf ${url}`);
  process.send?.({ type: "reference-upstream-ready", url });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Open keep-alive connections must not keep the database from being closed cleanly.
    setTimeout(() => process.exit(0), 5000).unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  // The start script went away without a word: do not linger as an orphan that holds the database.
  process.on("disconnect", stop);
}
