import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

/** The built portal under remix-serve, as `npm start` runs it, but pointed at the counting proxy. */
export interface PortalProcess {
  origin: string;
  /** The remix-serve process, for its CPU time and memory. */
  pid: number;
  /** What the portal wrote to stderr; printed when something goes wrong. */
  stderr(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("Kein freier Port gefunden.");
  return address.port;
}

export async function startPortal(
  upstreamUrl: string,
  extraEnv: Record<string, string> = {},
  build = "./build/index.js",
): Promise<PortalProcess> {
  const port = await freePort();
  // The process `npm start` runs per core: remix-serve behind the front door (scripts/portal-worker.ts).
  const worker = fileURLToPath(new URL("../portal-worker.ts", import.meta.url));
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", worker, build], {
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      UPSTREAM_URL: upstreamUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      // A fixed throw-away secret: the benchmark's sessions live only as long as this process.
      SESSION_SECRET: "bench-session-secret-only-for-local-measurements",
      ...extraEnv,
    },
  });
  let errors = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    // Keep only the tail; a noisy portal must not grow the benchmark's memory.
    errors = (errors + chunk).slice(-8000);
  });
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", () => {
      exited = true;
      resolve();
    }),
  );

  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exited) return;
    child.kill("SIGTERM");
    const killed = await Promise.race([exit.then(() => true), sleep(5000).then(() => false)]);
    if (!killed) {
      child.kill("SIGKILL");
      await exit;
    }
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error(`Portal hat sich beim Start beendet.\n${errors}`);
    try {
      const response = await fetch(`${origin}/`, { redirect: "manual" });
      await response.body?.cancel();
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`Portal antwortet nicht auf ${origin}.\n${errors}`);
      }
      await sleep(100);
    }
  }
  return { origin, pid: child.pid ?? 0, stderr: () => errors, stop };
}
