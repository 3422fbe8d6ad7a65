import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, vi } from "vitest";

/**
 * Stand-in upstreams on 127.0.0.1 for the upstream client's tests: they record what reaches them and
 * answer like the pinned upstream (2025-11) or the current one (CHANGES-SINCE-PIN), only as far as the
 * portal's calls need. Route misses answer with the NestJS default body, as both real versions do.
 */

export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  rawQuery: string;
  headers: IncomingHttpHeaders;
  body: string;
}
export type Handler = (request: Received, response: ServerResponse) => void;

export interface StandIn {
  url: string;
  received: Received[];
  /** The upstream behind the same address changes (e.g. an upgrade while the portal runs). */
  replace(handler: Handler): void;
  close(): void;
}

export async function startStandIn(handler: Handler): Promise<StandIn> {
  const received: Received[] = [];
  let current = handler;
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://stand-in");
      const entry = {
        method: request.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        rawQuery: url.search,
        headers: request.headers,
        body,
      };
      received.push(entry);
      current(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    replace: (next) => (current = next),
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

export function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));
}

export function routeMiss(request: Received, response: ServerResponse) {
  json(response, 404, { message: `Cannot ${request.method} ${request.path}`, error: "Not Found", statusCode: 404 });
}

export const CSRF_REFUSAL = { message: "Invalid or missing CSRF token", error: "Bad Request", statusCode: 400 };

export function sessionOf(request: Received): string | null {
  return /(?:^|;\s*)connect\.sid=([^;]+)/.exec(request.headers.cookie ?? "")?.[1] ?? null;
}

export const SCHULE_ID = "7f0c2a44-1a6e-4c59-9a27-2f7f1e0a9b01";
export const KLASSE_ID = "0b9e4d1c-8f3a-4e62-b1d7-5a2c9e7f3d10";
export const BELEGTE_KLASSE_ID = "5d8a1f2e-3c4b-4a59-8e6d-7f1a2b3c4d5e";

/** A class as the current upstream renders it: empty columns are left out (CHANGES-SINCE-PIN §2.7). */
export const klasseCurrent = {
  id: KLASSE_ID,
  administriertVon: SCHULE_ID,
  zugehoerigZu: SCHULE_ID,
  name: "5a",
  typ: "KLASSE",
  itslearningEnabled: false,
  version: 2,
};

/**
 * The current upstream: sessions `connect.sid=<id>` known to it, a per-session CSRF token from
 * GET /api/auth/csrf-token, the guard before every write, and the organisation calls of the class screens.
 */
export function currentUpstream(options: { sessions?: Set<string> } = {}) {
  const sessions = options.sessions ?? new Set(["s1", "s2", "s3", "s4"]);
  const tokens = new Map<string, string>();
  const handler: Handler = (request, response) => {
    const session = sessionOf(request);
    const loggedIn = session !== null && sessions.has(session);
    if (request.path === "/api/auth/csrf-token" && request.method === "GET") {
      if (!loggedIn) return json(response, 401, { i18nKey: "UNAUTHORIZED", code: 401 });
      if (!tokens.has(session)) tokens.set(session, randomBytes(32).toString("hex"));
      return json(response, 200, { csrfToken: tokens.get(session) });
    }
    const route = routeOf(request);
    if (!route) return routeMiss(request, response);
    if (!loggedIn) return json(response, 401, { i18nKey: "UNAUTHORIZED", code: 401 });
    if (request.method !== "GET" && (!tokens.has(session) || request.headers["x-csrf-token"] !== tokens.get(session))) {
      return json(response, 400, CSRF_REFUSAL);
    }
    route(response);
  };

  function routeOf(request: Received): ((response: ServerResponse) => void) | null {
    const { method, path } = request;
    if (method === "GET" && path === "/api/organisationen") {
      return (response) => json(response, 200, [klasseCurrent], { "X-Paging-Total": "1" });
    }
    if (method === "POST" && path === "/api/organisationen") {
      return (response) => json(response, 201, { ...klasseCurrent, ...JSON.parse(request.body), version: 1 });
    }
    const rename = /^\/api\/organisationen\/([^/]+)\/name$/.exec(path);
    if (method === "PATCH" && rename) {
      return (response) => {
        const { name, version } = JSON.parse(request.body) as { name: string; version: number };
        if (version !== klasseCurrent.version) return json(response, 409, { i18nKey: "MISMATCHED_REVISION", code: 409 });
        json(response, 200, { ...klasseCurrent, name, version: version + 1 });
      };
    }
    const organisation = /^\/api\/organisationen\/([^/]+)$/.exec(path);
    if (method === "DELETE" && organisation) {
      return (response) => {
        if (organisation[1] === BELEGTE_KLASSE_ID) return json(response, 400, { i18nKey: "ORGANISATION_HAT_PERSONENKONTEXTE", code: 400 });
        if (organisation[1] !== KLASSE_ID) return json(response, 404, { i18nKey: "ENTITY_NOT_FOUND", code: 404 });
        response.writeHead(204).end();
      };
    }
    return null;
  }

  return {
    handler,
    /** Replace a session's token, as if the portal's cache held a token of an earlier session. */
    rotate: (session: string) => tokens.set(session, randomBytes(32).toString("hex")),
    tokenOf: (session: string) => tokens.get(session),
  };
}

/** The pinned upstream: no CSRF endpoint, no token checks, the class-only delete route. */
export function pinnedUpstream(): Handler {
  return (request, response) => {
    const { method, path } = request;
    if (!sessionOf(request) && path !== "/api/auth/csrf-token") {
      return json(response, 401, { message: "Unauthorized", statusCode: 401 });
    }
    if (method === "GET" && path === "/api/organisationen") {
      return json(response, 200, [{ ...klasseCurrent, kennung: null, namensergaenzung: null, kuerzel: null, traegerschaft: null }], {
        "X-Paging-Total": "1",
      });
    }
    if (method === "POST" && path === "/api/organisationen") return json(response, 201, { ...klasseCurrent, version: 1 });
    if (method === "PATCH" && /^\/api\/organisationen\/[^/]+\/name$/.test(path)) {
      return json(response, 400, { i18nKey: "NEWER_VERSION_ORGANISATION", code: 400 });
    }
    const klasse = /^\/api\/organisationen\/([^/]+)\/klasse$/.exec(path);
    if (method === "DELETE" && klasse) {
      if (klasse[1] === BELEGTE_KLASSE_ID) return json(response, 400, { i18nKey: "ORGANISATION_IST_BEREITS_ZUGEWIESEN_ERROR", code: 400 });
      return response.writeHead(204).end();
    }
    routeMiss(request, response);
  };
}

/**
 * The portal's server modules read the environment once at import and keep per-process memory
 * (what the upstream offers, cached tokens): each test gets a fresh set pointed at its stand-in.
 */
export async function portalModulesFor(upstreamUrl: string, env: Record<string, string | undefined> = {}) {
  pointPortalAt(upstreamUrl, env);
  return {
    client: await import("~/.server/upstream/client.server"),
    organisationen: await import("~/.server/upstream/organisationen.server"),
    features: await import("~/.server/upstream/capabilities.server"),
  };
}

/** The environment for the next fresh import of the portal's modules. */
export function pointPortalAt(upstreamUrl: string, env: Record<string, string | undefined> = {}) {
  vi.resetModules();
  process.env.UPSTREAM_URL = upstreamUrl;
  process.env.UPSTREAM_TIMEOUT_MS = "2000";
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

/** A browser request to the portal with the upstream's session cookie (and the portal's own, never forwarded). */
export function portalRequest(session: string | null, { method = "POST", path = "/admin/klassen/neu" } = {}) {
  const headers = new Headers();
  if (session) headers.set("Cookie", `connect.sid=${session}; __portal=flash`);
  return new Request(`http://127.0.0.1:3000${path}`, { method, headers });
}

/** The failure a portal call ended in (an `UpstreamFailure` or a redirect, both Responses); fails the test if it succeeded. */
export async function failureOf(promise: Promise<unknown>) {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(outcome, "the call should have failed").toBeInstanceOf(Response);
  return outcome as Response & { code?: string };
}
