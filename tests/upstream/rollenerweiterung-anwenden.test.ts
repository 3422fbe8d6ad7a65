import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rollenerweiterung } from "../../upstream/reference/db/schema.ts";
import { stableId } from "../../upstream/reference/lib/ids.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { type Browser, type TestUpstream, errorBodies, loggedIn, startTestUpstream } from "./support.ts";

/** POST /api/rollen-erweiterung/angebot/{angebotId}/organisation/{organisationId}/apply (CHANGES-SINCE-PIN §4). */
let upstream: TestUpstream;
let landesadmin: Browser;
beforeAll(async () => {
  upstream = await startTestUpstream({ apiVersion: "current" });
  landesadmin = await loggedIn(upstream.app, "landesadmin");
});
afterAll(() => upstream.close());

const current = errorBodies("current");
const apply = (browser: Browser, angebot: string, organisation: string, add: string[], remove: string[]) =>
  browser.json("POST", `/api/rollen-erweiterung/angebot/${angebot}/organisation/${organisation}/apply`, {
    addErweiterungenForRolleIds: add,
    removeErweiterungenForRolleIds: remove,
  });

async function erweiterteRollen(organisation: string, angebot: string) {
  const rows = await upstream.handle.db
    .select({ rolleId: rollenerweiterung.rolleId })
    .from(rollenerweiterung)
    .where(and(eq(rollenerweiterung.organisationId, organisation), eq(rollenerweiterung.serviceProviderId, angebot)));
  return rows.map((row) => row.rolleId).sort();
}

describe("Rollenerweiterungen in einem Schritt (nur aktuell)", () => {
  it("fügt hinzu und entfernt zugleich, ohne zweite Stufe: 204", async () => {
    const schule = DEMO_IDS.schuleB;
    const response = await apply(landesadmin, DEMO_IDS.providerMediathek, schule, [DEMO_IDS.rolleLehrkraft, DEMO_IDS.rolleSchueler], []);
    expect(response.status).toBe(204);
    expect(await erweiterteRollen(schule, DEMO_IDS.providerMediathek)).toEqual([DEMO_IDS.rolleLehrkraft, DEMO_IDS.rolleSchueler].sort());
    expect((await apply(landesadmin, DEMO_IDS.providerMediathek, schule, [], [DEMO_IDS.rolleSchueler])).status).toBe(204);
    expect(await erweiterteRollen(schule, DEMO_IDS.providerMediathek)).toEqual([DEMO_IDS.rolleLehrkraft]);
  });

  it("schon Vorhandenes hinzuzufügen und Fehlendes zu entfernen ändert nichts: 204", async () => {
    const vorher = await erweiterteRollen(DEMO_IDS.schuleA, DEMO_IDS.providerMediathek);
    const response = await apply(landesadmin, DEMO_IDS.providerMediathek, DEMO_IDS.schuleA, vorher, [DEMO_IDS.rolleSchueler]);
    expect(response.status).toBe(204);
    expect(await erweiterteRollen(DEMO_IDS.schuleA, DEMO_IDS.providerMediathek)).toEqual(vorher);
  });

  it("eine Rolle, die nicht geht, scheitert allein: 400 mit ihrer Id und ihrem Schlüssel, die anderen gelten", async () => {
    const unbekannt = stableId("rolle:gibt-es-nicht");
    const response = await apply(landesadmin, DEMO_IDS.providerMediathek, DEMO_IDS.schuleC, [unbekannt, DEMO_IDS.rolleSchueler], []);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 400, rolleIdsWithI18nKeys: [{ rolleId: unbekannt, i18nKey: "ENTITY_NOT_FOUND" }] });
    expect(await erweiterteRollen(DEMO_IDS.schuleC, DEMO_IDS.providerMediathek)).toEqual([DEMO_IDS.rolleSchueler]);
  });

  it("ohne ROLLEN_ERWEITERN: 404 MISSING_PERMISSIONS; Unbekanntes: 404 ENTITY_NOT_FOUND; nicht erweiterbar: 400", async () => {
    const lehrkraft = await loggedIn(upstream.app, "lehrkraft");
    await current.missingPermissions(await apply(lehrkraft, DEMO_IDS.providerMediathek, DEMO_IDS.schuleA, [DEMO_IDS.rolleSchueler], []));
    await current.entityNotFound(await apply(landesadmin, stableId("sp:gibt-es-nicht"), DEMO_IDS.schuleA, [], []));
    await current.entityNotFound(await apply(landesadmin, DEMO_IDS.providerMediathek, stableId("org:gibt-es-nicht"), [], []));
    const response = await apply(landesadmin, DEMO_IDS.providerEmail, DEMO_IDS.schuleA, [DEMO_IDS.rolleSchueler], []);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ i18nKey: "MISSING_MERKMAL_VERFUEGBAR_FUER_ROLLENERWEITERUNG_ERROR", code: 400 });
  });
});

describe("die ältere Version kennt den Schritt nicht", () => {
  it("ist dort keine Route", async () => {
    const pinned = await startTestUpstream({ apiVersion: "pinned" });
    try {
      const browser = await loggedIn(pinned.app, "landesadmin");
      expect((await apply(browser, DEMO_IDS.providerMediathek, DEMO_IDS.schuleA, [], [])).status).toBe(404);
    } finally {
      await pinned.close();
    }
  });
});
