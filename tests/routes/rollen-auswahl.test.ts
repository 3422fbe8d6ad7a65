import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rolle } from "../../upstream/reference/db/schema.ts";
import { stableId } from "../../upstream/reference/lib/ids.ts";
import { DEMO_IDS } from "./support/klassen.ts";
import { startPortal, type Portal } from "./support/portal.ts";

/**
 * Every role the administrator may give at an organisation is offered, however many there are (issue 32 §7): the
 * upstream's `limit` of the workflow step cuts the roles together with the organisations.
 */
let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
  // 30 more roles at school A: with the demo's, far more than the organisations' limit of 25.
  await portal.db.insert(rolle).values(
    Array.from({ length: 30 }, (_, index) => ({
      id: stableId(`rolle:test-viele-${index}`),
      name: `Fachrolle ${String(index + 1).padStart(2, "0")}`,
      administeredBySchulstrukturknoten: DEMO_IDS.schuleA,
      rollenart: "LEHR",
    })),
  );
});

afterAll(async () => {
  await portal?.close();
});

describe("Rollenauswahl", () => {
  it("„Benutzer anlegen“ bietet an einer Schule mit vielen Rollen jede an, auch die im Alphabet letzten, im selben Schritt", async () => {
    const admin = await portal.loggedIn("landesadmin", "gold");
    portal.upstreamTimeline.length = 0;
    const page = await (await admin.get(`/admin/personen/new?organisation=${DEMO_IDS.schuleA}`)).text();
    for (const name of ["Fachrolle 01", "Fachrolle 30", "Vertretungslehrkraft", "Webuntis-Schüler"])
      expect(page, name).toContain(`>${name}<`);
    // The organisations stay limited: the school list is not the whole state.
    const steps = portal.upstreamTimeline.filter((entry) => entry.call === "GET /api/personenkontext-workflow/step");
    expect(steps.length).toBe(2);
    // Side by side, not one after the other.
    expect(steps[1].start).toBeLessThan(steps[0].end);
  });
});
