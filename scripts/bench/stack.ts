import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "./portal.ts";
import { sampleTree } from "./processes.ts";

/**
 * `npm start` exactly as a user runs it (scripts/start.ts: the embedded reference upstream and the
 * portal under remix-serve), on free loopback ports and a throw-away database, so a load run
 * measures the shipped process layout and not a test double of it.
 */
export interface Stack {
  origin: string;
  /** The embedded upstream, for probes that bypass the portal. */
  upstreamOrigin: string;
  /** The start script's process: the root of the process tree that is measured. */
  pid: number;
  stderr(): string;
  stop(): Promise<void>;
}

export interface StackOptions {
  dataDir: string;
  bulkPersons: number;
  /** Extra environment, e.g. NODE_OPTIONS with --cpu-prof. */
  env?: Record<string, string>;
  /** Seeding 100 000 pupils takes a while on two cores. */
  startTimeoutMs?: number;
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const [port, upstreamPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    REFERENCE_UPSTREAM_PORT: String(upstreamPort),
    REFERENCE_DATA_DIR: options.dataDir,
    PORTAL_DATA_DIR: `${options.dataDir}-portal`,
    REFERENCE_BULK_PERSONS: String(options.bulkPersons),
    NODE_ENV: "production",
    // A fixed throw-away secret: the sessions live only as long as this run.
    SESSION_SECRET: "bench-session-secret-only-for-local-measurements",
    ...options.env,
  };
  // The load run is about the embedded upstream; an inherited UPSTREAM_URL would measure something else.
  delete env.UPSTREAM_URL;

  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    // remix-serve logs every request (morgan); the lines are not needed, the CPU to write them is part of the portal.
    stdio: ["ignore", "ignore", "pipe"],
    env,
  });
  let errors = "";
  child.stderr?.setEncoding("utf8");
  // The whole error output goes to a file next to the database, so timeouts can be looked at after a run.
  // On a fresh clone the folder does not exist yet; an unopened log would end the bench and leave the stack running.
  mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const log = createWriteStream(path.join(options.dataDir, "..", `${path.basename(options.dataDir)}-stderr.log`));
  log.on("error", (error) => console.error(`Fehlerprotokoll des Stapels nicht schreibbar: ${error.message}`));
  child.stderr?.on("data", (chunk: string) => {
    log.write(chunk);
    errors = (errors + chunk).slice(-8000);
  });
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", () => {
      exited = true;
      resolve();
    }),
  );
  const pid = child.pid ?? 0;

  const stop = async () => {
    if (exited) return;
    // Remember the tree first: once the start script is gone its children are re-parented.
    const tree = sampleTree(pid).map((sample) => sample.pid);
    child.kill("SIGTERM");
    const ended = await Promise.race([exit.then(() => true), sleep(15_000).then(() => false)]);
    if (!ended) child.kill("SIGKILL");
    // Give children the chance to write their CPU profiles, then make sure nothing is left behind.
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && tree.some(isAlive)) await sleep(100);
    for (const leftover of tree.filter(isAlive)) process.kill(leftover, "SIGKILL");
  };

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 240_000);
  for (;;) {
    if (exited) throw new Error(`npm start hat sich beim Start beendet.\n${errors}`);
    try {
      const response = await fetch(`${origin}/`, { redirect: "manual" });
      await response.body?.cancel();
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`Portal antwortet nicht auf ${origin}.\n${errors}`);
      }
      await sleep(250);
    }
  }
  return { origin, upstreamOrigin: `http://127.0.0.1:${upstreamPort}`, pid, stderr: () => errors, stop };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
