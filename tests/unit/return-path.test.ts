import { describe, expect, it } from "vitest";
import { loginUrl } from "~/auth-urls";
import { organisationLabel } from "~/organisation-label";
import { safeRedirectPath, sameOriginTarget } from "~/return-path";
import { currentPath } from "~/.server/request-path.server";

describe("redirect targets stay on the portal", () => {
  it("keeps same-origin paths", () => {
    expect(safeRedirectPath("/admin/klassen?seite=2")).toBe("/admin/klassen?seite=2");
  });

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "/.//evil.example",
    "/a/..//evil.example",
    "",
    null,
  ])("refuses %s", (target) => {
    expect(safeRedirectPath(target)).toBe("/start");
  });

  it("refuses control characters that could split a header", () => {
    expect(safeRedirectPath("/start\r\nLocation: https://evil.example")).toBe("/start");
  });

  it("percent-encodes characters a Location header cannot carry, such as a search for Müller", () => {
    expect(safeRedirectPath("/admin/klassen?suche=Müller")).toBe("/admin/klassen?suche=M%C3%BCller");
    expect(safeRedirectPath("/%E2%82%AC")).toBe("/%E2%82%AC");
  });

  it("encodes the way back into the login link", () => {
    expect(loginUrl("/admin/klassen?schule=a&seite=2", "gold")).toBe(
      "/api/auth/login?redirectUrl=%2Fadmin%2Fklassen%3Fschule%3Da%26seite%3D2&requiredStepUpLevel=gold",
    );
  });
});

describe("redirect targets handed to the upstream", () => {
  const origin = "https://portal.example";

  it("keeps absolute URLs of the portal and paths", () => {
    expect(sameOriginTarget("https://portal.example/profile?x=1", origin)).toBe("https://portal.example/profile?x=1");
    expect(sameOriginTarget("https://portal.example/.//evil.example", origin)).toBe("https://portal.example/");
    expect(sameOriginTarget("/admin/klassen", origin)).toBe("/admin/klassen");
  });

  it.each(["https://evil.example/profile", "http://portal.example/profile", "javascript:alert(1)", "//evil.example", null])(
    "replaces %s by the portal root",
    (target) => {
      expect(sameOriginTarget(target, origin)).toBe("/");
    },
  );
});

describe("the page a request belongs to", () => {
  it("is the document path also for single-fetch data requests", () => {
    expect(currentPath(new Request("http://portal/admin/klassen.data?seite=2&_routes=routes%2Fadmin"))).toBe("/admin/klassen?seite=2");
    expect(currentPath(new Request("http://portal/_root.data"))).toBe("/");
  });
});

describe("organisation labels", () => {
  it("shows the Dienststellennummer before the name", () => {
    expect(organisationLabel({ kennung: "1234567", name: "Grundschule am See" })).toBe("1234567 (Grundschule am See)");
    expect(organisationLabel({ kennung: null, name: "5a" })).toBe("5a");
  });
});
