import { rm } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type BulkRun, postBulkRun, RUN_PATH } from "./bulk-stream.ts";
import { startChildUpstream } from "./child-upstream.ts";
import type { CookieJar } from "./cookie-jar.ts";
import { type CountingProxy, type ProxiedCall, startCountingProxy } from "./counting-proxy.ts";
import { login } from "./login.ts";
import { type PortalProcess, startPortal } from "./portal.ts";
import { loadAverage, sampleProcess } from "./processes.ts";
import { formatMs, median, percentile } from "./stats.ts";
import { renderTable } from "./table.ts";

/**
 * `npm run bench -- --bulk` (issue 13): the bulk password reset for all pupils of one school, as a browser without
 * JavaScript runs it, against the built portal and the reference upstream behind the counting, delaying proxy.
 * Three runs: with the issue's upstream delay and the configured concurrency (the budgets), without delay (what the
 * reference manages with the portal's concurrency), and without delay one person at a time (the reference's own time
 * per reset "in a row"). The portal's RSS is sampled during each run.
 */
export interface BulkOptions {
  /** Pupils at the school, all reset in one run. */
  persons: number;
  /** Upstream delay of the budget run. */
  delayMs: number;
}

const USER = "landesadmin";
const CONFIRM_PATH = "/admin/personen/mehrfach";
const BUDGET_PERSONS = 500;
const BUDGET_DELAY_MS = 100;
const DEFAULT_CONCURRENCY = 4;
const BUDGET_TOTAL_MS = 25_000;
/** The portal sends a progress step every second; the first with a count above 0 must follow within 1.5 s. */
const BUDGET_FIRST_PROGRESS_MS = 1_500;
const RSS_SAMPLE_MS = 100;
/** Sequential scrypt hashes in the benchmark's own process: the reference's cost per new password, isolated. */
const HASH_RUNS = 20;
const PASSWORD_CALL = /^PATCH \/api\/personen\/[^/]+\/password$/;

interface Measured {
  label: string;
  delayMs: number;
  concurrency: number;
  run: BulkRun;
  calls: ProxiedCall[];
  resets: ProxiedCall[];
  rss: { before: number; peak: number; after: number };
  upstreamCpuMs: number;
  portalCpuMs: number;
  load: string;
}

export async function runBulk(options: BulkOptions, cleanups: (() => Promise<void>)[], log: (message: string) => void): Promise<boolean> {
  const { DEMO_PASSWORD, currentOtp } = await import("../../upstream/reference/seed/demo-accounts.ts");
  const { DEMO_IDS } = await import("../../upstream/reference/seed/ids.ts");
  const { ORGANISATIONEN } = await import("../../upstream/reference/seed/demo-data.ts");
  const { BULK_USERNAME_PREFIX, bulkSchuleOf } = await import("../../upstream/reference/seed/bulk.ts");
  const { hashPassword } = await import("../../upstream/reference/lib/password.ts");

  // A school the landesadmin administers; "massen-" in the search leaves exactly the generated pupils there.
  const schule = DEMO_IDS.schuleB;
  const schulName = ORGANISATIONEN.find((organisation) => organisation.id === schule)?.name ?? schule;
  const seeded = seedSizeFor(schule, options.persons, bulkSchuleOf);
  const dataDir = path.resolve(".tmp/bulk-db");
  await rm(dataDir, { recursive: true, force: true });
  log(`Starte Referenz-Upstream (frische Datenbank, ${seeded} erzeugte Schüler, davon ${options.persons} an ${schulName}) …`);
  const upstream = await startChildUpstream({ dataDir, bulkPersons: seeded });
  cleanups.push(upstream.stop);
  const proxy = await startCountingProxy(upstream.url);
  cleanups.push(proxy.close);
  const concurrency = Number(process.env.BULK_CONCURRENCY || DEFAULT_CONCURRENCY);

  const form = new URLSearchParams({ aktion: "passwort", umfang: "alle", organisation: schule, suche: BULK_USERNAME_PREFIX });
  const signIn = (portal: PortalProcess) =>
    login({
      portalOrigin: portal.origin,
      targetPath: "/admin/personen",
      username: USER,
      password: DEMO_PASSWORD,
      otp: () => currentOtp(USER),
    });
  const measure = (label: string, portal: PortalProcess, jar: CookieJar, delayMs: number, runConcurrency: number) =>
    measureRun({ label, portal, jar, proxy, form, delayMs, concurrency: runConcurrency, upstreamPid: upstream.pid, log });

  let portal = await startPortal(proxy.url);
  cleanups.push(portal.stop);
  log(`Upstream ${upstream.url}, Zähl-Proxy ${proxy.url}, Portal ${portal.origin} (BULK_CONCURRENCY ${concurrency})`);
  log(`Anmeldung als ${USER} (Passwort + Einmalcode → gold) …`);
  let jar = await signIn(portal);
  await confirm(portal.origin, jar, form, options.persons);

  const runs: Measured[] = [];
  runs.push(await measure(`+${options.delayMs} ms, ${concurrency} gleichzeitig`, portal, jar, options.delayMs, concurrency));
  runs.push(await measure(`+0 ms, ${concurrency} gleichzeitig`, portal, jar, 0, concurrency));

  // One at a time: a portal of its own with BULK_CONCURRENCY=1, so every reset waits only for the one before.
  await portal.stop();
  portal = await startPortal(proxy.url, { BULK_CONCURRENCY: "1" });
  cleanups.push(portal.stop);
  jar = await signIn(portal);
  runs.push(await measure("+0 ms, nacheinander", portal, jar, 0, 1));
  await portal.stop();

  log(`scrypt N=2^14 im Bench-Prozess (${HASH_RUNS}× nacheinander) …`);
  const hashTimes: number[] = [];
  // scrypt runs on libuv's thread pool; the process's CPU time counts those threads too, and nothing else runs here now.
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < HASH_RUNS; i++) {
    const started = performance.now();
    await hashPassword("Bench-Passwort-1");
    hashTimes.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  const hashCpuMs = (cpu.user + cpu.system) / 1000 / HASH_RUNS;
  return report(options, { schulName, seeded, concurrency }, runs, { times: hashTimes, cpuMs: hashCpuMs });
}

/** The smallest number of generated pupils that puts exactly `count` of them at `schule` (the seed deals them out in turn). */
function seedSizeFor(schule: string, count: number, schuleOf: (index: number) => string): number {
  let found = 0;
  for (let index = 1; index <= 1_000_000; index++) {
    if (schuleOf(index) === schule && ++found === count) return index;
  }
  throw new Error(`Die erzeugten Schüler erreichen ${count} an der Schule ${schule} nicht.`);
}

/** The confirmation page with the same form: warms the portal's code path and checks that the filter finds `count`. */
async function confirm(origin: string, jar: CookieJar, form: URLSearchParams, count: number): Promise<void> {
  const response = await fetch(new URL(`${CONFIRM_PATH}?${form.toString()}`, origin), {
    headers: { Accept: "text/html", Cookie: jar.header() },
    redirect: "manual",
  });
  jar.store(response);
  const html = await response.text();
  if (response.status !== 200) throw new Error(`Bestätigungsseite antwortete ${response.status} statt 200.`);
  if (!html.includes(count === 1 ? "eine Person" : `${count} Personen`)) {
    throw new Error(
      `Die Bestätigungsseite nennt nicht ${count} Personen:\n${html
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .slice(0, 800)}`,
    );
  }
}

async function measureRun(input: {
  label: string;
  portal: PortalProcess;
  jar: CookieJar;
  proxy: CountingProxy;
  form: URLSearchParams;
  delayMs: number;
  concurrency: number;
  upstreamPid: number;
  log: (message: string) => void;
}): Promise<Measured> {
  const { portal, proxy } = input;
  input.log(`Lauf ${input.label}: ${RUN_PATH} (Last ${loadAverage()}) …`);
  await sleep(500);
  const before = sampleProcess(portal.pid)?.rss ?? Number.NaN;
  const upstreamCpuBefore = sampleProcess(input.upstreamPid)?.cpuMs ?? Number.NaN;
  const portalCpuBefore = sampleProcess(portal.pid)?.cpuMs ?? Number.NaN;
  let peak = before;
  const sampler = setInterval(() => {
    const sample = sampleProcess(portal.pid);
    if (sample) peak = Math.max(peak, sample.rss);
  }, RSS_SAMPLE_MS);
  proxy.delayMs = input.delayMs;
  proxy.reset();
  let run: BulkRun;
  try {
    run = await postBulkRun(portal.origin, input.jar, input.form);
    await proxy.idle();
  } finally {
    clearInterval(sampler);
    proxy.delayMs = 0;
  }
  const portalAfter = sampleProcess(portal.pid);
  const after = portalAfter?.rss ?? Number.NaN;
  peak = Math.max(peak, after);
  const calls = [...proxy.calls];
  return {
    label: input.label,
    delayMs: input.delayMs,
    concurrency: input.concurrency,
    run,
    calls,
    resets: calls.filter((call) => PASSWORD_CALL.test(call.request)),
    rss: { before, peak, after },
    upstreamCpuMs: (sampleProcess(input.upstreamPid)?.cpuMs ?? Number.NaN) - upstreamCpuBefore,
    portalCpuMs: (portalAfter?.cpuMs ?? Number.NaN) - portalCpuBefore,
    load: loadAverage(),
  };
}

const mb = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(0)} MB` : "–");
const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : "–");

function report(
  options: BulkOptions,
  setup: { schulName: string; seeded: number; concurrency: number },
  runs: readonly Measured[],
  hash: { times: readonly number[]; cpuMs: number },
): boolean {
  const column = (cell: (measured: Measured) => string) => runs.map(cell);
  /** Time the upstream itself took per reset: the proxy's duration minus the delay it added. */
  const upstreamTimes = (measured: Measured) =>
    measured.resets.flatMap((call) => (call.durationMs === null ? [] : [call.durationMs - measured.delayMs]));
  const largestGap = (measured: Measured) => {
    const times = [0, ...measured.run.steps.map((step) => step.ms), measured.run.resultMs];
    return Math.max(...times.slice(1).map((time, index) => time - times[index]));
  };
  const rows: string[][] = [
    ["Personen laut Lauf", ...column((m) => String(m.run.anzahl))],
    ["Upstream-Verzögerung je Aufruf", ...column((m) => `${m.delayMs} ms`)],
    ["gleichzeitige Schritte (BULK_CONCURRENCY)", ...column((m) => String(m.concurrency))],
    ["Antwort-Header", ...column((m) => formatMs(m.run.headersMs))],
    ["erstes Byte", ...column((m) => formatMs(m.run.firstByteMs))],
    ["erster Fortschritt mit Stand > 0", ...column((m) => formatMs(m.run.firstProgressMs))],
    ["  davon nach dem ersten Byte", ...column((m) => formatMs(m.run.firstProgressMs - m.run.firstByteMs))],
    ["Fortschrittsschritte (größter Abstand)", ...column((m) => `${m.run.steps.length} (${formatMs(largestGap(m))})`)],
    ["Ergebnis da", ...column((m) => seconds(m.run.resultMs))],
    ["gesamt (letztes Byte)", ...column((m) => seconds(m.run.totalMs))],
    ["  je Person", ...column((m) => formatMs(m.run.totalMs / Math.max(1, m.run.anzahl)))],
    ["Upstream-Aufrufe während des Laufs", ...column((m) => String(m.calls.length))],
    ["  davon PATCH …/password", ...column((m) => String(m.resets.length))],
    ["Upstream-Zeit je Zurücksetzen, Median", ...column((m) => formatMs(median(upstreamTimes(m))))],
    ["Upstream-Zeit je Zurücksetzen, p90", ...column((m) => formatMs(percentile(upstreamTimes(m), 90)))],
    ["Upstream-CPU je Zurücksetzen", ...column((m) => formatMs(m.upstreamCpuMs / Math.max(1, m.resets.length)))],
    ["Portal-CPU je Person", ...column((m) => formatMs(m.portalCpuMs / Math.max(1, m.run.anzahl)))],
    ["Ergebnis: zurückgesetzt laut Seite", ...column((m) => String(m.run.erfolgreich ?? "–"))],
    ["Zeilen der Passwortdatei", ...column((m) => String(m.run.passwortZeilen))],
    ["Antwort", ...column((m) => `${(m.run.bytes / 1000).toFixed(1)} kB`)],
    ["Last nachher", ...column((m) => m.load)],
  ];
  console.log(
    `\nMehrfachaktion „Passwort zurücksetzen“ als ${USER}, alle ${options.persons} Schüler an ${setup.schulName} ` +
      `(${setup.seeded} erzeugte insgesamt; Filter: Schule + Suche „massen-“)\n`,
  );
  console.log(renderTable(["Messung", ...runs.map((m) => m.label)], rows));

  console.log("\nSpeicher des Portals (RSS von remix-serve, alle 100 ms gemessen)\n");
  console.log(
    renderTable(
      ["Lauf", "vorher", "Spitze", "nachher"],
      runs.map((m) => [m.label, mb(m.rss.before), mb(m.rss.peak), mb(m.rss.after)]),
    ),
  );

  const main = runs[0];
  console.log(`\nUpstream-Aufrufe des Laufs ${main.label} außer PATCH …/password (Start relativ zur Anfrage):`);
  for (const call of main.calls.filter((candidate) => !PASSWORD_CALL.test(candidate.request))) {
    const request = call.request.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "{id}").replace(/\?.*/, "?…");
    const timing = `+${call.startedMs.toFixed(0).padStart(4)} ms, Dauer ${call.durationMs === null ? "–" : `${call.durationMs.toFixed(0)} ms`}`;
    console.log(`  ${timing.padEnd(24)} ${request}`);
  }
  const firstReset = main.resets[0];
  if (firstReset) console.log(`  erstes PATCH …/password: +${firstReset.startedMs.toFixed(0)} ms`);
  for (const m of runs) {
    if (m.run.hinweise.length) console.log(`Hinweise im Ergebnis (${m.label}): ${m.run.hinweise.join(" | ")}`);
  }

  const serial = runs.find((m) => m.concurrency === 1);
  console.log("\nReferenz-Upstream allein (ohne Verzögerung)\n");
  console.log(
    `  scrypt N=2^14 je neuem Passwort (Bench-Prozess, n=${hash.times.length}): ${formatMs(median(hash.times))} Median, CPU ${formatMs(hash.cpuMs)}`,
  );
  if (serial) {
    const perReset = serial.run.totalMs / Math.max(1, serial.resets.length);
    console.log(
      `  ${serial.resets.length} Zurücksetzen nacheinander: ${seconds(serial.run.totalMs)} gesamt, ${formatMs(perReset)} je Zurücksetzen ` +
        `(Upstream ${formatMs(median(upstreamTimes(serial)))} Median, Upstream-CPU ${formatMs(serial.upstreamCpuMs / Math.max(1, serial.resets.length))}, ` +
        `Portal-CPU ${formatMs(serial.portalCpuMs / Math.max(1, serial.run.anzahl))})`,
    );
  }
  const cores = availableParallelism();
  console.log(
    `  Upstream-CPU für die ${main.resets.length} Zurücksetzen des Laufs ${main.label}: ${seconds(main.upstreamCpuMs)} – ` +
      `auf ${cores} Kernen mindestens ${seconds(main.upstreamCpuMs / cores)} Laufzeit, wenn sonst nichts rechnet (Portal-CPU dazu ${seconds(main.portalCpuMs)})`,
  );
  const parallel = runs.find((m) => m.delayMs === 0 && m.concurrency > 1);
  if (parallel) {
    console.log(
      `  ${parallel.resets.length} Zurücksetzen mit ${parallel.concurrency} gleichzeitig: ${seconds(parallel.run.totalMs)} gesamt, ` +
        `${formatMs(parallel.run.totalMs / Math.max(1, parallel.resets.length))} je Zurücksetzen`,
    );
  }

  type Verdict = "PASS" | "FAIL" | "SKIP";
  const budgetConditions =
    options.persons === BUDGET_PERSONS && main.delayMs === BUDGET_DELAY_MS && main.concurrency === DEFAULT_CONCURRENCY;
  const timed = (value: number, limit: number): Verdict => (!budgetConditions ? "SKIP" : value <= limit ? "PASS" : "FAIL");
  const conditions = `${BUDGET_PERSONS} Personen, +${BUDGET_DELAY_MS} ms, ${DEFAULT_CONCURRENCY} gleichzeitig`;
  const budgets: { name: string; value: string; verdict: Verdict }[] = [
    {
      name: `gesamt ≤ ${seconds(BUDGET_TOTAL_MS)} (${conditions})`,
      value: seconds(main.run.totalMs),
      verdict: timed(main.run.totalMs, BUDGET_TOTAL_MS),
    },
    {
      name: `erster Fortschritt mit Stand > 0 ≤ ${formatMs(BUDGET_FIRST_PROGRESS_MS)} nach der Anfrage (${conditions})`,
      value: formatMs(main.run.firstProgressMs),
      verdict: Number.isNaN(main.run.firstProgressMs) ? "FAIL" : timed(main.run.firstProgressMs, BUDGET_FIRST_PROGRESS_MS),
    },
    ...runs.map((m) => {
      const ok = m.run.anzahl === options.persons && m.run.erfolgreich === options.persons && m.run.passwortZeilen === options.persons;
      return {
        name: `${m.label}: ${options.persons} zurückgesetzt laut Seite, ${options.persons} Zeilen in der Passwortdatei`,
        value: `${m.run.erfolgreich ?? "–"} / ${m.run.passwortZeilen}`,
        verdict: (ok && m.run.passwortKopf === "Klasse;Nachname;Vorname;Benutzername;Passwort" ? "PASS" : "FAIL") as Verdict,
      };
    }),
  ];
  console.log("\nBudgets (Issue 13)\n");
  console.log(
    renderTable(
      ["Budget", "Wert", "Ergebnis"],
      budgets.map((b) => [b.name, b.value, b.verdict]),
    ),
  );
  return budgets.every((budget) => budget.verdict !== "FAIL");
}
