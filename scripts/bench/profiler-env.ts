import path from "node:path";
import { fileURLToPath } from "node:url";

/** Environment that makes every node process started with it write a CPU profile on exit (see cpu-profiler.cjs). */
export function profilerEnv(dir: string): Record<string, string> {
  const preload = fileURLToPath(new URL("./cpu-profiler.cjs", import.meta.url));
  return {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require ${preload}`.trim(),
    BENCH_CPU_PROF_DIR: path.resolve(dir),
  };
}
