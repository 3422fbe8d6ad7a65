import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "~/.server/auth.server";

const auth = vi.hoisted(() => ({
  user: null as CurrentUser | null,
  hasToken: true,
}));

vi.mock("~/.server/auth.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/.server/auth.server")>();
  return {
    ...original,
    authenticate: async () => {
      if (!auth.user) throw new Response(null, { status: 302, headers: { Location: "/api/auth/login" } });
      return auth.user;
    },
    hasSecondFactor: async () => auth.hasToken,
  };
});

const { requireAdmin, requireUser } = await import("~/.server/guards.server");

function userWith(rights: string[], acr: CurrentUser["acr"]): CurrentUser {
  return {
    personId: "p-1",
    username: "admin",
    displayName: "Ada Admin",
    acr,
    passwordUpdatedAt: null,
    rights: new Set(rights),
    personenkontexte: [],
    timeLimits: [],
  };
}

async function thrownBy(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("the guard let the request through");
}

const klassenPage = () => new Request("http://portal/admin/klassen.data?seite=2&_routes=x");

describe("guards of admin routes", () => {
  beforeEach(() => {
    auth.user = null;
    auth.hasToken = true;
  });

  it("send a visitor without session to the login", async () => {
    const response = await thrownBy(requireAdmin(klassenPage(), { permissions: ["klassenverwaltung"] }));
    expect(response.status).toBe(302);
  });

  it("show not-found for a missing right before any step-up", async () => {
    auth.user = userWith([], "silver");
    const response = await thrownBy(requireAdmin(klassenPage(), { permissions: ["klassenverwaltung"] }));
    expect(response.status).toBe(404);
  });

  it("ask a silver admin with a token for the one-time password and come back to the page", async () => {
    auth.user = userWith(["KLASSEN_VERWALTEN"], "silver");
    const response = await thrownBy(requireAdmin(klassenPage(), { permissions: ["klassenverwaltung"] }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/api/auth/login?redirectUrl=%2Fadmin%2Fklassen%3Fseite%3D2&requiredStepUpLevel=gold");
  });

  it("send a silver admin without a token to /no-second-factor", async () => {
    auth.user = userWith(["KLASSEN_VERWALTEN"], "silver");
    auth.hasToken = false;
    const response = await thrownBy(requireAdmin(klassenPage(), { permissions: ["klassenverwaltung"] }));
    // The notice page knows where to return once a second factor exists.
    expect(response.headers.get("Location")).toBe("/no-second-factor?zurueck=%2Fadmin%2Fklassen%3Fseite%3D2");
  });

  it("let a gold admin with the right through", async () => {
    auth.user = userWith(["KLASSEN_VERWALTEN"], "gold");
    await expect(requireAdmin(klassenPage(), { permissions: ["klassenverwaltung"] })).resolves.toBe(auth.user);
  });

  it("let an offer's page through with either of its two sets of permissions, and with neither show not-found", async () => {
    const offer = { permissions: ["angebotsverwaltung"], orPermissions: ["rollenerweiterung"] } as const;
    auth.user = userWith(["ROLLEN_ERWEITERN"], "gold");
    await expect(requireAdmin(klassenPage(), offer)).resolves.toBe(auth.user);
    auth.user = userWith(["ANGEBOTE_VERWALTEN"], "gold");
    await expect(requireAdmin(klassenPage(), offer)).resolves.toBe(auth.user);
    auth.user = userWith(["ROLLEN_VERWALTEN", "KLASSEN_VERWALTEN"], "silver");
    expect((await thrownBy(requireAdmin(klassenPage(), offer))).status).toBe(404);
  });

  it("let the import screen through at silver", async () => {
    auth.user = userWith(["IMPORT_DURCHFUEHREN"], "silver");
    await expect(requireAdmin(klassenPage(), { permissions: ["personenimport"], level: "silver" })).resolves.toBe(auth.user);
  });
});

describe("cross-origin protection", () => {
  beforeEach(() => {
    auth.user = userWith(["KLASSEN_VERWALTEN"], "gold");
  });

  it("refuses a form post from another site", async () => {
    const request = new Request("http://portal/admin/klassen/new", {
      method: "POST",
      headers: { Origin: "http://evil.example" },
    });
    expect((await thrownBy(requireUser(request))).status).toBe(403);
  });

  it("accepts a form post from the portal itself", async () => {
    const request = new Request("http://portal/admin/klassen/new", {
      method: "POST",
      headers: { Origin: "http://portal" },
      body: new URLSearchParams({ name: "5a" }),
    });
    await expect(requireUser(request)).resolves.toBe(auth.user);
  });

  it("refuses a post without Origin whose Referer is another site", async () => {
    const request = new Request("http://portal/admin/klassen/new", {
      method: "POST",
      headers: { Referer: "https://evil.example/page" },
      body: new URLSearchParams({ name: "5a" }),
    });
    expect((await thrownBy(requireUser(request))).status).toBe(403);
  });

  it("refuses bodies that are not forms with 415, and broken or NUL-laden forms with 400, each with a German code", async () => {
    const post = (body: BodyInit | null, contentType?: string) =>
      new Request("http://portal/admin/klassen/new", {
        method: "POST",
        headers: { Origin: "http://portal", ...(contentType ? { "Content-Type": contentType } : {}) },
        body,
      });
    const cases: [Request, number, string][] = [
      [post(JSON.stringify({ name: "5a" }), "application/json"), 415, "FORM_ENCODING_UNSUPPORTED"],
      [post("name=5a", "text/plain"), 415, "FORM_ENCODING_UNSUPPORTED"],
      [post("<name>5a</name>", "application/xml"), 415, "FORM_ENCODING_UNSUPPORTED"],
      [post(null), 415, "FORM_ENCODING_UNSUPPORTED"],
      [post("--x\r\nbroken", "multipart/form-data; boundary=x"), 400, "FORM_UNREADABLE"],
      [post("--x\r\nbroken", "multipart/form-data"), 400, "FORM_UNREADABLE"],
      [post("name=5%00a", "application/x-www-form-urlencoded"), 400, "FORM_INVALID_CHARACTERS"],
    ];
    for (const [request, status, code] of cases) {
      const response = await thrownBy(requireUser(request));
      expect(response.status, code).toBe(status);
      expect(await response.json()).toEqual({ code });
    }
  });

  it("refuses a cross-site post whose browser hid the origin", async () => {
    const request = new Request("http://portal/admin/klassen/new", {
      method: "POST",
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect((await thrownBy(requireUser(request))).status).toBe(403);
  });
});

describe("loading a page's data while the guard decides", () => {
  it("lets the guard's not-found win over the data", async () => {
    const { guardWhileLoading } = await import("~/.server/guards.server");
    const guard = Promise.reject(new Response(null, { status: 404 }));
    const response = await thrownBy(guardWhileLoading(guard, async () => "daten"));
    expect(response.status).toBe(404);
  });

  it("lets the guard's verdict win even when the data fails first", async () => {
    const { guardWhileLoading } = await import("~/.server/guards.server");
    const guard = new Promise((_, reject) => setTimeout(() => reject(new Response(null, { status: 302 })), 5));
    const response = await thrownBy(guardWhileLoading(guard, () => Promise.reject(new Response(null, { status: 502 }))));
    expect(response.status).toBe(302);
  });

  it("returns the user and the data when both succeed", async () => {
    const { guardWhileLoading } = await import("~/.server/guards.server");
    await expect(guardWhileLoading(Promise.resolve("user"), async () => "daten")).resolves.toEqual(["user", "daten"]);
  });
});
