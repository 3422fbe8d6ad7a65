import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPortal, type Portal, type PortalVisitor } from "./support/portal.ts";

/**
 * Hiding a deadline banner without JavaScript (`/fristen/ausblenden`): what a hand-made post can and cannot do. The
 * journeys with a browser are in tests/e2e/fristen-und-hinweise.spec.ts.
 */

let portal: Portal;
/** Kai Kruse: his KoPers number is missing, so his start page warns him. */
let kopers: PortalVisitor;

beforeAll(async () => {
  portal = await startPortal();
  kopers = await portal.loggedIn("kopers");
});

afterAll(async () => {
  await portal?.close();
});

const BANNER = "KoPers-Nummer nötig";

async function bannerId(visitor: PortalVisitor): Promise<string> {
  const page = await (await visitor.get("/start")).text();
  expect(page).toContain(BANNER);
  const id = /name="frist" value="([^"]+)"/.exec(page)?.[1];
  expect(id).toBeTruthy();
  return id!;
}

describe("Fristen-Hinweis ausblenden", () => {
  it("führt nur zu Startseite oder Profil zurück, nie auf eine fremde Seite", async () => {
    const visitor = kopers.copy();
    const id = await bannerId(visitor);
    const answer = await visitor.postForm("/fristen/ausblenden", { frist: id, zurueck: "https://boese.example/start" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/start");
    const page = await (await visitor.follow(answer)).text();
    expect(page).not.toContain(BANNER);
    expect(page).toContain("Der Hinweis wird in dieser Sitzung nicht mehr angezeigt.");
    // Another browser of the same person still sees it: the dismissal lives in this browser's cookie.
    expect(await (await kopers.copy().get("/start")).text()).toContain(BANNER);
  });

  it("eine unlesbare Kennung ändert nichts, ein fremder Absender wird abgewiesen", async () => {
    const visitor = kopers.copy();
    const id = await bannerId(visitor);
    const unreadable = await visitor.postForm("/fristen/ausblenden", { frist: "<script>", zurueck: "/profile" });
    expect(unreadable.status).toBe(302);
    expect(unreadable.headers.get("Location")).toBe("/profile");
    expect(await (await visitor.get("/start")).text()).toContain(BANNER);

    const crossSite = await visitor.request("/fristen/ausblenden", {
      method: "POST",
      headers: { Origin: "https://boese.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ frist: id, zurueck: "/start" }).toString(),
    });
    expect(crossSite.status).toBeGreaterThanOrEqual(400);
    expect(crossSite.status).toBeLessThan(500);
    expect(await (await visitor.get("/start")).text()).toContain(BANNER);
  });

  it("die Adresse selbst führt zur Startseite", async () => {
    const answer = await kopers.copy().get("/fristen/ausblenden");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/start");
  });
});
