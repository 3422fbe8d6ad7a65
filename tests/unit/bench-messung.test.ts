import { describe, expect, it } from "vitest";
import { countWaves, splitAssets } from "../../scripts/bench/shared-runtime";

describe("Benchmark: Wellen und eigenes JS einer Seite", () => {
  it("zählt parallel gestartete Upstream-Aufrufe als eine Welle und wartende als nächste", () => {
    const calls = [{ startedMs: 2 }, { startedMs: 5 }, { startedMs: 108 }, { startedMs: 110 }, { startedMs: 215 }];
    expect(countWaves(calls, 100)).toBe(3);
    expect(countWaves(calls.slice(0, 2), 100)).toBe(1);
    expect(countWaves([], 100)).toBe(0);
  });

  it("rechnet Skripte außerhalb der gemeinsamen Laufzeit der Seite zu, Stylesheets der Laufzeit", () => {
    const file = (path: string, kind: "js" | "css", gzip: number) => ({ path, kind, raw: gzip * 3, gzip, transferred: gzip });
    const files = [file("/build/entry.js", "js", 40), file("/build/routes/liste.js", "js", 7), file("/build/app.css", "css", 9)];
    const split = splitAssets(files, new Set(["/build/entry.js"]));
    expect(split.own.map((asset) => asset.path)).toEqual(["/build/routes/liste.js"]);
    expect(split.ownGzip).toBe(7);
    expect(split.runtimeGzip).toBe(49);
  });
});
