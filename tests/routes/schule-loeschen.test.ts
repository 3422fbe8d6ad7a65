import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_IDS } from "./support/klassen.ts";
import { createSchule } from "./support/schulen.ts";
import { startPortal, type Portal, type PortalVisitor } from "./support/portal.ts";

/**
 * Deleting a school (issue 34 §3): one DELETE for the confirmed school, the server's refusal in German in the
 * question, nothing else written. Against the pinned release: schule-loeschen-alt.test.ts.
 */

const writes = (portal: Portal) => portal.upstreamCalls.filter((call) => !call.startsWith("GET "));

describe("Schule löschen gegen den aktuellen Upstream", () => {
  let portal: Portal;
  let admin: PortalVisitor;

  beforeAll(async () => {
    portal = await startPortal();
    admin = await portal.loggedIn("landesadmin", "gold");
  });

  afterAll(async () => {
    await portal?.close();
  });

  it("eine leere Schule wird mit genau einem DELETE gelöscht; danach die Liste, wie sie war, mit der Meldung", async () => {
    const schule = await createSchule(admin);
    const list = `/admin/schulen?suche=${schule.kennung}`;
    expect(await (await admin.get(list)).text()).toContain(`Schule ${schule.label} löschen`);
    portal.upstreamCalls.length = 0;
    const answer = await admin.postForm(`${list}&loeschen=${schule.id}`, {});
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(list);
    expect(writes(portal)).toEqual([`DELETE /api/organisationen/${schule.id}`]);
    const page = await (await admin.follow(answer)).text();
    expect(page).toContain(`Die Schule ${schule.label} wurde gelöscht.`);
    expect(page).toContain("Keine Schulen gefunden.");
  });

  it("eine Schule mit Klassen bleibt: die Frage zeigt den Grund auf Deutsch, der Status ist 400", async () => {
    portal.upstreamCalls.length = 0;
    const answer = await admin.postForm(`/admin/schulen/${DEMO_IDS.schuleA}?loeschen`, {});
    expect(answer.status).toBe(400);
    const page = await answer.text();
    expect(page).toContain("Löschen nicht möglich");
    expect(page).toContain("eine Schule zum Beispiel ihre Klassen");
    expect(writes(portal)).toEqual([`DELETE /api/organisationen/${DEMO_IDS.schuleA}`]);
    expect(await (await admin.get(`/admin/schulen/${DEMO_IDS.schuleA}`)).text()).toContain("Gemeinschaftsschule am Deich");
  });

  it("eine Id, die keine Schule ist, ergibt die Seite „nicht gefunden“ und kein DELETE", async () => {
    portal.upstreamCalls.length = 0;
    for (const id of [DEMO_IDS.traegerStadt, "keine-uuid"]) {
      const answer = await admin.postForm(`/admin/schulen?loeschen=${id}`, {});
      expect(answer.status).toBe(404);
    }
    expect(writes(portal)).toEqual([]);
  });
});
