import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPortal, type Portal } from "./support/portal.ts";

/**
 * An upstream that ignores the offer list's category filter (the pinned one; the release 1.27.1 likewise) gets the
 * whole list with a German word why, never an unfiltered list that looks filtered (issue 34 §6).
 */

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal({ apiVersion: "pinned" });
});

afterAll(async () => {
  await portal?.close();
});

describe("Kategoriefilter der Angebotsliste gegen ein Upstream, das ihn nicht kennt", () => {
  it("die Liste sagt, dass nicht nach Kategorie gefiltert werden konnte", async () => {
    const admin = await portal.loggedIn("landesadmin", "gold");
    const html = await (await admin.get("/admin/angebote?kategorie=EMAIL")).text();
    expect(html).toContain("kann nicht nach Kategorie filtern");
    expect(html).toContain("Unterricht");
  });

  it("ohne gewählte Kategorie kein Hinweis", async () => {
    const admin = await portal.loggedIn("landesadmin", "gold");
    expect(await (await admin.get("/admin/angebote")).text()).not.toContain("kann nicht nach Kategorie filtern");
  });
});
