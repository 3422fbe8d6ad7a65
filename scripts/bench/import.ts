import { rm } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { startChildUpstream } from "./child-upstream.ts";
import type { ImportRun, Phase, PhaseName } from "./import-ablauf.ts";
import { importViaApi } from "./import-api.ts";
import { importCsv } from "./import-daten.ts";
import { importViaPortal } from "./import-portal.ts";
import { login } from "./login.ts";
import { startPortal } from "./portal.ts";
import { profilerEnv } from "./profiler-env.ts";
import { loadAverage, sampleProcess } from "./processes.ts";
import { formatMs } from "./stats.ts";
import { renderTable } from "./table.ts";
import { upstreamGoldSession } from "./upstream-session.ts";

/**
 * `npm run bench -- --import` (issue 14): a CSV import of 2 000 pupils end to end against the reference upstream in
 * a process of its own with its embedded database (as the portal's dev and e2e server runs it): upload and check,
 * execute until every person is created, fetch the result with the start passwords. Straight against the upstream's
 * API (default: the upstream's own throughput) or through the portal's import screen (`--via-portal`). Then checks
 * that the run was real: every row created, usernames unique, and a start password logs in and must be replaced.
 */
export interface ImportBenchOptions {
  rows: number;
  /** Generated pupils in the upstream besides the demo data (the dev server has none). */
  persons: number;
  viaPortal: boolean;
  /** Directory for the upstream's (and portal's) CPU profiles; unset: none. */
  cpuProfDir?: string;
}

const USER = "landesadmin";
const BUDGET_ROWS = 2000;
const BUDGET_TOTAL_MS = 10_000;
const HASH_RUNS = 20;
const PHASE_LABELS: Record<PhaseName, string> = {
  hochladen: "Hochladen + Prüfen",
  ausfuehren: "Ausführen bis alle angelegt",
  ergebnis: "Ergebnis abholen (+ Löschen)",
};

interface Measured {
  name: PhaseName;
  ms: number;
  upstreamCpuMs: number;
  portalCpuMs: number;
  load: string;
}

export async function runImport(
  options: ImportBenchOptions,
  cleanups: (() => Promise<void>)[],
  log: (message: string) => void,
): Promise<boolean> {
  const { DEMO_PASSWORD, currentOtp } = await import("../../upstream/reference/seed/demo-accounts.ts");
  const { DEMO_IDS } = await import("../../upstream/reference/seed/ids.ts");
  const { ORGANISATIONEN } = await import("../../upstream/reference/seed/demo-data.ts");
  const { START_PASSWORD_COST, hashPassword } = await import("../../upstream/reference/lib/password.ts");

  const schuleId = DEMO_IDS.schuleA;
  const schulName = ORGANISATIONEN.find((organisation) => organisation.id === schuleId)?.name ?? schuleId;
  const klassen = ORGANISATIONEN.filter((o) => o.typ === "KLASSE" && o.administriertVon === schuleId).map((o) => o.name);
  const target = { schuleId, rolleId: DEMO_IDS.rolleSchueler, csv: importCsv(options.rows, klassen), rows: options.rows };

  const dataDir = path.resolve(".tmp/import-db");
  await rm(dataDir, { recursive: true, force: true });
  log(`Starte Referenz-Upstream (eigener Prozess, eingebettete Datenbank, frisch; ${options.persons} erzeugte Schüler zusätzlich) …`);
  const profiling = options.cpuProfDir ? profilerEnv(options.cpuProfDir) : {};
  const upstream = await startChildUpstream({ dataDir, bulkPersons: options.persons, env: profiling });
  cleanups.push(upstream.stop);

  let portalPid = 0;
  let run: (phase: Phase) => Promise<ImportRun>;
  if (options.viaPortal) {
    const portal = await startPortal(upstream.url, profiling);
    cleanups.push(portal.stop);
    portalPid = portal.pid;
    log(`Upstream ${upstream.url}, Portal ${portal.origin}; Anmeldung als ${USER} im Portal (Passwort + Einmalcode → gold) …`);
    const jar = await login({
      portalOrigin: portal.origin,
      targetPath: "/admin/personen/import",
      username: USER,
      password: DEMO_PASSWORD,
      otp: () => currentOtp(USER),
    });
    run = (phase) => importViaPortal(portal.origin, jar, target, phase);
  } else {
    log(`Upstream ${upstream.url}; Anmeldung als ${USER} an der Upstream-API (Passwort + Einmalcode → gold) …`);
    const session = await upstreamGoldSession(upstream.url, USER, DEMO_PASSWORD, () => currentOtp(USER));
    run = (phase) => importViaApi(session, target, phase);
  }

  const cpuOf = (pid: number) => (pid ? (sampleProcess(pid)?.cpuMs ?? Number.NaN) : 0);
  const measured: Measured[] = [];
  const phase: Phase = async (name, work) => {
    const cpuBefore = [cpuOf(upstream.pid), cpuOf(portalPid)];
    const started = performance.now();
    const result = await work();
    const ms = performance.now() - started;
    measured.push({
      name,
      ms,
      upstreamCpuMs: cpuOf(upstream.pid) - cpuBefore[0],
      portalCpuMs: cpuOf(portalPid) - cpuBefore[1],
      load: loadAverage(),
    });
    log(`${PHASE_LABELS[name]}: ${seconds(ms)} (Last ${loadAverage()})`);
    return result;
  };
  const loadBefore = loadAverage();
  log(
    `${options.rows} Zeilen nach ${schulName} (${klassen.length} Klassen), ${options.viaPortal ? "über das Portal" : "direkt an der Upstream-API"}; Last vorher ${loadBefore} …`,
  );
  const result = await run(phase);

  log("Prüfe das Ergebnis: eine Schülerin meldet sich mit ihrem Startpasswort an …");
  const sample = result.created[Math.floor(result.created.length / 2)];
  const loginAnswer = sample ? await startPasswordLogin(upstream.url, sample.benutzername, sample.startpasswort) : "kein Ergebnis";

  // The hash cost of one start password, isolated: the budget's main lever (decision 027).
  const hashTimes: number[] = [];
  for (let i = 0; i < HASH_RUNS; i++) {
    const started = performance.now();
    await hashPassword("abcd-efgh-jkmn", START_PASSWORD_COST);
    hashTimes.push(performance.now() - started);
  }
  const hashMs = hashTimes.sort((a, b) => a - b)[HASH_RUNS >> 1];
  return report(options, { schulName, loadBefore, hashMs, cost: START_PASSWORD_COST }, measured, result, loginAnswer);
}

/** The IdP's answer to a login with the start password: it must ask for a new password (the password is temporary). */
async function startPasswordLogin(origin: string, username: string, password: string): Promise<string> {
  const start = await fetch(new URL("/api/auth/login?redirectUrl=/start", origin), { redirect: "manual" });
  await start.body?.cancel();
  const cookie = (start.headers.getSetCookie().find((line) => line.startsWith("connect.sid=")) ?? "").split(";")[0];
  const response = await fetch(new URL("/api/auth/idp/login?acr=silver", origin), {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams({ username, password }).toString(),
  });
  await response.body?.cancel();
  return `${response.status} ${response.headers.get("Location") ?? ""}`.trim();
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function report(
  options: ImportBenchOptions,
  setup: { schulName: string; loadBefore: string; hashMs: number; cost: number },
  measured: Measured[],
  result: ImportRun,
  loginAnswer: string,
): boolean {
  const totalMs = measured.reduce((sum, m) => sum + m.ms, 0);
  const upstreamCpuMs = measured.reduce((sum, m) => sum + m.upstreamCpuMs, 0);
  const execute = measured.find((m) => m.name === "ausfuehren");
  const cores = availableParallelism();
  const rows = measured.map((m) => [
    PHASE_LABELS[m.name],
    seconds(m.ms),
    seconds(m.upstreamCpuMs),
    ...(options.viaPortal ? [seconds(m.portalCpuMs)] : []),
    m.load,
  ]);
  rows.push([
    "gesamt",
    seconds(totalMs),
    seconds(upstreamCpuMs),
    ...(options.viaPortal ? [seconds(measured.reduce((sum, m) => sum + m.portalCpuMs, 0))] : []),
    "",
  ]);
  console.log(
    `\nCSV-Import von ${options.rows} Schülern nach ${setup.schulName}, ${options.viaPortal ? "über das Portal" : "direkt an der Upstream-API"} ` +
      `(eingebettete Datenbank, ${options.persons} erzeugte Schüler zusätzlich; Last vorher ${setup.loadBefore})\n`,
  );
  console.log(
    renderTable(["Phase", "Zeit", "Upstream-CPU", ...(options.viaPortal ? ["Portal-CPU"] : []), "Last danach (1/5/15 min)"], rows),
  );
  if (execute) {
    console.log(
      `\n  Durchsatz des Upstreams: ${(options.rows / (execute.ms / 1000)).toFixed(0)} Zeilen/s beim Ausführen, ` +
        `${(options.rows / (totalMs / 1000)).toFixed(0)} Zeilen/s von Anfang bis Ende`,
    );
    console.log(
      `  Upstream-CPU beim Ausführen: ${formatMs(execute.upstreamCpuMs / options.rows)} je Zeile, ` +
        `${((execute.upstreamCpuMs / execute.ms) * 100).toFixed(0)} % eines Kerns (${cores} Kerne)`,
    );
  }
  console.log(
    `  erster Fortschritt über 0 nach ${formatMs(result.firstProgressMs)}; ${result.polls} ${options.viaPortal ? "Fortschrittsschritte" : "Statusabfragen"}`,
  );
  console.log(`  scrypt eines Startpassworts (N=2^${Math.log2(setup.cost)}) im Bench-Prozess: ${formatMs(setup.hashMs)} Median`);
  console.log(`  Anmeldung mit einem Startpasswort: ${loginAnswer}`);

  type Verdict = "PASS" | "FAIL" | "SKIP";
  const usernames = new Set(result.created.map((row) => row.benutzername.toLowerCase()));
  const budgets: { name: string; value: string; verdict: Verdict }[] = [
    {
      name: `gesamt ≤ ${seconds(BUDGET_TOTAL_MS)} für ${BUDGET_ROWS} Zeilen`,
      value: seconds(totalMs),
      verdict: options.rows !== BUDGET_ROWS ? "SKIP" : totalMs <= BUDGET_TOTAL_MS ? "PASS" : "FAIL",
    },
    {
      name: `alle ${options.rows} angelegt, Benutzernamen eindeutig, jedes Startpasswort im Ergebnis`,
      value: `${result.created.length} / ${usernames.size}`,
      verdict:
        result.created.length === options.rows &&
        usernames.size === options.rows &&
        result.created.every((row) => row.benutzername && /^[a-hjkmnp-x2-9]{4}(-[a-hjkmnp-x2-9]{4}){2}$/.test(row.startpasswort))
          ? "PASS"
          : "FAIL",
    },
    {
      name: "Anmeldung mit dem Startpasswort verlangt ein neues Passwort",
      value: loginAnswer,
      verdict: loginAnswer === "302 /api/auth/idp/passwort-neu?acr=silver" ? "PASS" : "FAIL",
    },
  ];
  console.log("\nBudgets (Issue 14)\n");
  console.log(
    renderTable(
      ["Budget", "Wert", "Ergebnis"],
      budgets.map((b) => [b.name, b.value, b.verdict]),
    ),
  );
  return budgets.every((budget) => budget.verdict !== "FAIL");
}
