import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPortal, type Portal } from "./support/portal.ts";

/** docs/decisions/018: the stylesheet inside the first page, linked on every later one. */

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

const INLINE = /<style id="portal-stylesheet"[^>]*>[^<]*\.btn-primary[^<]*<\/style>/;
const LINKED = /<link rel="stylesheet" href="\/build\/_assets\/tailwind-[^"]+\.css"\/>/;
const PREFETCH = /<link rel="prefetch" as="style" href="\/build\/_assets\/tailwind-[^"]+\.css"\/>/;

describe("Stylesheet", () => {
  it("die erste Seite bringt die Gestaltung mit, jede weitere verweist auf die Datei im Browser-Cache", async () => {
    const visitor = portal.visitor();
    const first = await (await visitor.get("/")).text();
    expect(first).toMatch(INLINE);
    expect(first).toMatch(PREFETCH);
    expect(first).not.toMatch(LINKED);

    const later = await (await visitor.get("/")).text();
    expect(later).toMatch(LINKED);
    expect(later).not.toMatch(INLINE);

    // After the login the first portal page carries it again (the login's pages are the upstream's), then links it.
    const admin = await portal.loggedIn("landesadmin", "silver");
    expect(await (await admin.get("/start")).text()).toMatch(INLINE);
    expect(await (await admin.get("/start")).text()).toMatch(LINKED);
  });
});
