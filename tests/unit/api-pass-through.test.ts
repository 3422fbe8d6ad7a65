import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The `/api/*` pass-through against a stand-in upstream that records what reaches it. The real upstream follows
 * `redirectUrl` verbatim and may serve anything as a logo, so the portal itself must clean and fence both.
 */
let upstream: Server;
const received: string[] = [];
let passThrough: (request: Request) => Promise<Response>;

function answer(request: IncomingMessage, response: import("node:http").ServerResponse) {
  received.push(request.url ?? "");
  if (request.url?.startsWith("/api/auth/login")) {
    response.writeHead(302, { Location: "/api/auth/idp/login" }).end();
  } else if (request.url === "/api/provider/logo-id/logo") {
    response
      .writeHead(200, { "Content-Type": "image/svg+xml" })
      .end("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>");
  } else if (request.url === "/api/status") {
    response.writeHead(500, { "Content-Type": "text/plain" }).end("internal error");
  } else if (request.url === "/api/auth/logout") {
    // Never answers: the portal's timeout must end the wait.
  } else {
    response.writeHead(404).end();
  }
}

beforeAll(async () => {
  upstream = createServer(answer);
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  // Server modules read the environment once at import; this file gets a module registry of its own.
  process.env.UPSTREAM_URL = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  process.env.UPSTREAM_TIMEOUT_MS = "300";
  const route = await import("~/routes/api.$");
  passThrough = (request) => route.loader({ request, params: {}, context: {} }) as Promise<Response>;
});

afterAll(() => {
  upstream.closeAllConnections();
  upstream.close();
});

const portal = "http://portal.example";
const navigation = { "Sec-Fetch-Dest": "document" };

describe("the /api pass-through", () => {
  it("hands the upstream only redirect targets on the portal itself", async () => {
    await passThrough(new Request(`${portal}/api/auth/login?redirectUrl=${encodeURIComponent("https://evil.example/")}`));
    await passThrough(new Request(`${portal}/api/auth/login?redirectUrl=${encodeURIComponent(`${portal}/profile?x=1`)}`));
    await passThrough(new Request(`${portal}/api/auth/login?redirectUrl=%2Fadmin%2Fklassen&requiredStepUpLevel=gold`));

    const targets = received
      .filter((url) => url.startsWith("/api/auth/login"))
      .map((url) => new URL(url, portal).searchParams.get("redirectUrl"));
    expect(targets).toEqual(["/", `${portal}/profile?x=1`, "/admin/klassen"]);
  });

  it("keeps the upstream's redirect and adds the security headers", async () => {
    const response = await passThrough(new Request(`${portal}/api/auth/login?redirectUrl=%2Fstart`));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/api/auth/idp/login");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("serves a logo sandboxed, so a script inside an SVG never runs on the portal's origin", async () => {
    const response = await passThrough(new Request(`${portal}/api/provider/logo-id/logo`));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("sends a browser following a link to the German error page when the upstream fails or hangs", async () => {
    const failed = await passThrough(new Request(`${portal}/api/status`, { headers: navigation }));
    expect(failed.status).toBe(302);
    expect(failed.headers.get("Location")).toBe("/dienst-nicht-erreichbar");

    const hanging = await passThrough(new Request(`${portal}/api/auth/logout`, { headers: navigation }));
    expect(hanging.status).toBe(302);
    expect(hanging.headers.get("Location")).toBe("/dienst-nicht-erreichbar");
  });

  it("offers only what a browser needs of the upstream: any other path is not found, and the upstream is not asked", async () => {
    received.length = 0;
    for (const [method, path] of [
      ["GET", "/api/dbiam/personenuebersicht/00000000-0000-4000-8000-000000000001"],
      ["GET", "/api/personen-frontend"],
      ["GET", "/api/auth/logininfo"],
      ["GET", "/api/config"],
      ["POST", "/api/provider/logo-id/logo"],
      ["GET", "/api/auth/loginx"],
    ]) {
      const response = await passThrough(new Request(`${portal}${path}`, { method }));
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.text()).toContain("Seite nicht gefunden");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
    expect(received).toEqual([]);
  });

  it("relays an upstream error to scripts that asked for data", async () => {
    const response = await passThrough(new Request(`${portal}/api/status`));
    expect(response.status).toBe(500);
  });
});
