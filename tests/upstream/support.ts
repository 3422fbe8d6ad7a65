import { expect } from "vitest";
import { createReferenceApp, type ReferenceApp } from "../../upstream/reference/app.ts";
import type { DatabaseHandle } from "../../upstream/reference/db/client.ts";
import { type ApiVersion, type ReferenceConfig, defaultReferenceConfig } from "../../upstream/reference/env.ts";
import { currentOtp, DEMO_PASSWORD } from "../../upstream/reference/seed/demo-accounts.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { openTestDatabase } from "./test-database.ts";

export interface TestUpstream {
  app: ReferenceApp;
  handle: DatabaseHandle;
  config: ReferenceConfig;
  /** A new app instance on the same database (e.g. to simulate a server restart). */
  restart(overrides?: Partial<ReferenceConfig>): ReferenceApp;
  close(): Promise<void>;
}

/** A fresh clone of the seeded template database (PGlite, or PostgreSQL with DATABASE_URL) with an app on top. */
export async function startTestUpstream(overrides: Partial<ReferenceConfig> = {}): Promise<TestUpstream> {
  const handle = await openTestDatabase();
  const config = defaultReferenceConfig({ cookieSecure: false, stepUpTimeoutSeconds: 0, ...overrides });
  return {
    app: createReferenceApp(handle.db, config),
    handle,
    config,
    restart: (more = {}) => createReferenceApp(handle.db, { ...config, ...more }),
    close: () => handle.close(),
  };
}

/**
 * Minimal browser: keeps the session cookie and lets tests follow redirects step by step. Like the portal, `json()`
 * sends the session's CSRF token (fetched once per session from GET /api/auth/csrf-token) on every non-GET call,
 * and none when that endpoint does not exist (pinned version); `request()` sends exactly what it is given.
 */
export class Browser {
  cookie: string | undefined;
  /** The CSRF token fetched for the current cookie; null = the endpoint does not exist or refused. */
  private csrf: { cookie: string | undefined; token: string | null } | undefined;

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

  /** The session's CSRF token as the portal obtains it, or null when the upstream has no token endpoint. */
  async csrfToken(): Promise<string | null> {
    if (this.csrf && this.csrf.cookie === this.cookie) return this.csrf.token;
    const response = await this.get("/api/auth/csrf-token");
    const token = response.status === 200 ? ((await response.json()) as { csrfToken: string }).csrfToken : null;
    this.csrf = { cookie: this.cookie, token };
    return token;
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

  async json(method: string, path: string, body?: unknown) {
    const headers = new Headers(body === undefined ? {} : { "Content-Type": "application/json" });
    if (method !== "GET" && method !== "HEAD") {
      const token = await this.csrfToken();
      if (token) headers.set("X-CSRF-Token", token);
    }
    return this.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
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

export const API_VERSIONS = ["current", "pinned"] as const satisfies readonly ApiVersion[];

/**
 * Expectations for the error bodies that differ between the versions (CHANGES-SINCE-PIN §2.4/2.5): the current
 * upstream answers Dbiam bodies, the pinned one SchulConneX bodies (shape B) on the organisation routes.
 */
export function errorBodies(version: ApiVersion) {
  const schulconnex = async (response: Response, status: number, subcode?: string) => {
    expect(response.status).toBe(status);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ code: status, titel: expect.any(String), beschreibung: expect.any(String) });
    if (subcode) expect(body.subcode).toBe(subcode);
    return body;
  };
  const dbiam = async (response: Response, i18nKey: string, code: number) => {
    expect(response.status).toBe(code);
    expect(await response.json()).toEqual({ i18nKey, code });
  };
  return {
    /** Unknown entity: ENTITY_NOT_FOUND / SchulConneX 404 "01". */
    entityNotFound: (response: Response) =>
      version === "current" ? dbiam(response, "ENTITY_NOT_FOUND", 404) : schulconnex(response, 404, "01"),
    /** Missing right: MISSING_PERMISSIONS (still 404) / indistinguishable from not found. */
    missingPermissions: (response: Response) =>
      version === "current" ? dbiam(response, "MISSING_PERMISSIONS", 404) : schulconnex(response, 404, "01"),
    /** An unmapped 500: the given current key (INTERNAL_SERVER_ERROR by default) / SchulConneX 500 "00". */
    internal: (response: Response, currentKey = "INTERNAL_SERVER_ERROR") =>
      version === "current" ? dbiam(response, currentKey, 500) : schulconnex(response, 500, "00"),
    /**
     * A validation failure of `path`: current {i18nKey, 400} with the key of the rule, pinned SchulConneX with the
     * subcode of the rule and the path at the end of `beschreibung`.
     */
    validation: async (response: Response, rule: "enum" | "required" | "other" = "other", path?: string) => {
      if (version === "current") {
        const key = { enum: "INVALID_ENUM", required: "REQUIRED_VALUE", other: "VALIDATION_ERROR" }[rule];
        return dbiam(response, key, 400);
      }
      const body = await schulconnex(response, 400, { enum: "10", required: "01", other: "03" }[rule]);
      if (path !== undefined) expect(body.beschreibung).toContain(`'${path}'`);
    },
    /** Not logged in: UNAUTHORIZED / NestJS plain 401. */
    unauthorized: async (response: Response) => {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(
        version === "current" ? { i18nKey: "UNAUTHORIZED", code: 401 } : { statusCode: 401, message: "Unauthorized" },
      );
    },
  };
}

/** A Dbiam body `{i18nKey, code}`; HTTP status and code differ only for the upstream's documented quirks. */
export async function expectDbiamKey(response: Response, i18nKey: string, code = 400, status = 400) {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ i18nKey, code });
}
