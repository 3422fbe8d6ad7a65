import { type ChildProcess, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * A second reference upstream with a dataset of another size, in a process of its own: the upstream reads its
 * environment (data directory, generated persons) when it is imported, so one process cannot hold two sizes.
 * It is started exactly as scripts/start.ts starts it and reports its address over the IPC channel.
 */
export interface ChildUpstream {
  url: string;
  /** The upstream's own node process, for its CPU time and memory. */
  pid: number;
  stop(): Promise<void>;
}

export async function startChildUpstream(options: {
  dataDir: string;
  bulkPersons: number;
  /** Extra environment, e.g. the CPU profiler's. */
  env?: Record<string, string>;
}): Promise<ChildUpstream> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.env,
    REFERENCE_DATA_DIR: options.dataDir,
    REFERENCE_BULK_PERSONS: String(options.bulkPersons),
    REFERENCE_UPSTREAM_PORT: "0",
  };
  // Always the embedded database: a configured PostgreSQL would be shared with the main run.
  env.DATABASE_URL = "";
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "upstream/reference/server.ts"], {
    stdio: ["ignore", "ignore", "pipe", "ipc"],
    env,
  });
  let errors = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    errors = (errors + chunk).slice(-8000);
  });
  const exit = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const ended = await Promise.race([exit.then(() => true), sleep(10_000).then(() => false)]);
    if (!ended) child.kill("SIGKILL");
  };
  const url = await Promise.race([
    new Promise<string>((resolve) =>
      child.on("message", (message: { type?: string; url?: string }) => {
        if (message.type === "reference-upstream-ready" && message.url) resolve(message.url);
      }),
    ),
    exit.then(() => Promise.reject(new Error(`Zweiter Referenz-Upstream hat sich beim Start beendet.\n${errors}`))),
    sleep(120_000).then(() => Promise.reject(new Error(`Zweiter Referenz-Upstream startet nicht.\n${errors}`))),
  ]).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url, pid: child.pid ?? 0, stop };
}
