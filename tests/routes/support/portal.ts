import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { admitInOrder } from "../../../upstream/reference/admission.ts";
import { createReferenceApp } from "../../../upstream/reference/app.ts";
import { defaultReferenceConfig, type ReferenceConfig } from "../../../upstream/reference/env.ts";
import { currentOtp, DEMO_PASSWORD } from "../../../upstream/reference/seed/demo-accounts.ts";
import { openTestDatabase } from "../../upstream/test-database.ts";

/**
 * The portal without a browser: the built server (build/index.js, what remix-serve runs in the e2e journeys) handles
 * Requests in this process, with Remix's own routing, loaders, actions, error boundaries and entry.server headers,
 * against the reference upstream on a free port of 127.0.0.1 over a fresh clone of the seeded demo database. Only
 * remix-serve's HTTP layer (express, compression, static files) is left out; checks that need a browser (focus,
 * JavaScript, layout, axe) stay in tests/e2e.
 */

export const PORTAL_ORIGIN = "http://portal.test";
export const BUILD_PATH = fileURLToPath(new URL("../../../build/index.js", import.meta.url));

/** The embedded upstream takes a few requests at a time, as in `npm start` (docs/decisions/011). */
const CONCURRENT_UPSTREAM_REQUESTS = 4;

export interface Portal {
  /** A visitor with an empty cookie jar. */
  visitor(): PortalVisitor;
  /** A visitor logged in through the upstream's forms (password, for gold also the one-time password). */
  loggedIn(username: string, level?: "silver" | "gold"): Promise<PortalVisitor>;
  /**
   * Every call the upstream got, as "METHOD /path" (without the query), in arrival order; clear it to count anew. The
   * switches (`GET /api/config`, read once per upstream session by whichever page comes first) are counted apart.
   */
  upstreamCalls: string[];
  /** How often the upstream was asked for its switches (`GET /api/config`). */
  configCalls: () => number;
  /**
   * Every call with the time it reached the upstream (before waiting for admission) and the time it was answered; clear
   * it to count anew. `upstreamWaves` reads the waves from it. Without the switches, as `upstreamCalls`.
   */
  upstreamTimeline: TimedCall[];
  /** Each call is answered no sooner than this (ms): calls sent side by side then overlap however busy the machine. */
  upstreamDelayMs: number;
  /**
   * Runs around each upstream call ("METHOD /path"), before it reaches the upstream and after it was answered, while
   * the portal waits: for what another administrator does in exactly that moment. Unset: nothing.
   */
  aroundUpstreamCall: ((call: string, phase: "before" | "after") => Promise<void>) | null;
  /** The reference upstream's database, for data the demo lacks (e.g. an account with one right more). */
  db: Awaited<ReturnType<typeof openTestDatabase>>["db"];
  close(): Promise<void>;
}

/**
 * `apiVersion`: the reference upstream's behaviour, the current one unless told (one per test file: the build reads its
 * environment once). `featureFlags`: what its `GET /api/config` switches off.
 */
export async function startPortal({
  apiVersion = "current",
  featureFlags = {},
}: { apiVersion?: "current" | "pinned"; featureFlags?: Partial<ReferenceConfig["featureFlags"]> } = {}): Promise<Portal> {
  const database = await openTestDatabase();
  const config = defaultReferenceConfig({ cookieSecure: false, apiVersion });
  const upstream = createReferenceApp(database.db, { ...config, featureFlags: { ...config.featureFlags, ...featureFlags } });
  const upstreamCalls: string[] = [];
  let configCalls = 0;
  const recorded: typeof upstream.fetch = (request, ...rest) => {
    const call = `${request.method} ${new URL(request.url).pathname}`;
    if (call === "GET /api/config") configCalls++;
    else upstreamCalls.push(call);
    return upstream.fetch(request, ...rest);
  };
  const admission = admitInOrder(recorded, CONCURRENT_UPSTREAM_REQUESTS);
  const upstreamTimeline: TimedCall[] = [];
  const timed: typeof admission.handle = async (request, ...rest) => {
    const entry = { call: `${request.method} ${new URL(request.url).pathname}`, start: performance.now(), end: Infinity };
    // The switches go out beside the login info (the admin layout), so they never make a wave of their own.
    if (entry.call !== "GET /api/config") upstreamTimeline.push(entry);
    if (portal.upstreamDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, portal.upstreamDelayMs));
    try {
      await portal.aroundUpstreamCall?.(entry.call, "before");
      const answer = await admission.handle(request, ...rest);
      await portal.aroundUpstreamCall?.(entry.call, "after");
      return answer;
    } finally {
      entry.end = performance.now();
    }
  };
  const server = await new Promise<Server>((resolve, reject) => {
    // Without TLS or HTTP/2 options, @hono/node-server serves with node:http.
    const instance = serve({ fetch: timed, hostname: "127.0.0.1", port: 0 }, () => resolve(instance as Server));
    instance.once("error", reject);
  });
  // Here the upstream shares the portal's process and event loop. While the reference's import job holds the loop
  // (seconds, on a busy CI machine), the server's 5 s keep-alive timer can fire in the same burst of timers as the
  // portal's next request on that connection, before the portal has seen the close: an ECONNRESET that separate
  // processes, as in production, do not produce (there the portal closes idle connections after 4 s, transport.server.ts).
  server.keepAliveTimeout = 60_000;
  // The portal's server modules read the environment once, at import; each test file imports the build afresh.
  process.env.UPSTREAM_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The portal's own store, embedded in this process and thrown away with it (docs/decisions/035).
  process.env.PORTAL_DATA_DIR = "memory://";
  const build = (await import(/* @vite-ignore */ BUILD_PATH)) as ServerBuild;
  const handle = createRequestHandler(build, "production");

  const portal: Portal = {
    upstreamCalls,
    configCalls: () => configCalls,
    upstreamTimeline,
    upstreamDelayMs: 0,
    aroundUpstreamCall: null,
    db: database.db,
    visitor: () => new PortalVisitor(handle),
    loggedIn: async (username, level = "silver") => {
      const visitor = new PortalVisitor(handle);
      await visitor.login(username, level);
      return visitor;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      await database.close();
    },
  };
  return portal;
}

export interface TimedCall {
  call: string;
  start: number;
  end: number;
}

/**
 * How many waves of upstream calls the timeline shows: a call belongs to the wave after the latest of the calls that
 * were answered before it was sent (it may have waited for them); calls sent side by side share a wave.
 */
export function upstreamWaves(timeline: readonly TimedCall[]): number {
  const waves: number[] = [];
  for (const [index, entry] of timeline.entries()) {
    const before = timeline.slice(0, index).flatMap((earlier, at) => (earlier.end <= entry.start ? [waves[at]] : []));
    waves.push(1 + Math.max(0, ...before));
  }
  return Math.max(0, ...waves);
}

type RequestHandler = ReturnType<typeof createRequestHandler>;

interface VisitOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  /** A form post as the portal's own pages send it: urlencoded, with the portal's Origin. */
  form?: Record<string, string>;
  /** Aborts the request, as a browser does when the user leaves the page. */
  signal?: AbortSignal;
}

/**
 * Sends requests as a browser would: the Host header (Remix compares it with Origin), the cookies the portal and the
 * upstream set, and redirects are not followed unless asked (`follow`).
 */
export class PortalVisitor {
  readonly cookies = new Map<string, string>();

  constructor(private readonly handle: RequestHandler) {}

  /** A visitor with the same cookies, so the same upstream session, and a cookie jar of its own from now on. */
  copy(): PortalVisitor {
    const other = new PortalVisitor(this.handle);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }

  async request(path: string, { method, headers = {}, body, form, signal }: VisitOptions = {}): Promise<Response> {
    const url = new URL(path, PORTAL_ORIGIN);
    const all = new Headers({ Host: url.host, ...headers });
    if (form) {
      all.set("Content-Type", "application/x-www-form-urlencoded");
      if (!all.has("Origin")) all.set("Origin", PORTAL_ORIGIN);
    }
    if (this.cookies.size > 0 && !all.has("Cookie")) all.set("Cookie", this.cookieHeader());
    const requestBody = form ? new URLSearchParams(form).toString() : body;
    const request = new Request(url, {
      method: method ?? (requestBody === undefined ? "GET" : "POST"),
      headers: all,
      body: requestBody,
      signal,
    });
    const response = await this.handle(request);
    for (const line of response.headers.getSetCookie()) this.remember(line);
    return response;
  }

  get(path: string, headers: Record<string, string> = {}) {
    return this.request(path, { headers });
  }

  postForm(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    return this.request(path, { form, headers });
  }

  /** A `multipart/form-data` post with the portal's Origin, as a file upload form sends it. */
  async postMultipart(path: string, form: FormData) {
    const encoded = new Response(form);
    const headers = { "Content-Type": encoded.headers.get("Content-Type")!, Origin: PORTAL_ORIGIN };
    return this.request(path, { method: "POST", headers, body: new Uint8Array(await encoded.arrayBuffer()) });
  }

  /** Follows redirects on the portal's origin with GET, as a browser does after a form post; returns the last answer. */
  async follow(response: Response, max = 10): Promise<Response> {
    let current = response;
    for (let step = 0; step < max; step++) {
      const location = current.headers.get("Location");
      if (current.status < 300 || current.status > 399 || !location) return current;
      const target = new URL(location, PORTAL_ORIGIN);
      if (target.origin !== PORTAL_ORIGIN) return current;
      current = await this.get(`${target.pathname}${target.search}`, { "Sec-Fetch-Dest": "document" });
    }
    return current;
  }

  /** The login through the portal's /api pass-through and the upstream's forms, as a person does it. */
  async login(username: string, level: "silver" | "gold") {
    const query = new URLSearchParams({ redirectUrl: "/start", ...(level === "gold" ? { requiredStepUpLevel: "gold" } : {}) });
    const form = await this.follow(await this.get(`/api/auth/login?${query}`, { "Sec-Fetch-Dest": "document" }));
    if (form.status !== 200) throw new Error(`Anmeldeformular nicht erreicht (${form.status})`);
    let answer = await this.postForm(`/api/auth/idp/login?acr=${level}`, { username, password: DEMO_PASSWORD });
    if (level === "gold") {
      const otp = await this.follow(answer);
      if (otp.status !== 200) throw new Error(`Einmalcode-Seite nicht erreicht (${otp.status})`);
      answer = await this.postForm("/api/auth/idp/otp", { otp: await currentOtp(username) });
    }
    if (answer.status !== 302 || answer.headers.get("Location") !== "/start") {
      throw new Error(`Anmeldung von ${username} fehlgeschlagen: ${answer.status} ${answer.headers.get("Location")}`);
    }
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private remember(setCookie: string) {
    const [pair, ...attributes] = setCookie.split(";");
    const separator = pair.indexOf("=");
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key, raw = ""] = attribute.trim().split("=");
      if (key.toLowerCase() === "max-age") return Number(raw) <= 0;
      if (key.toLowerCase() === "expires") return new Date(raw).getTime() <= Date.now();
      return false;
    });
    if (expired || value === "") this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}
