import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stableId } from "../../upstream/reference/lib/ids.ts";
import { DEMO_IDS } from "./support/klassen.ts";
import { startPortal, type Portal } from "./support/portal.ts";

/**
 * docs/decisions/019: a post without JavaScript runs the action and then the page's loaders in one request. They
 * share one login info, and the creation page's loader adds nothing to the action's answer.
 */

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

const count = (call: string) => portal.upstreamCalls.filter((recorded) => recorded === call).length;

describe("Upstream-Aufrufe je Anfrage", () => {
  it("ein Schritt im Anlegen-Formular ohne JavaScript fragt die Anmeldung und den Workflow je einmal", async () => {
    const admin = await portal.loggedIn("landesadmin", "gold");
    const form = await (await admin.get("/admin/personen/new")).text();
    const einmal = /name="einmal" value="([^"]+)"/.exec(form)?.[1];
    expect(einmal).toBeTruthy();

    portal.upstreamCalls.length = 0;
    const answer = await admin.request("/admin/personen/new", {
      method: "POST",
      form: { einmal: einmal!, organisation: DEMO_IDS.schuleC, vorherigeOrganisation: DEMO_IDS.schuleC, intent: "aktualisieren" },
    });
    expect(answer.status).toBe(200);
    const page = await answer.text();
    // The roles of the chosen school are offered: the page is the action's answer, rendered with all its loaders.
    expect(page).toContain(`value="${stableId("rolle:lehrkraft")}"`);
    expect(count("GET /api/auth/logininfo")).toBe(1);
    // Two steps side by side: the organisations (limited) and every role of the chosen one (the limit cuts both).
    expect(count("GET /api/personenkontext-workflow/step")).toBe(2);
  });

  it("ohne Aktion lädt die Seite ihren Start wie bisher", async () => {
    const admin = await portal.loggedIn("landesadmin", "gold");
    portal.upstreamCalls.length = 0;
    const page = await (await admin.get("/admin/personen/new")).text();
    expect(page).toContain('name="organisation"');
    expect(count("GET /api/auth/logininfo")).toBe(1);
    expect(count("GET /api/personenkontext-workflow/step")).toBe(1);
  });
});
