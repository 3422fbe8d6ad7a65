import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { AssetFile } from "./browser.ts";

/**
 * What every page loads, whichever screen it is: the build's route manifest itself (decision 029), the entry, the
 * root route and their chunks (from that manifest), and the one stylesheet. A screen's own cost is everything else it loads: its route modules, their
 * chunks and its text namespaces. The budget allows each screen 30 KB gzip of its own on top of this runtime.
 */
export async function sharedRuntimePaths(publicBuildDir = "public/build"): Promise<Set<string>> {
  const manifestFile = (await readdir(publicBuildDir)).find((name) => /^manifest-.*\.js$/.test(name));
  if (!manifestFile) throw new Error(`Kein Remix-Manifest in ${publicBuildDir}: erst npm run build.`);
  const source = await readFile(path.join(publicBuildDir, manifestFile), "utf8");
  const json = source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1);
  const manifest = JSON.parse(json) as {
    entry: { module: string; imports?: string[] };
    routes: Record<string, { module: string; imports?: string[] }>;
  };
  const root = manifest.routes.root;
  return new Set([
    `/build/${manifestFile}`,
    manifest.entry.module,
    ...(manifest.entry.imports ?? []),
    root.module,
    ...(root.imports ?? []),
  ]);
}

/** Split a page's assets into the shared runtime and the screen's own; stylesheets count as shared (there is one). */
export function splitAssets(files: readonly AssetFile[], shared: ReadonlySet<string>) {
  const own = files.filter((file) => file.kind === "js" && !shared.has(file.path));
  const runtime = files.filter((file) => !own.includes(file));
  const gzip = (list: readonly AssetFile[]) => list.reduce((sum, file) => sum + file.gzip, 0);
  return { own, ownGzip: gzip(own), runtimeGzip: gzip(runtime) };
}

/**
 * Waves of upstream calls in one document request with a fixed delay per call: a call that starts before the
 * first call of the current wave could have answered belongs to that wave; one that starts later waited for it.
 */
export function countWaves(calls: readonly { startedMs: number }[], delayMs: number): number {
  const starts = calls.map((call) => call.startedMs).sort((a, b) => a - b);
  let waves = 0;
  let waveStart = Number.NEGATIVE_INFINITY;
  for (const start of starts) {
    if (start >= waveStart + delayMs * 0.8) {
      waves++;
      waveStart = start;
    }
  }
  return waves;
}
