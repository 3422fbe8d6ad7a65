import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_IDS } from "./support/klassen.ts";
import { startPortal, upstreamWaves, type Portal, type PortalVisitor } from "./support/portal.ts";

/**
 * The Schulträger screens stay within two waves of upstream calls per page (docs/decisions/004), and the list's
 * schools come in one request for the whole page, not one per Träger.
 */

let portal: Portal;
let admin: PortalVisitor;

beforeAll(async () => {
  portal = await startPortal();
  admin = await portal.loggedIn("landesadmin", "gold");
  portal.upstreamDelayMs = 30;
});

afterAll(async () => {
  await portal?.close();
});

beforeEach(() => {
  portal.upstreamCalls.length = 0;
  portal.upstreamTimeline.length = 0;
});

const calls = () => portal.upstreamTimeline.map((entry) => entry.call).sort();

describe("Upstream-Aufrufe der Schulträgerseiten", () => {
  it("die Liste fragt die Seite der Träger und dann in einer Anfrage alle ihre Schulen: zwei Wellen", async () => {
    const page = await admin.get("/admin/schultraeger?anzahl=300");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Hansestadt Nordhafen");
    expect(html).toContain("Gemeinschaftsschule am Deich");
    expect(calls()).toEqual([
      "GET /api/auth/logininfo",
      "GET /api/organisationen",
      "GET /api/organisationen",
      "GET /api/organisationen/root/children",
    ]);
    expect(upstreamWaves(portal.upstreamTimeline)).toBe(2);
  });

  it("die Seite eines Trägers liest Träger, Formen, Schulen und das Umbenennungsrecht in einer Welle", async () => {
    const page = await admin.get(`/admin/schultraeger/${DEMO_IDS.traegerStadt}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Gemeinschaftsschule am Deich");
    expect(calls()).toEqual([
      "GET /api/auth/logininfo",
      "GET /api/organisationen",
      "GET /api/organisationen",
      `GET /api/organisationen/${DEMO_IDS.traegerStadt}/zugehoerig`,
      "GET /api/organisationen/root/children",
    ]);
    expect(upstreamWaves(portal.upstreamTimeline)).toBe(1);
  });

  it("die Anlegeseite liest nur die Formen", async () => {
    const page = await admin.get("/admin/schultraeger/new");
    expect(page.status).toBe(200);
    expect(calls()).toEqual(["GET /api/auth/logininfo", "GET /api/organisationen/root/children"]);
    expect(upstreamWaves(portal.upstreamTimeline)).toBe(1);
  });
});
