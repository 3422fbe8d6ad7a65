import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stableId } from "../../upstream/reference/lib/ids.ts";
import { DEMO_IDS } from "./support/klassen.ts";
import { startPortal, upstreamWaves, type Portal, type PortalVisitor } from "./support/portal.ts";

/**
 * The person list's role filter offers the roles of the chosen schools (issue 34 §6): a role owned by one school is
 * not offered at another; a chosen role stays listed whatever the schools, so the filter that applies stays visible.
 */

let portal: Portal;
let admin: PortalVisitor;

beforeAll(async () => {
  portal = await startPortal();
  admin = await portal.loggedIn("landesadmin", "gold");
});

afterAll(async () => {
  await portal?.close();
});

/** The labels of the role filter's options (without JavaScript: checkboxes named `rolle`). */
async function rollenOptionen(path: string): Promise<string[]> {
  const html = await (await admin.get(path)).text();
  return [...html.matchAll(/<input type="checkbox" name="rolle"[^>]*>\s*<span>([^<]*)<\/span>/g)].map((match) => match[1]);
}

describe("Rollenfilter der Personenliste", () => {
  it("ohne Schule alle Rollen; mit einer Schule nur ihre, in derselben Welle", async () => {
    const alle = await rollenOptionen("/admin/personen");
    expect(alle).toContain("Schulbegleitung Medien");
    const schuleA = await rollenOptionen(`/admin/personen?organisation=${DEMO_IDS.schuleA}`);
    expect(schuleA).toContain("Schulbegleitung Medien");
    portal.upstreamTimeline.length = 0;
    const schuleB = await rollenOptionen(`/admin/personen?organisation=${DEMO_IDS.schuleB}`);
    expect(schuleB).not.toContain("Schulbegleitung Medien");
    expect(schuleB).toContain("Lehrkraft");
    expect(upstreamWaves(portal.upstreamTimeline)).toBeLessThanOrEqual(2);
  });

  it("eine gewählte Rolle einer anderen Schule bleibt in der Liste stehen", async () => {
    const rollen = await rollenOptionen(
      `/admin/personen?organisation=${DEMO_IDS.schuleB}&rolle=${stableId("rolle:schulbegleitung-deich")}`,
    );
    expect(rollen).toContain("Schulbegleitung Medien");
  });
});
