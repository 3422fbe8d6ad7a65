import { describe, expect, it } from "vitest";
import { parseArgs } from "../../scripts/bench/args";
import { IMPORT_KOPF, importCsv } from "../../scripts/bench/import-daten";

describe("Benchmark --import", () => {
  it("wählt den Import, standardmäßig 2000 Zeilen direkt am Upstream; --via-portal nur mit --import", () => {
    expect(parseArgs(["--import"])).toMatchObject({ mode: "import", importRows: 2000, importPersons: 0, importViaPortal: false });
    expect(parseArgs(["--import", "--via-portal", "--import-zeilen", "50"])).toMatchObject({ importViaPortal: true, importRows: 50 });
    expect(() => parseArgs(["--via-portal"])).toThrow(/--via-portal/);
    expect(() => parseArgs(["--import", "--bulk"])).toThrow(/schließen einander aus/);
    expect(() => parseArgs(["--import", "--import-zeilen", "2001"])).toThrow(/2000/);
  });

  it("die Datei: Kopf, eine Zeile je Schüler in den Klassen der Schule, einige Namen doppelt", () => {
    const lines = importCsv(2000, ["5a", "5b"]).trimEnd().split("\n");
    expect(lines[0]).toBe(IMPORT_KOPF);
    expect(lines).toHaveLength(2001);
    expect(lines.slice(1).every((line) => /^[^;]+;[^;]+;5[ab]$/.test(line))).toBe(true);
    const names = lines.slice(1).map((line) => line.split(";").slice(0, 2).join(";"));
    const repeated = names.length - new Set(names).size;
    expect(repeated).toBeGreaterThan(50);
    expect(repeated).toBeLessThan(150);
    expect(importCsv(2000, ["5a", "5b"])).toBe(importCsv(2000, ["5a", "5b"]));
  });
});
