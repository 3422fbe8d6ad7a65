/** Command-line options of `npm run bench`; kept tiny on purpose (no argument-parser dependency). */
export interface BenchOptions {
  /**
   * budgets (default), load (`--load`, issue 5 §3), the portal's own CPU per page (`--portal-cpu`), the bulk password
   * reset (`--bulk`, issue 13) or the CSV import of pupils (`--import`, issue 14).
   */
  mode: "budgets" | "load" | "portal-cpu" | "bulk" | "import" | "vergleich";
  /** `--vergleich <Beschleunigung>`: the hand-made speed-up of the document to switch off in the second portal. */
  beschleunigung?: string;
  /** Delay the counting proxy adds to every upstream call during the delay measurement. */
  delayMs: number;
  /** Sequential document requests for the server-time median. */
  timingRuns: number;
  /** Sequential document requests for the delayed measurement. */
  delayRuns: number;
  /** Cold loads in Chromium with the delay on, for the data-visible median (issue 33: 21). */
  paintRuns: number;
  /** Cold loads per screen and JavaScript mode on the slow profile (3G-like line, 4× CPU; issue 33's harness took 7). */
  slowRuns: number;
  /** Extra pupils seeded into the reference upstream, so the figures hold at a realistic size. */
  bulkPersons: number;
  /** `--bulk`: pupils at one school whose passwords one run resets. */
  bulkCount: number;
  /** Logged-in sessions of the load run. */
  loadSessions: number;
  /** Seconds of each load phase, and of each portal-CPU measurement. */
  loadSeconds: number;
  /** Idle pause after the load before memory is read once more. */
  loadIdleSeconds: number;
  /** Phase B: each session loads one page per interval. */
  loadIntervalMs: number;
  /** Which load phases run: "AB", "A" or "B". */
  loadPhases: string;
  /** Rounds of the portal-CPU measurement (median over them). */
  portalCpuRounds: number;
  /** Concurrent connections of the portal-CPU measurement. */
  portalCpuConnections: number;
  /** Pages of the portal-CPU measurement (default both). */
  portalCpuPages: string[];
  /** Accept-Encoding variants of the portal-CPU measurement: "both", "br" or "identity". */
  portalCpuEncodings: string;
  /** Other server builds to measure with --portal-cpu (e.g. a copy of an older build, for a comparison on the same machine state). */
  portalBuilds: string[];
  /** `--import`: rows of the CSV file (the upstream takes at most 2000). */
  importRows: number;
  /** `--import`: generated pupils in the upstream besides the demo data. */
  importPersons: number;
  /** `--import`: through the portal's import screen instead of straight against the upstream's API. */
  importViaPortal: boolean;
  /** Directory for --cpu-prof profiles of the measured processes; unset: no profiling. */
  cpuProfDir?: string;
  /** File for every request of the load run (phase, start, duration, status), for a closer look. */
  loadTrace?: string;
}

const USAGE = `Aufruf: npm run bench -- [--delay-ms <ms>] [--runs <n>] [--delay-runs <n>] [--paint-runs <n>] [--personen <n>]
       npm run bench -- --load [--load-sessions <n>] [--load-seconds <s>] [--load-phases AB|A|B] [--personen <n>]
       npm run bench -- --portal-cpu [--load-seconds <s>] [--rounds <n>] [--connections <n>] [--page <pfad>] [--portal-build <datei>]
       npm run bench -- --bulk [--delay-ms <ms>] [--bulk-anzahl <n>]
       npm run bench -- --import [--via-portal] [--import-zeilen <n>] [--import-personen <n>]
       npm run bench -- --vergleich skripte-nach-dem-ersten-bild|kompression|vermutete-seite [--slow-runs <n>] [--delay-ms <ms>]
  --delay-ms           Verzögerung je Upstream-Aufruf für Messung 5 (Standard 100)
  --runs               Anzahl Dokument-Anfragen für Median/p90 (Standard 50)
  --delay-runs         Anzahl Dokument-Anfragen mit Verzögerung (Standard 20)
  --paint-runs         kalte Ladevorgänge in Chromium mit Verzögerung für „Daten sichtbar“ (Standard 21 wie in Issue 33)
  --slow-runs          kalte Ladevorgänge je Seite und JavaScript-Modus im langsamen Profil (3G-ähnlich, 4× CPU; Standard 7)
  --personen           zusätzliche Schülerinnen und Schüler im Upstream (Standard 100000)
  --load               Lasttest gegen npm start: Phase A ohne Pause, Phase B eine Seite je Intervall, Speicher
  --load-sessions      angemeldete Sitzungen (Standard 50, höchstens 200)
  --load-seconds       Dauer je Phase in s (Standard 60, höchstens 600); für schnelle Läufe z. B. 15
  --load-idle-seconds  Leerlauf vor der letzten Speichermessung in s (Standard 20)
  --load-interval-ms   Phase B: eine Seite je Sitzung alle … ms (Standard 2000)
  --load-phases        AB (Standard), A oder B
  --portal-cpu         CPU-Zeit des Portals je Seite gegen einen Upstream, der aufgezeichnete Antworten abspielt
  --connections        gleichzeitige Verbindungen bei --portal-cpu (Standard 4)
  --rounds             Runden bei --portal-cpu, CPU je Seite als Median (Standard 3)
  --page               bei --portal-cpu diese Seite statt /admin/klassen und /start (mehrfach möglich)
  --encoding           bei --portal-cpu nur mit (br) oder nur ohne Kompression (identity)
  --portal-build       bei --portal-cpu ein anderer Server-Build (z. B. Kopie eines älteren build/index.js) zum Vergleich; mehrfach möglich
  --bulk               Mehrfachaktion „Passwort zurücksetzen“ für alle Schüler einer Schule (Issue 13): Zeit bis zum ersten
                       Byte, zum ersten Fortschritt und zum Ergebnis, Upstream-Aufrufe, RSS des Portals; einmal mit
                       --delay-ms je Upstream-Aufruf (Budgets), einmal ohne, einmal ohne und nacheinander (Referenz allein)
  --bulk-anzahl        bei --bulk: Schüler an der Schule, deren Passwörter ein Lauf zurücksetzt (Standard 500, höchstens 3000);
                       die Budgets gelten für 500; BULK_CONCURRENCY aus der Umgebung gilt für das Portal (Standard 4)
  --import             CSV-Import von Schülern (Issue 14): Hochladen + Prüfen, Ausführen bis alle angelegt, Ergebnis
                       abholen; Zeit je Phase, Zeilen/s und CPU des Upstreams, Budget ≤ 10 s für 2000 Zeilen
  --via-portal         bei --import: über die Importseite des Portals statt direkt an der Upstream-API
  --import-zeilen      bei --import: Zeilen der Datei (Standard 2000, höchstens 2000)
  --import-personen    bei --import: erzeugte Schüler im Upstream zusätzlich zu den Demodaten (Standard 0 wie der
                       Entwicklungsserver)
  --cpu-prof           Verzeichnis: --cpu-prof-Profile der gemessenen Prozesse dort ablegen
  --load-trace         Datei: jede Anfrage des Lasttests als JSON (Phase, Beginn, Dauer, Status)`;

type NumberKey = Exclude<{ [K in keyof BenchOptions]: BenchOptions[K] extends number ? K : never }[keyof BenchOptions], undefined>;

/** Numeric options: their key and the allowed range (bounded, so a typo cannot start an endless run). */
const NUMBERS: Record<string, { key: NumberKey; min: number; max: number }> = {
  "--delay-ms": { key: "delayMs", min: 0, max: 10_000 },
  "--runs": { key: "timingRuns", min: 1, max: 10_000 },
  "--delay-runs": { key: "delayRuns", min: 1, max: 10_000 },
  "--paint-runs": { key: "paintRuns", min: 1, max: 100 },
  "--slow-runs": { key: "slowRuns", min: 1, max: 100 },
  "--personen": { key: "bulkPersons", min: 0, max: 1_000_000 },
  "--bulk-anzahl": { key: "bulkCount", min: 1, max: 3_000 },
  "--import-zeilen": { key: "importRows", min: 1, max: 2_000 },
  "--import-personen": { key: "importPersons", min: 0, max: 1_000_000 },
  "--load-sessions": { key: "loadSessions", min: 1, max: 200 },
  "--load-seconds": { key: "loadSeconds", min: 1, max: 600 },
  "--load-idle-seconds": { key: "loadIdleSeconds", min: 0, max: 600 },
  "--load-interval-ms": { key: "loadIntervalMs", min: 100, max: 60_000 },
  "--connections": { key: "portalCpuConnections", min: 1, max: 64 },
  "--rounds": { key: "portalCpuRounds", min: 1, max: 20 },
};

/** The flags that choose a mode other than the default budgets; one per run. */
const MODES = new Map<string, BenchOptions["mode"]>([
  ["--load", "load"],
  ["--portal-cpu", "portal-cpu"],
  ["--bulk", "bulk"],
  ["--import", "import"],
]);

export function parseArgs(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = {
    mode: "budgets",
    delayMs: 100,
    timingRuns: 50,
    delayRuns: 20,
    paintRuns: 21,
    slowRuns: 7,
    bulkPersons: 100_000,
    bulkCount: 500,
    loadSessions: 50,
    loadSeconds: 60,
    loadIdleSeconds: 20,
    loadIntervalMs: 2000,
    loadPhases: "AB",
    portalCpuConnections: 4,
    portalCpuRounds: 3,
    portalCpuPages: [],
    portalCpuEncodings: "both",
    portalBuilds: [],
    importRows: 2000,
    importPersons: 0,
    importViaPortal: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      process.exit(0);
    }
    const mode = MODES.get(arg);
    if (mode) {
      if (options.mode !== "budgets" && options.mode !== mode)
        throw new Error(`--load, --portal-cpu, --bulk und --import schließen einander aus.\n${USAGE}`);
      options.mode = mode;
      continue;
    }
    if (arg === "--vergleich" || arg.startsWith("--vergleich=")) {
      const raw = arg.includes("=") ? arg.split("=", 2)[1] : argv[++i];
      if (!raw || raw.startsWith("--")) throw new Error(`--vergleich erwartet eine Beschleunigung\n${USAGE}`);
      if (options.mode !== "budgets") throw new Error(`--vergleich schließt die anderen Modi aus.\n${USAGE}`);
      options.mode = "vergleich";
      options.beschleunigung = raw;
      continue;
    }
    if (arg === "--via-portal") {
      options.importViaPortal = true;
      continue;
    }
    // Accept both `--delay-ms 100` and `--delay-ms=100`.
    const [flag, inline] = arg.includes("=") ? arg.split("=", 2) : [arg, undefined];
    if (flag === "--page" || flag === "--encoding") {
      const raw = inline ?? argv[++i];
      if (flag === "--page") {
        // Only a path of the portal itself: the measurement never leaves the loopback portal.
        if (!raw || (!/^\/[^/]/.test(raw) && raw !== "/"))
          throw new Error(`--page erwartet einen Pfad des Portals wie /start, erhalten: ${raw ?? "nichts"}`);
        options.portalCpuPages.push(raw);
      } else {
        if (raw !== "br" && raw !== "identity") throw new Error(`--encoding erwartet br oder identity, erhalten: ${raw ?? "nichts"}`);
        options.portalCpuEncodings = raw;
      }
      continue;
    }
    if (flag === "--portal-build") {
      const raw = inline ?? argv[++i];
      if (!raw || raw.startsWith("--")) throw new Error(`--portal-build erwartet einen Pfad\n${USAGE}`);
      options.portalBuilds.push(raw);
      continue;
    }
    if (flag === "--load-phases" || flag === "--cpu-prof" || flag === "--load-trace") {
      const raw = inline ?? argv[++i];
      if (flag === "--load-phases") {
        if (raw !== "AB" && raw !== "A" && raw !== "B")
          throw new Error(`--load-phases erwartet AB, A oder B, erhalten: ${raw ?? "nichts"}`);
        options.loadPhases = raw;
      } else {
        if (!raw || raw.startsWith("--")) throw new Error(`${flag} erwartet einen Pfad\n${USAGE}`);
        if (flag === "--cpu-prof") options.cpuProfDir = raw;
        else options.loadTrace = raw;
      }
      continue;
    }
    const spec = NUMBERS[flag];
    if (!spec) throw new Error(`Unbekannte Option ${arg}\n${USAGE}`);
    const raw = inline ?? argv[++i];
    const value = Number(raw);
    if (raw === undefined || !Number.isInteger(value) || value < spec.min || value > spec.max) {
      throw new Error(`${flag} erwartet eine ganze Zahl von ${spec.min} bis ${spec.max}, erhalten: ${raw ?? "nichts"}`);
    }
    options[spec.key] = value;
  }
  if (options.importViaPortal && options.mode !== "import") throw new Error(`--via-portal gehört zu --import.\n${USAGE}`);
  return options;
}
