/**
 * `npm test`: every check, as CI runs it. The checks before the browser journeys do not depend on each other's
 * results (only the route tests need the build), and most of them keep one core busy at most: they run in lanes side
 * by side, each lane one step after another, so a two-core machine is busy on both cores. Each step's output is
 * printed in one piece when it ends, never interleaved. The Playwright journeys come last and alone: they use both
 * cores themselves. The first failing step stops the other lanes; then nothing more starts.
 *
 * With UPSTREAM_PG_URL=postgres://… (a role with CREATEDB; `.ci/run` sets one up) the reference upstream's API tests
 * also run on PostgreSQL, in a lane of their own. `npm test -- --no-e2e` stops before the journeys.
 */
import { spawn, type ChildProcess } from "node:child_process";

interface Step {
  script: string;
  env?: Record<string, string>;
}

const pgUrl = process.env.UPSTREAM_PG_URL;
// Lanes of about the same length (CI, 2026-12-02: lint 34 s, format 23 s, typecheck 54 s, build 5 s, routes 107 s;
// upstream 243 s; unit 56 s, upstream on PostgreSQL 160 s); the route tests need the build before them.
const lanes: Step[][] = [
  [{ script: "lint" }, { script: "format:check" }, { script: "typecheck" }, { script: "build" }, { script: "test:routes" }],
  [{ script: "test:upstream" }],
  ...(pgUrl ? [[{ script: "test:unit" }, { script: "test:upstream:pg", env: { DATABASE_URL: pgUrl } }]] : [[{ script: "test:unit" }]]),
];
const withE2e = !process.argv.includes("--no-e2e");

const running = new Set<ChildProcess>();
const timings: { script: string; seconds: number; ok: boolean }[] = [];
let failed = false;

function run({ script, env }: Step, output: "buffer" | "inherit"): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], {
      // Only the step that asks for a database gets one: the others run on PGlite.
      env: { ...withoutDatabaseUrl(process.env), ...env, FORCE_COLOR: process.env.FORCE_COLOR ?? "0" },
      stdio: output === "inherit" ? "inherit" : ["ignore", "pipe", "pipe"],
      // A group of its own, so that stopping it reaches the tools npm started.
      detached: output === "buffer",
    });
    running.add(child);
    const chunks: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("close", (code, signal) => {
      running.delete(child);
      const seconds = (Date.now() - started) / 1000;
      const ok = code === 0;
      timings.push({ script, seconds, ok });
      if (output === "buffer") {
        const stopped = signal && failed ? " (angehalten)" : "";
        process.stdout.write(`\n── npm run ${script}: ${ok ? "ok" : "FEHLER"}${stopped}, ${seconds.toFixed(1)} s ──\n`);
        process.stdout.write(Buffer.concat(chunks));
      }
      resolve(ok);
    });
  });
}

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = env;
  return rest;
}

function stopOthers() {
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}

async function runLane(steps: Step[]) {
  for (const step of steps) {
    if (failed) return;
    if (!(await run(step, "buffer"))) {
      failed = true;
      stopOthers();
    }
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    failed = true;
    stopOthers();
    process.exit(1);
  });
}

const started = Date.now();
await Promise.all(lanes.map(runLane));
if (!failed && withE2e) {
  process.stdout.write("\n── npm run test:e2e ──\n");
  if (!(await run({ script: "test:e2e" }, "inherit"))) failed = true;
}

process.stdout.write("\nDauer je Schritt (die Schritte vor den Browser-Reisen laufen nebeneinander):\n");
for (const { script, seconds, ok } of timings)
  process.stdout.write(`  ${ok ? " " : "✗"} ${script.padEnd(18)} ${seconds.toFixed(1).padStart(7)} s\n`);
process.stdout.write(`  gesamt             ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s\n`);
process.exit(failed ? 1 : 0);
