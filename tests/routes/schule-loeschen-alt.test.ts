import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPortal, type Portal, type PortalVisitor } from "./support/portal.ts";
import { createSchule } from "./support/schulen.ts";

/** The pinned upstream cannot delete schools: the portal says so once and then offers no delete action (issue 34 §3). */

describe("Schule löschen gegen die ältere Upstream-Version", () => {
  let portal: Portal;
  let admin: PortalVisitor;

  beforeAll(async () => {
    portal = await startPortal({ apiVersion: "pinned" });
    admin = await portal.loggedIn("landesadmin", "gold");
  });

  afterAll(async () => {
    await portal?.close();
  });

  it("sagt auf Deutsch, dass dieser Server keine Schulen löscht, und bietet das Löschen danach nicht mehr an", async () => {
    const schule = await createSchule(admin);
    const answer = await admin.postForm(`/admin/schulen/${schule.id}?loeschen`, {});
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("kann Schulen nicht löschen");
    const list = await (await admin.get(`/admin/schulen?suche=${schule.kennung}`)).text();
    expect(list).toContain(schule.name);
    expect(list).not.toContain(`Schule ${schule.label} löschen`);
    expect(await (await admin.get(`/admin/schulen/${schule.id}`)).text()).not.toContain("Schule löschen");
  });
});
