import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { stableId } from "../../upstream/reference/lib/ids.ts";
import { DEMO_IDS } from "./support/klassen.ts";
import { startPortal, upstreamWaves, type Portal, type PortalVisitor } from "./support/portal.ts";

/**
 * The offer screens stay within two waves of upstream calls per page (docs/decisions/004, 024): the list and an
 * offer's page in one, the role extension and its way in with the school's roles or offers in a second.
 */

const sp = (key: string) => stableId(`sp:${key}`);

let portal: Portal;
let landesadmin: PortalVisitor;
let angebotsadmin: PortalVisitor;

beforeAll(async () => {
  portal = await startPortal();
  [landesadmin, angebotsadmin] = await Promise.all([portal.loggedIn("landesadmin", "gold"), portal.loggedIn("angebotsadmin", "gold")]);
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

describe("Upstream-Aufrufe der Angebotsseiten", () => {
  it("nach Kategorie gefiltert: ein Aufruf, nur Angebote dieser Kategorie, die Kästchen zeigen die Wahl", async () => {
    const page = await landesadmin.get("/admin/angebote?kategorie=EMAIL&kategorie=UNBEKANNT");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(calls()).toEqual(["GET /api/auth/logininfo", "GET /api/provider/manageable"]);
    const kategorien = [...html.matchAll(/<tr[^>]*>\s*<td[^>]*>([^<]*)<\/td>/g)].map((match) => match[1]);
    expect(kategorien.length).toBeGreaterThan(0);
    expect(new Set(kategorien)).toEqual(new Set(["Dienstliche E-Mail"]));
    const kaestchen = (wert: string) => html.match(new RegExp(`<input[^>]*name="kategorie"[^>]*value="${wert}"[^>]*>`))?.[0] ?? "";
    expect(kaestchen("EMAIL")).toContain("checked");
    expect(kaestchen("UNTERRICHT")).not.toContain("checked");
    expect(html).not.toContain("kann nicht nach Kategorie filtern");
  });

  it("die Liste fragt eine Seite der verwaltbaren Angebote: eine Welle", async () => {
    const page = await landesadmin.get("/admin/angebote?anzahl=5&seite=2");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("School-SH");
    expect(calls()).toEqual(["GET /api/auth/logininfo", "GET /api/provider/manageable"]);
    expect(upstreamWaves(portal.upstreamTimeline)).toBe(1);
  });

  it("die Seite eines Angebots liest das Angebot, ob es ein Logo hat, und einmal je Sitzung die Schalter: eine Welle", async () => {
    const frisch = await portal.loggedIn("landesadmin", "gold");
    const vorher = portal.configCalls();
    portal.upstreamTimeline.length = 0;
    const page = await frisch.get(`/admin/angebote/${sp("mediathek-nord")}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`/api/provider/${sp("mediathek-nord")}/logo`);
    expect(calls()).toEqual([
      "GET /api/auth/logininfo",
      `GET /api/provider/${sp("mediathek-nord")}/logo`,
      `GET /api/provider/manageable/${sp("mediathek-nord")}`,
    ]);
    expect(upstreamWaves(portal.upstreamTimeline)).toBe(1);
    // The layout and the page both want the switches: one call for the session, not one more with the next page.
    expect(portal.configCalls() - vorher).toBe(1);
    await frisch.get(`/admin/angebote/${sp("mediathek-nord")}`);
    expect(portal.configCalls() - vorher).toBe(1);
  });

  it("eine unsinnige Id fragt das Upstream gar nicht nach dem Angebot", async () => {
    const page = await landesadmin.get("/admin/angebote/keine-id");
    expect(page.status).toBe(404);
    expect(calls()).toEqual(["GET /api/auth/logininfo"]);
  });

  it("die Erweiterungsseite liest Angebot, Schulen und Erweiterungen, dann die Rollen der Schule: zwei Wellen", async () => {
    const page = await angebotsadmin.get(`/admin/angebote/${sp("sprachlabor")}/erweiterungen`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Rolle um Sprachlabor digital erweitern");
    expect(calls()).toEqual([
      "GET /api/auth/logininfo",
      "GET /api/organisationen",
      `GET /api/provider/${sp("sprachlabor")}/rollenerweiterung`,
      `GET /api/provider/manageable/${sp("sprachlabor")}`,
      "GET /api/rolle",
    ]);
    expect(upstreamWaves(portal.upstreamTimeline)).toBe(2);
  });

  it("der Einstieg der Rollenerweiterung liest die Schulen, dann deren erweiterbare Angebote: zwei Wellen", async () => {
    const page = await angebotsadmin.get(`/admin/angebote/erweiterbar?schule=${DEMO_IDS.schuleA}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Mediathek Nord");
    expect(calls()).toEqual(["GET /api/auth/logininfo", "GET /api/organisationen", "GET /api/provider/manageable-by-organisation"]);
    expect(upstreamWaves(portal.upstreamTimeline)).toBe(2);
  });
});
