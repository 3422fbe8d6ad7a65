/** Command-line options of `npm run bench`; kept tiny on purpose (no argument-parser dependency). */
export interface BenchOptions {
  /** Delay the counting proxy adds to every upstream call during the delay measurement. */
  delayMs: number;
  /** Sequential document requests for the server-time median. */
  timingRuns: number;
  /** Sequential document requests for the delayed measurement. */
  delayRuns: number;
  /** Extra pupils seeded into the reference upstream, so the figures hold at a realistic size. */
  bulkPersons: number;
}

const USAGE = `Aufruf: npm run bench -- [--delay-ms <ms>] [--runs <n>] [--delay-runs <n>] [--personen <n>]
  --delay-ms    Verzögerung je Upstream-Aufruf für Messung 5 (Standard 100)
  --runs        Anzahl Dokument-Anfragen für Median/p90 (Standard 50)
  --delay-runs  Anzahl Dokument-Anfragen mit Verzögerung (Standard 20)
  --personen    zusätzliche Schülerinnen und Schüler im Upstream (Standard 100000)`;

export function parseArgs(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = { delayMs: 100, timingRuns: 50, delayRuns: 20, bulkPersons: 100_000 };
  const names: Record<string, keyof BenchOptions> = {
    "--delay-ms": "delayMs",
    "--runs": "timingRuns",
    "--delay-runs": "delayRuns",
    "--personen": "bulkPersons",
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      process.exit(0);
    }
    // Accept both `--delay-ms 100` and `--delay-ms=100`.
    const [flag, inline] = arg.includes("=") ? arg.split("=", 2) : [arg, undefined];
    const key = names[flag];
    if (!key) throw new Error(`Unbekannte Option ${arg}\n${USAGE}`);
    const raw = inline ?? argv[++i];
    const value = Number(raw);
    const minimum = key === "delayMs" || key === "bulkPersons" ? 0 : 1;
    if (raw === undefined || !Number.isInteger(value) || value < minimum) {
      throw new Error(`${flag} erwartet eine ganze Zahl ≥ ${minimum}, erhalten: ${raw ?? "nichts"}`);
    }
    options[key] = value;
  }
  return options;
}
