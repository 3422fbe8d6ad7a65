import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_IDS } from "./support/klassen.ts";
import { startPortal, type Portal, type PortalVisitor } from "./support/portal.ts";
import { angebot, expectNichtGefunden } from "./support/zugriff.ts";

/**
 * An address with an id that is not what the screen shows (another kind of organisation, an unknown or a nonsense id)
 * is „Seite nicht gefunden“ for the state administrator too, never a server error. These were e2e journeys; the page
 * is the server's answer, the same with or without JavaScript.
 */

let portal: Portal;
let landesadmin: PortalVisitor;

beforeAll(async () => {
  portal = await startPortal();
  landesadmin = await portal.loggedIn("landesadmin", "gold");
});

afterAll(async () => {
  await portal?.close();
});

const UNBEKANNT = "00000000-0000-4000-8000-000000000000";

const ADRESSEN: { was: string; pfad: string }[] = [
  { was: "die Id einer Schule als Angebot", pfad: `/admin/angebote/${DEMO_IDS.schuleA}` },
  { was: "eine unsinnige Angebots-Id", pfad: "/admin/angebote/keine-id" },
  { was: "die Erweiterung eines unsinnigen Angebots", pfad: "/admin/angebote/keine-id/erweiterungen" },
  { was: "die Erweiterung eines Angebots ohne Rollenerweiterung", pfad: `/admin/angebote/${angebot("e-mail")}/erweiterungen` },
  { was: "die Id eines Schulträgers als Schule", pfad: `/admin/schulen/${DEMO_IDS.traegerStadt}` },
  { was: "eine unbekannte Schule", pfad: `/admin/schulen/${UNBEKANNT}` },
  { was: "eine unsinnige Schul-Id", pfad: "/admin/schulen/keine-id" },
  { was: "die Id einer Schule als Schulträger", pfad: `/admin/schultraeger/${DEMO_IDS.schuleA}` },
  { was: "eine unsinnige Schulträger-Id", pfad: "/admin/schultraeger/keine-id" },
  { was: "die Schulen einer Schule statt eines Schulträgers", pfad: `/admin/schultraeger/${DEMO_IDS.schuleA}/schulen` },
  { was: "die Schulen eines unbekannten Schulträgers", pfad: `/admin/schultraeger/${UNBEKANNT}/schulen` },
  { was: "die Schulen einer unsinnigen Schulträger-Id", pfad: "/admin/schultraeger/kein-traeger/schulen" },
];

describe("Adressen, die es nicht gibt", () => {
  for (const { was, pfad } of ADRESSEN) {
    it(`die Landesadministratorin öffnet ${was} und bekommt „Seite nicht gefunden“`, async () => {
      await expectNichtGefunden(await landesadmin.get(pfad, { "Sec-Fetch-Dest": "document" }), pfad);
    });
  }

  it("unsinnige Angaben zum Blättern der Angebotsliste ergeben die Liste, keine Fehlerseite", async () => {
    const answer = await landesadmin.get("/admin/angebote?seite=abc&anzahl=7");
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("Angebote");
  });
});
