import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_IDS } from "./support/klassen.ts";
import { startPortal, upstreamWaves, type Portal, type PortalVisitor } from "./support/portal.ts";

/**
 * The role screens stay within two waves of upstream calls per page (docs/decisions/004, 023): the list in one (its
 * items name their offers and level); a role's page, its edit form and the create form in two (a single role's answer
 * lacks its level's name in both upstream versions).
 */

let portal: Portal;
let admin: PortalVisitor;

beforeAll(async () => {
  portal = await startPortal();
  admin = await portal.loggedIn("landesadmin", "gold");
  // The portal learns once per process which offer list the upstream has; not part of any page's count.
  await admin.get("/admin/rollen/new");
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
const writes = () => portal.upstreamCalls.filter((call) => !call.startsWith("GET "));

describe("Reihenfolge der Rollenliste", () => {
  it("sortiert deutsch und ohne Rücksicht auf Groß- und Kleinschreibung: „itslearning-…“ unter I, vor „Webuntis-Schüler“", async () => {
    const html = await (await admin.get("/admin/rollen?suche=s")).text();
    const its = html.indexOf(">itslearning-Schüler<");
    const webuntis = html.indexOf(">Webuntis-Schüler<");
    expect(its, "itslearning-Schüler in der Liste").toBeGreaterThan(0);
    expect(webuntis, "Webuntis-Schüler in der Liste").toBeGreaterThan(0);
    expect(its).toBeLessThan(webuntis);
  });
});

describe("Upstream-Aufrufe der Rollenseiten", () => {
  it("die Liste fragt nur eine Seite der Rollen: eine Welle", async () => {
    const page = await admin.get("/admin/rollen?suche=lehrkraft");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Vertretungslehrkraft");
    expect(html).toContain("Öffentliche Schulen Land Schleswig-Holstein");
    // The page of roles and, for the filter, the levels (those above the schools, and the schools).
    expect(calls()).toEqual(["GET /api/auth/logininfo", "GET /api/organisationen", "GET /api/organisationen", "GET /api/rolle"]);
    expect(upstreamWaves(portal.upstreamTimeline)).toBe(1);
  });

  it("gefiltert nach Ebene, Rollenart und Merkmal: dieselbe eine Welle, nur passende Rollen, die Wahl im Formular", async () => {
    const html = await (
      await admin.get(`/admin/rollen?organisation=${DEMO_IDS.landOeffentlich}&rollenart=LEHR&merkmal=KOPERS_PFLICHT&merkmal=UNBEKANNT`)
    ).text();
    expect(upstreamWaves(portal.upstreamTimeline)).toBe(1);
    const namen = [...html.matchAll(/<th scope="row"[^>]*><a[^>]*>([^<]*)<\/a>/g)].map((match) => match[1]);
    expect(namen).toContain("Lehrkraft");
    expect(namen).not.toContain("Schülerin/Schüler");
    expect(html).toMatch(
      new RegExp(
        `<option[^>]*selected[^>]*value="${DEMO_IDS.landOeffentlich}"|<option[^>]*value="${DEMO_IDS.landOeffentlich}"[^>]*selected`,
      ),
    );
    expect(html.match(/<input[^>]*name="rollenart"[^>]*value="LEHR"[^>]*>/)?.[0]).toContain("checked");
    expect(html).not.toContain("kann nicht nach allen gewählten Angaben filtern");
  });

  it("die Seite einer Rolle liest die Rolle, dann den Namen ihrer Ebene; ihr Bearbeiten dazu Rechte und Angebote: zwei Wellen", async () => {
    const page = await admin.get(`/admin/rollen/${DEMO_IDS.rolleLehrkraft}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("KoPers-Nr. ist Pflicht");
    expect(html).toContain("Öffentliche Schulen Land Schleswig-Holstein");
    expect(calls()).toEqual([
      "GET /api/auth/logininfo",
      `GET /api/organisationen/${DEMO_IDS.landOeffentlich}`,
      `GET /api/rolle/${DEMO_IDS.rolleLehrkraft}`,
    ]);
    expect(upstreamWaves(portal.upstreamTimeline)).toBe(2);

    portal.upstreamTimeline.length = 0;
    const edit = await admin.get(`/admin/rollen/${DEMO_IDS.rolleLehrkraft}?bearbeiten`);
    expect(edit.status).toBe(200);
    expect(await edit.text()).toContain("Klassen anlegen, umbenennen und löschen.");
    expect(calls()).toEqual([
      "GET /api/auth/logininfo",
      `GET /api/organisationen/${DEMO_IDS.landOeffentlich}`,
      "GET /api/provider/assignable-for-rolle",
      `GET /api/rolle/${DEMO_IDS.rolleLehrkraft}`,
      "GET /api/rolle/systemrechte",
    ]);
    expect(upstreamWaves(portal.upstreamTimeline)).toBe(2);
  });

  it("die Anlegeseite liest Ebenen und Rechte, nach der Wahl dazu die Angebote der Ebene: höchstens zwei Wellen", async () => {
    const first = await admin.get("/admin/rollen/new");
    expect(first.status).toBe(200);
    // The levels above the schools and the schools: two lists side by side.
    expect(calls()).toEqual([
      "GET /api/auth/logininfo",
      "GET /api/organisationen",
      "GET /api/organisationen",
      "GET /api/rolle/systemrechte",
    ]);
    expect(upstreamWaves(portal.upstreamTimeline)).toBe(1);

    portal.upstreamTimeline.length = 0;
    const chosen = await admin.get(`/admin/rollen/new?ebene=${DEMO_IDS.root}&rollenart=LEHR&name=Entwurf`);
    expect(chosen.status).toBe(200);
    const html = await chosen.text();
    expect(html).toContain("Helpdesk kontaktieren");
    expect(html).toContain('value="Entwurf"');
    expect(calls()).toEqual([
      "GET /api/auth/logininfo",
      "GET /api/organisationen",
      "GET /api/organisationen",
      "GET /api/organisationen",
      "GET /api/provider/assignable-for-rolle",
      "GET /api/rolle/systemrechte",
    ]);
    expect(upstreamWaves(portal.upstreamTimeline)).toBe(2);
  });

  it("ein unverändertes Bearbeiten schreibt nichts, ein fremder Post ebenso wenig", async () => {
    const unchanged = await admin.postForm(`/admin/rollen/${DEMO_IDS.rolleSchueler}?bearbeiten`, {
      name: "itslearning-Schüler",
      angebote: DEMO_IDS.providerItslearning,
      version: "1",
    });
    expect(unchanged.status).toBe(302);
    expect(writes()).toEqual([]);

    const schuladmin = await portal.loggedIn("schuladmin", "gold");
    portal.upstreamCalls.length = 0;
    for (const path of [
      "/admin/rollen/new",
      `/admin/rollen/${DEMO_IDS.rolleSchueler}?loeschen`,
      `/admin/rollen/${DEMO_IDS.rolleSchueler}?bearbeiten`,
    ]) {
      const refused = await schuladmin.postForm(path, { ebene: DEMO_IDS.schuleA, rollenart: "LERN", name: "Fremd", version: "1" });
      expect(refused.status, path).toBe(404);
    }
    expect(writes()).toEqual([]);
  });
});
