import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_IDS, expectKlassenCount, uniqueToken } from "./support/klassen.ts";
import { PORTAL_ORIGIN, startPortal, type Portal } from "./support/portal.ts";

/** Cross-site form posts (docs/decisions/005): plain HTTP, so without a browser (it was an e2e journey before). */

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

const EVIL = "http://evil.example";
const createPath = "/admin/klassen/new";

describe("Sicherheit", () => {
  it("ein Formular-POST von einer fremden Seite wird abgewiesen und legt nichts an", async () => {
    const landesadmin = await portal.loggedIn("landesadmin", "gold");
    const token = uniqueToken();
    const form = { schule: DEMO_IDS.schuleC, name: `Fremd ${token}` };

    // With the logged-in session (as a CSRF attack would ride on it) and the attacker's Origin …
    const withSession = await landesadmin.postForm(createPath, form, { Origin: EVIL });
    // Remix itself refuses an action whose Origin differs from the Host before any portal code runs
    // (docs/decisions/005); the portal's own check covers the rest. Either way: refused.
    expect([403, 500], "POST mit fremdem Origin").toContain(withSession.status);

    // … with only Sec-Fetch-Site, as some browsers send instead of Origin: the portal's own German 403 page …
    const crossSite = await landesadmin.request(createPath, {
      method: "POST",
      headers: { "Sec-Fetch-Site": "cross-site", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).toContain("Anfrage abgelehnt");

    // … and without any session.
    const anonymous = await portal.visitor().postForm(createPath, form, { Origin: EVIL });
    expect([403, 500]).toContain(anonymous.status);

    await expectKlassenCount(landesadmin, token, 0);

    // The same post from the portal itself works (the check does not block legitimate use).
    const own = await landesadmin.postForm(createPath, form, { Origin: PORTAL_ORIGIN });
    expect(own.status).toBe(302);
    expect(new URL(own.headers.get("Location") ?? "", PORTAL_ORIGIN).searchParams.get("erstellt")).toBeTruthy();
    await expectKlassenCount(landesadmin, token, 1);
  });

  it("ein Formular einer fremden Seite, das den Download eines Imports abschickt, bekommt die deutsche Seite „Anfrage abgelehnt“", async () => {
    // What a browser sends for `<form method="post" action="…/datei">` on another site (it was an e2e journey).
    const landesadmin = await portal.loggedIn("landesadmin", "gold");
    const answer = await landesadmin.request(`/admin/personen/import/${randomUUID()}/datei`, {
      method: "POST",
      headers: {
        Origin: EVIL,
        "Sec-Fetch-Site": "cross-site",
        "Sec-Fetch-Mode": "navigate",
        "Sec-Fetch-Dest": "document",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "",
    });
    expect(answer.status).toBe(403);
    expect(answer.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(await answer.text()).toMatch(/<h1\b[^>]*>Anfrage abgelehnt<\/h1>/);
  });
});
