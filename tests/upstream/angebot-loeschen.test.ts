import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rolleServiceProvider, serviceProvider } from "../../upstream/reference/db/schema.ts";
import { newId, stableId } from "../../upstream/reference/lib/ids.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { type Browser, type TestUpstream, errorBodies, loggedIn, startTestUpstream } from "./support.ts";

/** DELETE /api/provider/{angebotId} of the current upstream (CHANGES-SINCE-PIN §4): the rules in the real order. */
let upstream: TestUpstream;
let landesadmin: Browser;
beforeAll(async () => {
  upstream = await startTestUpstream({ apiVersion: "current" });
  landesadmin = await loggedIn(upstream.app, "landesadmin", "gold");
});
afterAll(() => upstream.close());

const current = errorBodies("current");
const remove = (browser: Browser, id: string) => browser.json("DELETE", `/api/provider/${id}`);

/** A fresh offer of a school, used by nobody. */
async function freshAngebot(owner: string = DEMO_IDS.schuleA, extra: Partial<typeof serviceProvider.$inferInsert> = {}) {
  const id = newId();
  await upstream.handle.db.insert(serviceProvider).values({
    id,
    name: `Angebot ${id.slice(0, 8)}`,
    target: "URL",
    url: "https://example.org/",
    kategorie: "SCHULISCH",
    providedOnSchulstrukturknoten: owner,
    ...extra,
  });
  return id;
}

describe("Angebot löschen (DELETE /api/provider/{id}, nur aktuell)", () => {
  it("ein unbenutztes Angebot: 204, danach ist es fort", async () => {
    const id = await freshAngebot();
    const response = await remove(landesadmin, id);
    expect(response.status).toBe(204);
    await current.entityNotFound(await remove(landesadmin, id));
  });

  it("braucht die zweite Stufe", async () => {
    const silver = await loggedIn(upstream.app, "landesadmin");
    expect((await remove(silver, await freshAngebot())).status).toBe(403);
  });

  it("unbekannt: 404 ENTITY_NOT_FOUND; ohne Recht am Eigentümer: 404 MISSING_PERMISSIONS; keine UUID: Validierung", async () => {
    await current.entityNotFound(await remove(landesadmin, stableId("gibt-es-nicht")));
    const lehrkraft = await loggedIn(upstream.app, "lehrkraft", "gold");
    await current.missingPermissions(await remove(lehrkraft, await freshAngebot()));
    await current.validation(await remove(landesadmin, "keine-uuid"));
  });

  it("von VIDIS: 400 VIDIS_SERVICE_PROVIDER_IMMUTABLE; von Rollen benutzt: 409 ATTACHED_ROLLEN; erweitert: 409 ATTACHED_ROLLENERWEITERUNGEN", async () => {
    const vidis = await freshAngebot(DEMO_IDS.schuleA, { vidisAngebotId: "vidis-1" });
    let response = await remove(landesadmin, vidis);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ i18nKey: "VIDIS_SERVICE_PROVIDER_IMMUTABLE", code: 400 });

    const benutzt = await freshAngebot();
    await upstream.handle.db.insert(rolleServiceProvider).values({ rolleId: DEMO_IDS.rolleLehrkraft, serviceProviderId: benutzt });
    response = await remove(landesadmin, benutzt);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ i18nKey: "ATTACHED_ROLLEN", code: 409 });

    response = await remove(landesadmin, DEMO_IDS.providerMediathek);
    expect(response.status).toBe(409);
    expect(["ATTACHED_ROLLEN", "ATTACHED_ROLLENERWEITERUNGEN"]).toContain(((await response.json()) as { i18nKey: string }).i18nKey);
  });
});

describe("Reihenfolge und eingeschränktes Recht", () => {
  it("das Recht prüft der Upstream zuletzt: VIDIS und Verwendung antworten auch dem, der es nicht hat", async () => {
    const lehrkraft = await loggedIn(upstream.app, "lehrkraft", "gold");
    const response = await remove(lehrkraft, DEMO_IDS.providerVidis);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ i18nKey: "VIDIS_SERVICE_PROVIDER_IMMUTABLE", code: 400 });
    const benutzt = await freshAngebot();
    await upstream.handle.db.insert(rolleServiceProvider).values({ rolleId: DEMO_IDS.rolleLehrkraft, serviceProviderId: benutzt });
    expect((await remove(lehrkraft, benutzt)).status).toBe(409);
  });

  it("ANGEBOTE_EINGESCHRAENKT_VERWALTEN an der Schule genügt", async () => {
    const vidisadmin = await loggedIn(upstream.app, "vidisadmin", "gold");
    expect((await remove(vidisadmin, await freshAngebot(DEMO_IDS.schuleVidis))).status).toBe(204);
    await current.missingPermissions(await remove(vidisadmin, await freshAngebot(DEMO_IDS.schuleA)));
  });
});

describe("die ältere Version kennt das Löschen nicht", () => {
  it("DELETE /api/provider/{id} ist dort keine Route", async () => {
    const pinned = await startTestUpstream({ apiVersion: "pinned" });
    try {
      const browser = await loggedIn(pinned.app, "landesadmin", "gold");
      expect((await remove(browser, DEMO_IDS.providerMediathek)).status).toBe(404);
    } finally {
      await pinned.close();
    }
  });
});
