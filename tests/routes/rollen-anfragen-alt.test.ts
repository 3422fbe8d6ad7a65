import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_IDS } from "./support/klassen.ts";
import { startPortal, upstreamWaves, type Portal, type PortalVisitor } from "./support/portal.ts";

/**
 * Against the pinned upstream the role's own answer lacks its level's name (one more wave on its page), and a new role
 * gets its offers with a second call after the create (docs/decisions/023).
 */

let portal: Portal;
let admin: PortalVisitor;

beforeAll(async () => {
  portal = await startPortal({ apiVersion: "pinned" });
  admin = await portal.loggedIn("landesadmin", "gold");
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

describe("Rollenseiten gegen die ältere Upstream-Version", () => {
  it("die ältere Version kennt die Filter der Rollenliste nicht: die Liste sagt es, statt ungefiltert gefiltert auszusehen", async () => {
    const html = await (await admin.get("/admin/rollen?rollenart=LERN")).text();
    expect(html).toContain("kann nicht nach allen gewählten Angaben filtern");
    expect(html).toContain("Lehrkraft");
  });

  it("die Seite einer Rolle liest den Namen ihrer Ebene nach: zwei Wellen", async () => {
    const page = await admin.get(`/admin/rollen/${DEMO_IDS.rolleLehrkraft}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Öffentliche Schulen Land Schleswig-Holstein");
    expect(calls()).toEqual([
      "GET /api/auth/logininfo",
      `GET /api/organisationen/${DEMO_IDS.landOeffentlich}`,
      `GET /api/rolle/${DEMO_IDS.rolleLehrkraft}`,
    ]);
    expect(upstreamWaves(portal.upstreamTimeline)).toBe(2);
  });

  it("eine neue Rolle mit Angeboten: erst anlegen, dann die Angebote zuordnen; die Zusammenfassung zeigt sie", async () => {
    const name = `Altrolle ${Date.now()}`;
    const answer = await admin.postForm(`/admin/rollen/new?ebene=${DEMO_IDS.root}&rollenart=LEHR`, {
      ebene: DEMO_IDS.root,
      rollenart: "LEHR",
      name,
      angebote: DEMO_IDS.providerEmail,
    });
    expect(answer.status).toBe(302);
    expect(portal.upstreamCalls.filter((call) => !call.startsWith("GET "))).toEqual([
      "POST /api/rolle",
      expect.stringMatching(/^PUT \/api\/rolle\/[0-9a-f-]{36}\/serviceProviders$/),
    ]);
    const summary = await admin.follow(answer);
    const html = await summary.text();
    expect(html).toContain("Rolle angelegt");
    expect(html).toContain(name);
    expect(html).toContain("E-Mail");
  });
});
