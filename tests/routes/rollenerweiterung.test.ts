import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { personenkontext, rolle, rolleSystemrecht } from "../../upstream/reference/db/schema.ts";
import { stableId } from "../../upstream/reference/lib/ids.ts";
import { DEMO_IDS } from "./support/klassen.ts";
import { startPortal, type Portal, type PortalVisitor } from "./support/portal.ts";

/**
 * Decision 024: a school administrator who may extend roles at her school but does not administer offers finds her way
 * to the extension, reads the offer and extends a role, against the current upstream. The demo has no such account:
 * the school administrator of schools B and C gets, at school B, a role with ROLLEN_ERWEITERN alone.
 */

const sp = (key: string) => stableId(`sp:${key}`);
const ERWEITERER = stableId("rolle:test-nur-erweitern");

let portal: Portal;
let erweiterin: PortalVisitor;

beforeAll(async () => {
  portal = await startPortal();
  await portal.db.insert(rolle).values({
    id: ERWEITERER,
    name: "Nur Erweitern",
    administeredBySchulstrukturknoten: DEMO_IDS.landOeffentlich,
    rollenart: "LEIT",
  });
  await portal.db.insert(rolleSystemrecht).values({ rolleId: ERWEITERER, systemrecht: "ROLLEN_ERWEITERN" });
  await portal.db.insert(personenkontext).values({
    id: stableId("pk:test-erweiterin"),
    personId: stableId("person:schuladminbc"),
    organisationId: DEMO_IDS.schuleB,
    rolleId: ERWEITERER,
  });
  erweiterin = await portal.loggedIn("schuladminbc", "gold");
});

afterAll(async () => {
  await portal?.close();
});

describe("Rollenerweiterung ohne Angebotsverwaltung", () => {
  it("die Angebotsliste bleibt ihr verborgen, der Einstieg der Rollenerweiterung nicht", async () => {
    expect((await erweiterin.get("/admin/angebote")).status).toBe(404);
    const einstieg = await erweiterin.get("/admin/angebote/erweiterbar");
    expect(einstieg.status).toBe(200);
    const html = await einstieg.text();
    // Her only school with the right is chosen; the offers it may extend with are listed, each leading on.
    expect(html).toContain("3 Angebote können an 0710008 (Grundschule Lindenweg) einer Rolle hinzugefügt werden.");
    expect(html).toContain(`/admin/angebote/${sp("mediathek-nord")}/erweiterungen?schule=${DEMO_IDS.schuleB}`);
  });

  it("sie liest das Angebot und erweitert an ihrer Schule eine Rolle in einem Schritt; dasselbe noch einmal ändert nichts", async () => {
    const details = await erweiterin.get(`/admin/angebote/${sp("mediathek-nord")}`);
    expect(details.status).toBe(200);
    expect(await details.text()).toContain("Rolle schulspezifisch erweitern");

    const path = `/admin/angebote/${sp("mediathek-nord")}/erweiterungen`;
    const page = await (await erweiterin.get(path)).text();
    // The seeded extension at school A is not hers to see; the teachers' role is hers to choose.
    expect(page).toContain("An Ihren Schulen ist noch keine Rolle um dieses Angebot erweitert.");
    expect(page).toContain(`value="${DEMO_IDS.rolleLehrkraft}"`);

    // One step (issue 34 §4): the ticked roles get the offer at the school.
    const created = await erweiterin.postForm(path, { schule: DEMO_IDS.schuleB, rollen: DEMO_IDS.rolleLehrkraft });
    expect(created.status).toBe(302);
    const after = await (await erweiterin.follow(created)).text();
    expect(after).toContain("Die Erweiterungen an Grundschule Lindenweg wurden übernommen: 1 hinzugefügt, 0 entfernt.");
    expect(after).toContain("<td");
    expect(after).not.toContain("An Ihren Schulen ist noch keine Rolle um dieses Angebot erweitert.");

    // The same again changes nothing and asks nothing of the upstream.
    portal.upstreamCalls.length = 0;
    const again = await erweiterin.postForm(path, { schule: DEMO_IDS.schuleB, rollen: DEMO_IDS.rolleLehrkraft });
    expect(again.status).toBe(302);
    expect(portal.upstreamCalls.filter((call) => call.startsWith("POST "))).toEqual([]);

    // School C: she administers it, but may not extend roles there.
    const fremd = await erweiterin.postForm(path, { schule: DEMO_IDS.schuleC, rollen: DEMO_IDS.rolleLehrkraft });
    expect(fremd.status).toBe(400);
    expect(await fremd.text()).toContain("An dieser Schule dürfen Sie keine Rollen erweitern.");
  });

  it("unsinnige Eingaben werden auf Deutsch abgelehnt, nie mit einem Serverfehler", async () => {
    const path = `/admin/angebote/${sp("mediathek-nord")}/erweiterungen`;
    const kaputt = await erweiterin.postForm(path, { schule: "x", rollen: "y" });
    expect(kaputt.status).toBe(400);
    // A role she cannot extend there is not sent on: nothing changes.
    portal.upstreamCalls.length = 0;
    const fremdeRolle = await erweiterin.postForm(path, { schule: DEMO_IDS.schuleB, rollen: stableId("rolle:landesadministrator") });
    expect(fremdeRolle.status).toBe(302);
    expect(portal.upstreamCalls.filter((call) => call.startsWith("POST "))).toEqual([]);
  });
});

describe("Schulwahl der Rollenerweiterung", () => {
  it("wer „anzeigen“ ohne Schule oder mit einer fremden Schule aufruft, erfährt es an der Schulwahl", async () => {
    const landesadmin = await portal.loggedIn("landesadmin", "gold");
    const hinweis = "Bitte wählen Sie eine Schule aus.";
    const einstieg = await (await landesadmin.get("/admin/angebote/erweiterbar")).text();
    expect(einstieg).not.toContain(hinweis);
    const ohneWahl = await (await landesadmin.get("/admin/angebote/erweiterbar?schule=")).text();
    expect(ohneWahl).toContain(hinweis);
    expect(ohneWahl).toMatch(/<select[^>]*aria-invalid="true"[^>]*aria-describedby="schule-wahl-fehler"/);

    const path = `/admin/angebote/${sp("mediathek-nord")}/erweiterungen`;
    expect(await (await landesadmin.get(path)).text()).not.toContain(hinweis);
    const unbekannt = await landesadmin.get(`${path}?schule=00000000-0000-0000-0000-000000000000`);
    expect(unbekannt.status).toBe(200);
    expect(await unbekannt.text()).toContain(hinweis);
    expect(await (await landesadmin.get(`${path}?schule=${DEMO_IDS.schuleA}`)).text()).not.toContain(hinweis);
  });
});
