import { gzipSync } from "node:zlib";
import { setTimeout as sleep } from "node:timers/promises";
import { type Browser, chromium, type Page, type Response as PageResponse } from "@playwright/test";
import { chromiumLaunchOptions } from "../chromium.ts";
import type { CookieJar } from "./cookie-jar.ts";

/** The portal's own cookie (app/.server/portal-cookie.server.ts). */
const PORTAL_COOKIE_NAME = "__portal";

/** What one cold page load in Chromium costs: assets, requests, and where they went. */
export interface PageLoad {
  finalUrl: string;
  status: number;
  /** Script and stylesheet responses from the portal origin (incl. modulepreload). */
  assets: { js: AssetTotals; css: AssetTotals };
  /** Every counted asset, largest (gzip) first: shows what to split when the budget fails. */
  files: AssetFile[];
  requests: {
    total: number;
    byType: Record<string, number>;
    /** Portal `/api/*` requests: the upstream's resources, but fetched through the portal. */
    upstreamViaProxy: string[];
    /** Requests to any origin other than the portal's (data:/blob: URLs excluded). */
    foreign: string[];
    /** The subset of `foreign` that went straight to the upstream or the counting proxy. */
    upstreamDirect: string[];
    /** Requests that are neither document, asset nor image (data fetches, manifest, …), as "type url". */
    other: string[];
  };
}

export interface AssetTotals {
  files: number;
  /** Decoded body bytes. */
  raw: number;
  /** gzip level 9 of the decoded body: comparable no matter how the server compressed. */
  gzip: number;
  /** Body bytes as they came over the wire (compressed if the server compressed). */
  transferred: number;
}

export interface AssetFile {
  path: string;
  kind: "js" | "css";
  raw: number;
  gzip: number;
  transferred: number;
}

const emptyTotals = (): AssetTotals => ({ files: 0, raw: 0, gzip: 0, transferred: 0 });

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ ...chromiumLaunchOptions, headless: true });
}

export async function measurePageLoad(
  browser: Browser,
  input: { portalOrigin: string; path: string; jar: CookieJar; upstreamOrigins: readonly string[] },
): Promise<PageLoad> {
  const context = await loggedInContext(browser, input);
  try {
    const page = await context.newPage();
    const requests: { url: string; type: string }[] = [];
    const assetReads: Promise<AssetFile | null>[] = [];
    page.on("request", (request) => requests.push({ url: request.url(), type: request.resourceType() }));
    page.on("response", (response) => assetReads.push(readAsset(response, input.portalOrigin)));

    // networkidle also catches what loads after hydration (lazy route modules, fetches).
    const response = await page.goto(new URL(input.path, input.portalOrigin).href, { waitUntil: "networkidle" });
    const assets = { js: emptyTotals(), css: emptyTotals() };
    const files = (await Promise.all(assetReads)).filter((asset) => asset !== null).sort((a, b) => b.gzip - a.gzip);
    for (const asset of files) {
      const totals = assets[asset.kind];
      totals.files++;
      totals.raw += asset.raw;
      totals.gzip += asset.gzip;
      totals.transferred += asset.transferred;
    }

    const byType: Record<string, number> = {};
    const upstreamViaProxy: string[] = [];
    const foreign: string[] = [];
    const upstreamDirect: string[] = [];
    const other: string[] = [];
    const assetTypes = new Set(["document", "script", "stylesheet", "image", "font"]);
    for (const request of requests) {
      if (!assetTypes.has(request.type)) other.push(`${request.type} ${request.url.replace(input.portalOrigin, "")}`);
      byType[request.type] = (byType[request.type] ?? 0) + 1;
      const url = new URL(request.url);
      if (url.protocol === "data:" || url.protocol === "blob:") continue;
      if (url.origin !== input.portalOrigin) {
        foreign.push(request.url);
        if (input.upstreamOrigins.includes(url.origin)) upstreamDirect.push(request.url);
      } else if (url.pathname.startsWith("/api/")) {
        upstreamViaProxy.push(`${url.pathname}${url.search}`);
      }
    }
    return {
      finalUrl: page.url(),
      status: response?.status() ?? 0,
      assets,
      files,
      requests: { total: requests.length, byType, upstreamViaProxy, foreign, upstreamDirect, other },
    };
  } finally {
    await context.close();
  }
}

/**
 * A fresh context: empty cache, so every screen is measured as a first visit; the session of the jar. With
 * `firstPortalPage` the portal's own cookie stays behind, as in a browser that has just logged in: its first page
 * carries the stylesheet inside (decision 018), which the cookie would mark as already given.
 */
export async function loggedInContext(
  browser: Browser,
  input: { portalOrigin: string; jar: CookieJar },
  firstPortalPage = false,
  javaScriptEnabled = true,
) {
  const context = await browser.newContext({ javaScriptEnabled, locale: "de-DE" });
  const cookies = input.jar.list().filter((cookie) => !(firstPortalPage && cookie.name === PORTAL_COOKIE_NAME));
  await context.addCookies(
    cookies.map((cookie) => ({
      name: cookie.name,
      value: cookie.value,
      domain: new URL(input.portalOrigin).hostname,
      path: "/",
      httpOnly: cookie.httpOnly,
      secure: cookie.secure,
      sameSite: cookie.sameSite,
    })),
  );
  return context;
}

/** Where the time to the first paint goes in one load, in ms from the start of the navigation. */
export interface PaintTiming {
  /** First byte of the document. */
  firstByte: number;
  /** Last byte of the document. */
  documentEnd: number;
  /** Last byte of the last stylesheet (render-blocking). */
  stylesheetEnd: number;
  /** First contentful paint: the data is on screen. */
  paint: number;
}

/**
 * How long a fresh context's window is left to settle before the navigation (decision 041, medians of 15 loads of a
 * static copy of the class list / the floor page, fast line: no pause 172 / 64 ms, 300 ms 164 / 64, 800 ms 120 / 48,
 * 1500 ms 136 / 56). `WINDOW_SETTLE_MS` overrides it, to measure as before (0).
 */
const WINDOW_SETTLE_MS = Number(process.env.WINDOW_SETTLE_MS ?? 800);

/** The line a load is measured on: loopback as it is, or the slow profile below. */
export type Line = "fast" | "slow";

/**
 * The slow profile of issue 33: a 3G-like line (Lighthouse's slow mobile line: 150 ms round trip, 1.6 Mbit/s down,
 * 750 kbit/s up) and a CPU four times slower, applied by Chromium itself (DevTools protocol) to every request and
 * to the renderer. The floor page is measured the same way in the same run, so the budget follows the machine.
 */
export const SLOW_PROFILE = { latencyMs: 150, downloadBitsPerSecond: 1_600_000, uploadBitsPerSecond: 750_000, cpuSlowdown: 4 };

export interface PaintOptions {
  line?: Line;
  javaScript?: boolean;
}

/**
 * When the page's data is on screen, from the start of the navigation, for `runs` cold loads. The portal renders
 * the whole document with its data before sending it, so the first contentful paint is the moment the data shows.
 * The steps before it (first and last byte, the stylesheet) show where the time goes. Without a jar the page is
 * loaded without cookies (the floor page).
 */
export async function measureDataVisible(
  browser: Browser,
  input: { portalOrigin: string; path: string; jar?: CookieJar },
  runs: number,
  { line = "fast", javaScript = true }: PaintOptions = {},
): Promise<PaintTiming[]> {
  const timings: PaintTiming[] = [];
  for (let run = 0; run < runs; run++) {
    const context = input.jar
      ? await loggedInContext(browser, { portalOrigin: input.portalOrigin, jar: input.jar }, true, javaScript)
      : await browser.newContext({ javaScriptEnabled: javaScript, locale: "de-DE" });
    try {
      const page = await context.newPage();
      // A user's browser has its window open before the page is asked for. Chromium starts a new window's own UI
      // renderer with each context; measured at once, that start competes with the page for the two cores (decision 041).
      await sleep(WINDOW_SETTLE_MS);
      if (line === "slow") {
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", {
          offline: false,
          latency: SLOW_PROFILE.latencyMs,
          // bytes per second
          downloadThroughput: SLOW_PROFILE.downloadBitsPerSecond / 8,
          uploadThroughput: SLOW_PROFILE.uploadBitsPerSecond / 8,
        });
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_PROFILE.cpuSlowdown });
      }
      await page.goto(new URL(input.path, input.portalOrigin).href, { waitUntil: "load", timeout: 60_000 });
      timings.push(await readPaintTiming(page));
    } finally {
      await context.close();
    }
  }
  return timings;
}

/**
 * The paint timing of a loaded page. The load event can come before the first paint (the scripts start only after
 * it, decision 025), so the first paint is waited for, asked from here: with the page's JavaScript off its timers
 * and observers do not run. Functions, not strings: a string evaluated in a page without JavaScript ends the whole
 * browser (Chromium 156, Playwright 1.65); no named function inside, the bench's TypeScript loader would wrap it in
 * a helper the page lacks. Only linked stylesheets block the paint (a prefetch after an inline copy is not counted).
 */
async function readPaintTiming(page: Page): Promise<PaintTiming> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && !(await page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length > 0))) {
    await sleep(20);
  }
  return page.evaluate(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const linked = new Set(Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).map((link) => link.href));
    const stylesheets = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
      (entry) => linked.has(entry.name) && entry.responseEnd < paint,
    );
    return {
      firstByte: navigation?.responseStart ?? Number.NaN,
      documentEnd: navigation?.responseEnd ?? Number.NaN,
      stylesheetEnd: stylesheets.length ? Math.max(...stylesheets.map((entry) => entry.responseEnd)) : Number.NaN,
      paint,
    };
  });
}

async function readAsset(response: PageResponse, portalOrigin: string): Promise<AssetFile | null> {
  const request = response.request();
  if (new URL(response.url()).origin !== portalOrigin) return null;
  const type = request.resourceType();
  const contentType = response.headers()["content-type"] ?? "";
  const kind =
    type === "stylesheet" || contentType.includes("text/css") ? "css" : type === "script" || /javascript/.test(contentType) ? "js" : null;
  if (!kind || response.status() < 200 || response.status() >= 300) return null;
  const body = await response.body();
  const sizes = await request.sizes();
  const url = new URL(response.url());
  return {
    path: `${url.pathname}${url.search}`,
    kind,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    transferred: sizes.responseBodySize,
  };
}
