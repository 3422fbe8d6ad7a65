/**
 * Reads a V8 .cpuprofile (node --cpu-prof) and prints where the time went: self time by package and
 * by function, and the inclusive time of the frames that matter for a page (render, compression,
 * loaders, fetch, logging). `node --import tsx scripts/bench/profile-summary.ts <file.cpuprofile> [top]`
 */
import { readFileSync } from "node:fs";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Inclusive groups: a sample counts for a group when any frame of its stack matches (first match wins per group). */
const GROUPS: { name: string; test: (frame: CallFrame) => boolean }[] = [
  { name: "React-Render (react-dom/server)", test: (f) => /react-dom[/\\].*server/.test(f.url) },
  {
    name: "Kompression (compression/zlib)",
    test: (f) =>
      /node_modules[/\\]compression[/\\]|node:zlib|^zlib$/.test(f.url) ||
      (/^(zlib|deflate|gzip|brotli)/i.test(f.functionName) && f.url === ""),
  },
  { name: "Remix-Server (server-runtime, router)", test: (f) => /@remix-run[/\\](server-runtime|router)/.test(f.url) },
  { name: "Upstream-fetch (undici)", test: (f) => /undici|node:internal\/deps\/undici/.test(f.url) },
  { name: "i18next", test: (f) => /i18next/.test(f.url) },
  { name: "morgan (Log)", test: (f) => /morgan/.test(f.url) },
  { name: "express", test: (f) => /node_modules[/\\](express|router|send|serve-static)[/\\]/.test(f.url) },
  { name: "zod", test: (f) => /node_modules[/\\]zod[/\\]/.test(f.url) },
  { name: "Garbage Collector", test: (f) => f.functionName === "(garbage collector)" },
  { name: "build/index.js (App-Code)", test: (f) => /[/\\]build[/\\]index\.js/.test(f.url) },
];

function packageOf(frame: CallFrame): string {
  if (!frame.url) return frame.functionName.startsWith("(") ? frame.functionName : "(native)";
  const match = /node_modules[/\\]((?:@[^/\\]+[/\\])?[^/\\]+)/.exec(frame.url);
  if (match) return match[1];
  if (frame.url.startsWith("node:")) return frame.url.split("/").slice(0, 2).join("/");
  return frame.url.replace(/^file:\/\//, "").replace(process.cwd(), ".");
}

export function summarise(profile: CpuProfile, top = 25): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const selfById = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    selfById.set(id, (selfById.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const total = [...selfById.values()].reduce((sum, ms) => sum + ms, 0);
  const idle = [...selfById].filter(([id]) => byId.get(id)?.callFrame.functionName === "(idle)").reduce((sum, [, ms]) => sum + ms, 0);
  const busy = total - idle;

  const selfByPackage = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  const groups = new Map<string, number>();
  for (const [id, ms] of selfById) {
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === "(idle)") continue;
    const pkg = packageOf(node.callFrame);
    selfByPackage.set(pkg, (selfByPackage.get(pkg) ?? 0) + ms);
    const fn = `${node.callFrame.functionName || "(anonym)"} ${pkg}:${node.callFrame.lineNumber + 1}`;
    selfByFunction.set(fn, (selfByFunction.get(fn) ?? 0) + ms);
    const matched = new Set<string>();
    for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
      const frame = byId.get(current)?.callFrame;
      if (!frame) break;
      for (const group of GROUPS) if (!matched.has(group.name) && group.test(frame)) matched.add(group.name);
    }
    for (const name of matched) groups.set(name, (groups.get(name) ?? 0) + ms);
  }

  const lines: string[] = [];
  const pct = (ms: number) => `${((100 * ms) / busy).toFixed(1).padStart(5)} %`;
  const list = (title: string, entries: Map<string, number>, n: number) => {
    lines.push(`\n${title}`);
    for (const [name, ms] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, n))
      lines.push(`  ${ms.toFixed(0).padStart(7)} ms ${pct(ms)}  ${name}`);
  };
  lines.push(
    `Profil ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s, davon CPU belegt ${busy.toFixed(0)} ms (Leerlauf ${idle.toFixed(0)} ms)`,
  );
  list("Inklusive Zeit (Stapel enthält …)", groups, GROUPS.length);
  list("Eigenzeit nach Paket", selfByPackage, top);
  list("Eigenzeit nach Funktion", selfByFunction, top);
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    console.error("Aufruf: node --import tsx scripts/bench/profile-summary.ts <datei.cpuprofile> [anzahl]");
    process.exit(2);
  }
  console.log(summarise(JSON.parse(readFileSync(file, "utf8")) as CpuProfile, Number(process.argv[3] ?? 25)));
}
