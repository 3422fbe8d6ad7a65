/**
 * `npm start`: the portal on PORT (default 3000). Without UPSTREAM_URL the embedded reference
 * upstream starts first, with its demo data, in a process of its own, and the portal is pointed at it.
 *
 * The portal runs as one remix-serve worker per core (PORTAL_WORKERS, default: the number of cores), each behind
 * the front door (scripts/portal-worker.ts),
 * under node:cluster; this process only hands connections to the workers and restarts a crashed one
 * (docs/decisions/011). The upstream gets its own process because its embedded database runs
 * synchronously on the event loop: in this process it would hold up the connection hand-over.
 */
import { type ChildProcess, spawn } from "node:child_process";
import cluster, { type Worker } from "node:cluster";
import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { openEmbeddedStore } from "../app/.server/store/embedded.server.ts";
import { answerQuery } from "../app/.server/store/via-primary.server.ts";
import { loadEnvFile } from "./env-file.ts";

const StartEnv = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  UPSTREAM_URL: z.string().url().optional(),
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  // Empty (as in .env.example) means unset: one worker per core.
  PORTAL_WORKERS: z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().int().min(1).max(64).optional()),
});
// Before anything reads the environment; the workers and the embedded upstream inherit it.
loadEnvFile();
const startEnv = StartEnv.parse(process.env);

/** A worker that keeps crashing is a bug, not bad luck: after this many exits in a minute, stop. */
const MAX_CRASHES_PER_MINUTE = 5;
const STOP_GRACE_MS = 5000;

let shuttingDown = false;
let upstream: ChildProcess | null = null;
let upstreamUrl = startEnv.UPSTREAM_URL;

if (!upstreamUrl) {
  const started = await startEmbeddedUpstream();
  upstream = started.child;
  upstreamUrl = started.url;
  // Demo mode: a fresh signing secret per start is fine (it only signs flash messages).
  process.env.SESSION_SECRET ??= randomBytes(32).toString("hex");
}

// A deployment behind a TLS proxy sees http:// requests; without the public origin every form post looks foreign.
if (startEnv.UPSTREAM_URL && startEnv.NODE_ENV === "production" && !process.env.PUBLIC_ORIGIN) {
  console.warn("Hinweis: PUBLIC_ORIGIN ist nicht gesetzt. Hinter einem TLS-Proxy muss es die öffentliche Adresse des Portals sein.");
}

cluster.setupPrimary({
  // remix-serve with the portal's front door (scripts/portal-worker.ts); the worker itself loads only the front
  // door through tsx, the portal it serves is the build.
  exec: fileURLToPath(new URL("./portal-worker.ts", import.meta.url)),
  args: ["./build/index.js"],
  execArgv: ["--import", "tsx"],
});
// Added to this process's environment (which carries SESSION_SECRET and the rest) for each worker.
const workerEnv = { UPSTREAM_URL: upstreamUrl, PORT: String(startEnv.PORT), HOST: startEnv.HOST, NODE_ENV: startEnv.NODE_ENV };

// Without PostgreSQL the portal's store is embedded on this machine; one process must own it: this one
// (docs/decisions/035). Its workers ask it over their IPC channel.
if (!process.env.PORTAL_DATABASE_URL) {
  const store = await openEmbeddedStore(process.env.PORTAL_DATA_DIR || "data/portal");
  cluster.on("message", (worker: Worker, message: unknown) => {
    void answerQuery(store, message).then((answer) => {
      if (answer && worker.isConnected()) worker.send(answer);
    });
  });
  Object.assign(workerEnv, { PORTAL_STORE_VIA_PRIMARY: "1" });
}

const workerCount = startEnv.PORTAL_WORKERS ?? availableParallelism();
for (let i = 0; i < workerCount; i++) cluster.fork(workerEnv);

const crashes: number[] = [];
cluster.on("exit", (worker: Worker, code, signal) => {
  if (shuttingDown) return;
  const now = Date.now();
  crashes.push(now);
  while (crashes.length > 0 && crashes[0] < now - 60_000) crashes.shift();
  console.error(`Portal-Prozess ${worker.process.pid} beendet (${signal ?? `Code ${code}`}).`);
  if (crashes.length >= MAX_CRASHES_PER_MINUTE) {
    console.error(`Portal-Prozesse sind ${crashes.length}-mal in einer Minute abgestürzt; Abbruch.`);
    void shutdown(1);
    return;
  }
  // The other workers keep serving meanwhile; the replacement shares the same port.
  cluster.fork(workerEnv);
});

async function startEmbeddedUpstream(): Promise<{ child: ChildProcess; url: string }> {
  const server = fileURLToPath(new URL("../upstream/reference/server.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", server], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: process.env,
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code, signal) => reject(new Error(`Referenz-Upstream beim Start beendet (${signal ?? `Code ${code}`}).`)));
    child.on("message", (message: unknown) => {
      const ready = z.object({ type: z.literal("reference-upstream-ready"), url: z.string().url() }).safeParse(message);
      if (ready.success) resolve(ready.data.url);
    });
  }).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
  child.once("exit", (code, signal) => {
    if (shuttingDown) return;
    console.error(`Referenz-Upstream unerwartet beendet (${signal ?? `Code ${code}`}).`);
    void shutdown(1);
  });
  return { child, url };
}

/** Asks politely (a worker: disconnect, which closes its server and lets it end; the upstream: SIGTERM), then kills. */
async function stopProcess(child: ChildProcess, ask: () => void): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  ask();
  const done = await Promise.race([exited.then(() => true), sleep(STOP_GRACE_MS).then(() => false)]);
  if (!done) child.kill("SIGKILL");
}

async function shutdown(code: number) {
  if (shuttingDown) return;
  shuttingDown = true;
  const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
  // A worker's IPC channel keeps it alive after remix-serve closed its server on SIGTERM; disconnect ends both.
  await Promise.all(workers.map((worker) => stopProcess(worker.process, () => worker.disconnect())));
  const embedded = upstream;
  if (embedded) await stopProcess(embedded, () => embedded.kill("SIGTERM"));
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
