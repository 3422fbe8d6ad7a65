import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startPortal, upstreamWaves, type Portal, type PortalVisitor } from "./support/portal.ts";

/**
 * The notice editor: one wave of upstream calls for the page (docs/decisions/004), and posts a browser could not make
 * (no JavaScript check, `maxlength` bypassed, fields missing or forged) get a German answer and write nothing.
 */

let portal: Portal;
let admin: PortalVisitor;
const PATH = "/admin/hinweise/new";

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

const hiddenValue = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";

describe("Anfragen an den Hinweis-Editor", () => {
  it("die Seite liest Anmeldung und Hinweise in einer Welle", async () => {
    const page = await admin.get(PATH);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Willkommen im Schulportal!");
    expect(portal.upstreamTimeline.map((entry) => entry.call).sort()).toEqual(["GET /api/auth/logininfo", "GET /api/portal/meldung"]);
    expect(upstreamWaves(portal.upstreamTimeline)).toBe(1);
  });

  it("ungültige Posts bekommen eine deutsche Antwort mit Status 400, und nichts wird geschrieben", async () => {
    const html = await (await admin.get(PATH)).text();
    const id = hiddenValue(html, "id");
    const revision = hiddenValue(html, "revision");
    expect(id).not.toBe("");
    const posts: [Record<string, string>, string][] = [
      [{ inhalt: "", id, revision }, "Bitte geben Sie einen Hinweistext ein."],
      [{ inhalt: " \r\n ", id, revision }, "Bitte geben Sie einen Hinweistext ein."],
      [{ id, revision }, "Bitte geben Sie einen Hinweistext ein."],
      [{ inhalt: "x".repeat(2001), id, revision, intent: "veroeffentlichen" }, "Dieser Text hat 2001 Zeichen, 1 zu viel."],
      [{ inhalt: "x".repeat(100_000), id, revision }, "Dieser Text hat 100000 Zeichen, 98000 zu viel."],
    ];
    for (const [form, message] of posts) {
      portal.upstreamCalls.length = 0;
      const answer = await admin.postForm(PATH, form);
      expect(answer.status, JSON.stringify(form).slice(0, 80)).toBe(400);
      expect(await answer.text()).toContain(message);
      expect(portal.upstreamCalls.filter((call) => call.startsWith("PUT"))).toEqual([]);
    }
  });

  it("eine fremde oder alte Revision ist der Konflikt, ohne Schreiben; eine kaputte ist eine Eingabe-Ablehnung", async () => {
    const html = await (await admin.get(PATH)).text();
    const id = hiddenValue(html, "id");
    const forms: Record<string, string>[] = [
      { inhalt: "Neu", id, revision: "0" },
      { inhalt: "Neu", id: "00000000-0000-4000-8000-000000000000", revision: hiddenValue(html, "revision") },
      { inhalt: "Neu", revision: hiddenValue(html, "revision") },
    ];
    for (const form of forms) {
      portal.upstreamCalls.length = 0;
      const answer = await admin.postForm(PATH, form);
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain("Hinweis wurde inzwischen geändert");
      expect(portal.upstreamCalls.filter((call) => call.startsWith("PUT"))).toEqual([]);
    }
    const broken = await admin.postForm(PATH, { inhalt: "Neu", id, revision: "abc" });
    expect(broken.status).toBe(400);
  });
});
