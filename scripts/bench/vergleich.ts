import { rm } from "node:fs/promises";
import { loadavg } from "node:os";
import path from "node:path";
import { launchBrowser, measureDataVisible, type PaintOptions } from "./browser.ts";
import type { CookieJar } from "./cookie-jar.ts";
import { startCountingProxy } from "./counting-proxy.ts";
import { login } from "./login.ts";
import { startPortal } from "./portal.ts";
import { formatMs, median, percentile } from "./stats.ts";
import { renderTable } from "./table.ts";

/**
 * `npm run bench -- --vergleich <Beschleunigung>` (issue 33): what one hand-made speed-up of the document pipeline
 * buys. Two portals run side by side against the same upstream (each call +100 ms): one as shipped, one with the
 * speed-up switched off (`PORTAL_OHNE`, app/.server/env.server.ts), so the framework's own way serves the page. Every
 * screen is loaded in turn from both, on the fast line and on the slow profile with and without JavaScript, the two
 * portals interleaved load by load, so a drift of the machine touches both alike. The table gives medians and the
 * spread between the quartiles: a difference smaller than the spread is noise.
 */
export const BESCHLEUNIGUNGEN = ["skripte-nach-dem-ersten-bild", "kompression", "vermutete-seite"] as const;
export type Beschleunigung = (typeof BESCHLEUNIGUNGEN)[number];

export interface VergleichOptions {
  beschleunigung: Beschleunigung;
  delayMs: number;
  /** Loads per screen, portal and profile. */
  runs: number;
}

const USER = "landesadmin";
const PROFILES: { label: string; options: PaintOptions }[] = [
  { label: "schnell", options: { line: "fast" } },
  { label: "langsam mit JS", options: { line: "slow", javaScript: true } },
  { label: "langsam ohne JS", options: { line: "slow", javaScript: false } },
];

export async function runVergleich(options: VergleichOptions, cleanups: (() => Promise<void>)[], log: (message: string) => void) {
  const dataDir = path.resolve(".tmp/vergleich-db");
  await rm(dataDir, { recursive: true, force: true });
  process.env.REFERENCE_DATA_DIR = dataDir;
  process.env.REFERENCE_BULK_PERSONS = "0";
  const { startReferenceUpstream } = await import("../../upstream/reference/server.ts");
  const { DEMO_PASSWORD, currentOtp } = await import("../../upstream/reference/seed/demo-accounts.ts");
  const { DEMO_IDS } = await import("../../upstream/reference/seed/ids.ts");
  const loadAtStart = loadavg()[0];

  const upstream = await startReferenceUpstream({ port: 0 });
  cleanups.push(upstream.close);
  const proxy = await startCountingProxy(upstream.url);
  cleanups.push(proxy.close);
  const portals: { label: string; origin: string; jar: CookieJar }[] = [];
  for (const [label, env] of [
    ["mit", {}],
    ["ohne", { PORTAL_OHNE: options.beschleunigung }],
  ] as const) {
    const portal = await startPortal(proxy.url, env);
    cleanups.push(portal.stop);
    const jar = await login({
      portalOrigin: portal.origin,
      targetPath: "/admin/klassen",
      username: USER,
      password: DEMO_PASSWORD,
      otp: () => currentOtp(USER),
    });
    portals.push({ label, origin: portal.origin, jar });
  }
  const browser = await launchBrowser();
  cleanups.push(() => browser.close());
  proxy.delayMs = options.delayMs;

  const screens = ["/start", "/admin/klassen", "/admin/personen", `/admin/personen/import?schule=${DEMO_IDS.schuleA}`];
  const paints = new Map<string, number[]>();
  const key = (screen: string, profile: string, portal: string) => `${screen}|${profile}|${portal}`;
  for (const screen of screens) {
    log(`${screen}: je ${options.runs}× mit und ohne „${options.beschleunigung}“, schnell und langsam …`);
    // One round unrecorded: the first loads of a screen compile its server code in each portal.
    for (let run = -1; run < options.runs; run++) {
      for (const profile of PROFILES) {
        // The order alternates, so neither portal always gets the warmer browser.
        const order = run % 2 === 0 ? portals : [...portals].reverse();
        for (const portal of order) {
          const [timing] = await measureDataVisible(
            browser,
            { portalOrigin: portal.origin, path: screen, jar: portal.jar },
            1,
            profile.options,
          );
          if (run < 0) continue;
          const values = paints.get(key(screen, profile.label, portal.label)) ?? [];
          values.push(timing.paint);
          paints.set(key(screen, profile.label, portal.label), values);
        }
      }
    }
  }
  const loadAtEnd = loadavg()[0];

  const spread = (values: number[]) => `${formatMs(percentile(values, 25))}–${formatMs(percentile(values, 75))}`;
  const rows: string[][] = [];
  for (const screen of screens) {
    for (const profile of PROFILES) {
      const mit = paints.get(key(screen, profile.label, "mit")) ?? [];
      const ohne = paints.get(key(screen, profile.label, "ohne")) ?? [];
      const gain = median(ohne) - median(mit);
      rows.push([
        screen.split("?")[0],
        profile.label,
        formatMs(median(mit)),
        spread(mit),
        formatMs(median(ohne)),
        spread(ohne),
        formatMs(gain),
      ]);
    }
  }
  console.log(`\nDaten sichtbar (erstes Bild), +${options.delayMs} ms je Upstream-Aufruf, je ${options.runs} kalte Ladevorgänge:\n`);
  console.log(
    renderTable(["Seite", "Profil", "mit", "Quartile", `ohne ${options.beschleunigung}`, "Quartile", "Gewinn (ohne − mit)"], rows),
  );
  console.log(`\nLastmittel (1 min): beim Start ${loadAtStart.toFixed(2)}, am Ende ${loadAtEnd.toFixed(2)} (mit der Last der Messung).`);
  // A comparison, not a budget: it passes when both portals served every load.
  return true;
}
