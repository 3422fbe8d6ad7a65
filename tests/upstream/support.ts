import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { createReferenceApp, type ReferenceApp } from "../../upstream/reference/app.ts";
import { type DatabaseHandle, fromPglite } from "../../upstream/reference/db/client.ts";
import { type ReferenceConfig, defaultReferenceConfig } from "../../upstream/reference/env.ts";
import { currentOtp } from "../../upstream/reference/seed/demo-accounts.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { DEMO_PASSWORD } from "../../upstream/reference/seed/demo-accounts.ts";
import { TEMPLATE_PATH } from "./template-path.ts";

export interface TestUpstream {
  app: ReferenceApp;
  handle: DatabaseHandle;
  config: ReferenceConfig;
  /** A new app instance on the same database (e.g. to simulate a server restart). */
  restart(overrides?: Partial<ReferenceConfig>): ReferenceApp;
  close(): Promise<void>;
}

/** A fresh in-memory clone of the seeded template database with an app on top. */
export async function startTestUpstream(overrides: Partial<ReferenceConfig> = {}): Promise<TestUpstream> {
  const dump = await readFile(TEMPLATE_PATH);
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
  const handle = fromPglite(client);
  const config = defaultReferenceConfig({ cookieSecure: false, stepUpTimeoutSeconds: 0, ...overrides });
  return {
    app: createReferenceApp(handle.db, config),
    handle,
    config,
    restart: (more = {}) => createReferenceApp(handle.db, { ...config, ...more }),
    close: () => handle.close(),
  };
}

/** Minimal browser: keeps the session cookie and lets tests follow redirects step by step. */
export class Browser {
  cookie: string | undefined;

  constructor(public app: ReferenceApp) {}

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookie) headers.set("Cookie", `connect.sid=${this.cookie}`);
    const response = await this.app.request(path, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const match = /^connect\.sid=([^;]*)/.exec(line);
      if (!match) continue;
      this.cookie = /Max-Age=0/i.test(line) || match[1] === "" ? undefined : match[1];
    }
    return response;
  }

  get(path: string) {
    return this.request(path);
  }

  postForm(path: string, fields: Record<string, string>) {
    return this.request(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  }

  json(method: string, path: string, body?: unknown) {
    return this.request(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** Follows GET redirects while they stay inside the reference's /api/ space; returns the last response. */
  async follow(response: Response, max = 10): Promise<Response> {
    let current = response;
    for (let i = 0; i < max; i++) {
      const location = current.headers.get("Location");
      if (current.status !== 302 || !location || !location.startsWith("/api/")) return current;
      current = await this.get(location);
    }
    return current;
  }

  /** Full login through the embedded IdP; returns the final redirect response (302 to redirectUrl). */
  async login(username: string, level: "silver" | "gold" = "silver", redirectUrl = "/start"): Promise<Response> {
    const query = new URLSearchParams({ redirectUrl, ...(level === "gold" ? { requiredStepUpLevel: "gold" } : {}) });
    const form = await this.follow(await this.get(`/api/auth/login?${query.toString()}`));
    if (form.status !== 200) throw new Error(`Login-Formular nicht erreicht (${form.status})`);
    let response = await this.postForm(`/api/auth/idp/login?acr=${level}`, { username, password: DEMO_PASSWORD });
    if (level === "gold") {
      const otpPage = await this.follow(response);
      if (otpPage.status !== 200) return otpPage;
      response = await this.postForm("/api/auth/idp/otp", { otp: await currentOtp(username) });
    }
    return response;
  }
}

export async function loggedIn(app: ReferenceApp, username: string, level: "silver" | "gold" = "silver") {
  const browser = new Browser(app);
  const response = await browser.login(username, level);
  if (response.status !== 302 || response.headers.get("Location") !== "/start") {
    throw new Error(`Login von ${username} fehlgeschlagen: ${response.status} ${response.headers.get("Location")}`);
  }
  return browser;
}

/** The query of the class screen's list at school A, searching "a", as the scale test and the manual measurement use it. */
export function schuleAClassListQuery(limit: number): URLSearchParams {
  return new URLSearchParams({
    typ: "KLASSE",
    systemrechte: "KLASSEN_VERWALTEN",
    administriertVon: DEMO_IDS.schuleA,
    searchString: "a",
    sortField: "name",
    sortOrder: "asc",
    offset: "0",
    limit: String(limit),
  });
}
