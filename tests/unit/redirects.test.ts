import { describe, expect, it } from "vitest";
import { readFormData } from "~/.server/form-data.server";
import { getPortalSession } from "~/.server/portal-cookie.server";
import { leavesApp, loginRedirect, redirectTo } from "~/.server/redirects.server";

const RELOAD = "X-Remix-Reload-Document";

describe("redirects that leave the portal's pages", () => {
  it("are full document loads, so a client navigation never follows the upstream's login as data", () => {
    expect(redirectTo("/api/auth/login?redirectUrl=%2Fstart").headers.get(RELOAD)).toBe("true");
    expect(redirectTo("https://idp.example/login").headers.get(RELOAD)).toBe("true");
    expect(redirectTo("/admin/klassen?seite=2").headers.get(RELOAD)).toBeNull();
    expect(leavesApp("/api")).toBe(true);
    expect(leavesApp("/apis")).toBe(false);
    expect(leavesApp("//evil.example/")).toBe(true);
  });
});

describe("a login that interrupts a form post", () => {
  async function interruptedPost(fields: Record<string, string>) {
    const request = new Request("http://portal/admin/klassen/new.data?_routes=routes%2Fadmin.klassen.new", {
      method: "POST",
      headers: { Origin: "http://portal", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    await readFormData(request);
    const response = await loginRedirect(request, { level: "gold" });
    const cookie = response.headers.get("Set-Cookie") ?? "";
    const session = await getPortalSession(new Request("http://portal/", { headers: { Cookie: cookie.split(";")[0] } }));
    return { response, interrupted: session.get("interrupted") };
  }

  it("returns to the form's page and remembers once that nothing was saved, with the typed values", async () => {
    const { response, interrupted } = await interruptedPost({ schule: "s-1", name: "5a" });
    expect(response.status).toBe(302);
    expect(response.headers.get(RELOAD)).toBe("true");
    expect(response.headers.get("Location")).toBe("/api/auth/login?redirectUrl=%2Fadmin%2Fklassen%2Fnew&requiredStepUpLevel=gold");
    expect(interrupted).toEqual({ path: "/admin/klassen/new", values: { schule: "s-1", name: "5a" } });
  });

  it("never keeps a password, and keeps no values at all when they would not fit a small cookie", async () => {
    const secret = await interruptedPost({ name: "5a", passwort: "geheim", einmalcode: "123456" });
    expect(secret.interrupted?.values).toEqual({ name: "5a" });
    const long = await interruptedPost({ name: "x".repeat(2_000) });
    expect(long.interrupted).toEqual({ path: "/admin/klassen/new" });
    expect(long.response.headers.get("Set-Cookie")!.length).toBeLessThan(1_000);
  });

  it("sets no cookie for a page view", async () => {
    const response = await loginRedirect(new Request("http://portal/admin/klassen.data?seite=2"));
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(response.headers.get("Location")).toBe("/api/auth/login?redirectUrl=%2Fadmin%2Fklassen%3Fseite%3D2");
  });
});
