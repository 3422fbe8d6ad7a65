/**
 * `npm test`: every check, as CI runs it. The checks before the browser journeys do not depend on each other's
 * results (only the route tests need the build), and most of them keep one core busy at most: they run in lanes side
 * by side, each lane one step after another, so a two-core machine is busy on both cores. Each step's output is
 * printed in one piece when it ends, never interleaved. The Playwright journeys come last and alone: they use both
 * cores themselves. The first failing step stops the other lanes; then nothing more starts.
 *
 * With UPSTREAM_PG_URL=postgres://… (a role with CREATEDB; `.ci/run` sets one up) the reference upstream's API tests
 * run on PostgreSQL, in a lane of their own, and on PGlite only the files about the embedded database itself (the
 * route tests and every browser journey run the upstream on PGlite as well; decision 033). Without it they all run
 * on PGlite. `npm test -- --no-e2e` stops before the journeys.
 */
import { spawn, type ChildProcess } from "node:child_process";

interface Step {
  script: string;
  /** Passed on to the script (`npm run <script> -- …`). */
  args?: string[];
  env?: Record<string, string>;
}

const pgUrl = process.env.UPSTREAM_PG_URL;
/**
 * What only the embedded database can get wrong: its start on a data directory, the seed, a restart halfway through
 * an import, holding up the event loop, and the session writes it must be spared.
 */
const PGLITE_EIGENES = ["demo-daten", "event-loop", "import", "session-writes"].map((name) => `tests/upstream/${name}.test.ts`);
// Lanes of about the same length (clean-clone CI runs, 2026-12-02: build 7 s, routes 199 s, lint 17 s, typecheck
// 62 s, format 26 s, unit 54 s, the PGlite selection 37 s, the upstream's API tests on PostgreSQL 159 s; on PGlite
// all of them 281 s); the route tests need the build.
const lanes: Step[][] = pgUrl
  ? [
      [{ script: "build" }, { script: "test:routes" }],
      [{ script: "typecheck" }, { script: "format:check" }, { script: "test:unit" }, { script: "test:upstream", args: PGLITE_EIGENES }],
      [{ script: "test:upstream:pg", env: { DATABASE_URL: pgUrl } }, { script: "lint" }],
    ]
  : [
      [{ script: "lint" }, { script: "format:check" }, { script: "typecheck" }, { script: "build" }, { script: "test:routes" }],
      [{ script: "test:upstream" }],
      [{ script: "test:unit" }],
    ];
const withE2e = !process.argv.includes("--no-e2e");

const running = new Set<ChildProcess>();
const timings: { script: string; seconds: number; ok: boolean }[] = [];
let failed = false;

function run({ script, args = [], env }: Step, output: "buffer" | "inherit"): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script, ...(args.length > 0 ? ["--", ...args] : [])], {
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
      timings.push({ script: args.length > 0 ? `${script} (Auswahl)` : script, seconds, ok });
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
  process.stdout.write(`  ${ok ? " " : "✗"} ${script.padEnd(24)} ${seconds.toFixed(1).padStart(7)} s\n`);
process.stdout.write(`  gesamt                   ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s\n`);
process.exit(failed ? 1 : 0);
