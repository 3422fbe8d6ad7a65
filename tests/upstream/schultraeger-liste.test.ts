import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OrganisationResponse } from "../../upstream/contract/index.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { API_VERSIONS, type Browser, type TestUpstream, expectDbiamKey, loggedIn, startTestUpstream } from "./support.ts";

/**
 * The rules the Schulträger screens rely on that schultraeger.test.ts leaves open: which Träger the permission-filtered
 * list gives whom (the list and the not-found check), which Träger a rename right covers (the rename form is offered
 * by it), that the upstream takes an empty Träger name (so the portal must refuse it), the order of the rename's checks
 * and the schools of many Träger in one unlimited request (ORGANISATIONS_ROLES.md §4.1–§4.3, §4.6).
 */
describe.each(API_VERSIONS)("Schulträger für die Verwaltungsseiten (Upstream-Version %s)", (version) => {
  let upstream: TestUpstream;
  let landesadmin: Browser;
  let landesadminGold: Browser;
  let schuladmin: Browser;
  let traegeradmin: Browser;

  beforeAll(async () => {
    upstream = await startTestUpstream({ apiVersion: version });
    [landesadmin, landesadminGold, schuladmin, traegeradmin] = await Promise.all([
      loggedIn(upstream.app, "landesadmin"),
      loggedIn(upstream.app, "landesadmin", "gold"),
      loggedIn(upstream.app, "schuladmin"),
      loggedIn(upstream.app, "traegeradmin"),
    ]);
  });
  afterAll(() => upstream.close());

  const list = async (browser: Browser, query: string) => {
    const response = await browser.get(`/api/organisationen?${query}`);
    expect(response.status).toBe(200);
    return {
      items: OrganisationResponse.array().parse(await response.json()),
      total: Number(response.headers.get("X-Paging-Total")),
    };
  };
  const createTraeger = (name: string, land: string = DEMO_IDS.landOeffentlich) =>
    landesadminGold.json("POST", "/api/organisationen", { administriertVon: land, zugehoerigZu: land, name, typ: "TRAEGER" });
  const rename = (id: string, name: string, version: number) =>
    landesadminGold.json("PATCH", `/api/organisationen/${id}/name`, { name, version });

  it("the Träger list with SCHULTRAEGER_VERWALTEN: every Träger for the Landesadmin, none for school or Träger admins", async () => {
    const query = "typ=TRAEGER&systemrechte=SCHULTRAEGER_VERWALTEN&sortField=name&sortOrder=asc&offset=0&limit=30";
    const all = await list(landesadmin, query);
    expect(all.items.map((o) => o.name)).toEqual(
      expect.arrayContaining(["Hansestadt Nordhafen", "Schulverband Moorland", "Stiftung Lichtblick Schulen"]),
    );
    expect(all.items.every((o) => o.typ === "TRAEGER")).toBe(true);
    const names = all.items.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await list(schuladmin, query)).total).toBe(0);
    // The Träger's own administrator holds other rights there, not this one.
    expect((await list(traegeradmin, query)).total).toBe(0);
    // Asked by id (the details page's check), a Träger comes alone; without the right nothing comes.
    const byId = `typ=TRAEGER&systemrechte=SCHULTRAEGER_VERWALTEN&organisationIds=${DEMO_IDS.traegerVerband}&limit=1`;
    expect((await list(landesadmin, byId)).items.map((o) => o.id)).toEqual([DEMO_IDS.traegerVerband]);
    expect((await list(schuladmin, byId)).items).toEqual([]);
  });

  it("KLASSEN_VERWALTEN reaches a Träger for the Landesadmin and the Träger's own admin, not the school admin", async () => {
    const byId = (id: string) => `typ=TRAEGER&systemrechte=KLASSEN_VERWALTEN&organisationIds=${id}&limit=1`;
    expect((await list(landesadmin, byId(DEMO_IDS.traegerVerband))).items.map((o) => o.id)).toEqual([DEMO_IDS.traegerVerband]);
    expect((await list(traegeradmin, byId(DEMO_IDS.traegerStadt))).items.map((o) => o.id)).toEqual([DEMO_IDS.traegerStadt]);
    expect((await list(traegeradmin, byId(DEMO_IDS.traegerVerband))).items.map((o) => o.id)).not.toContain(DEMO_IDS.traegerVerband);
    expect((await list(schuladmin, byId(DEMO_IDS.traegerStadt))).items.map((o) => o.id)).not.toContain(DEMO_IDS.traegerStadt);
  });

  it("the upstream takes an empty Träger name: only the portal's form keeps it out", async () => {
    const response = await createTraeger("");
    expect(response.status).toBe(201);
    expect(OrganisationResponse.parse(await response.json())).toMatchObject({ name: "", typ: "TRAEGER" });
  });

  it("a rename to the same name still saves and counts up the version; the name rules come before the version check", async () => {
    const created = OrganisationResponse.parse(await (await createTraeger("Amt Wattenrand")).json());
    const same = await rename(created.id, "Amt Wattenrand", 1);
    expect(same.status).toBe(200);
    expect(OrganisationResponse.parse(await same.json())).toMatchObject({ name: "Amt Wattenrand", version: 2 });
    // A stale version with a taken name: the name's refusal answers first.
    await expectDbiamKey(await rename(created.id, "Schulverband Moorland", 1), "SCHULTRAEGER_NAME_EINDEUTIG");
    await expectDbiamKey(await rename(created.id, "Amt Wattenrand-Ost", 1), "NEWER_VERSION_ORGANISATION");
  });

  it("the schools of several Träger come in one request without a limit, none cut off", async () => {
    const ids = [DEMO_IDS.traegerStadt, DEMO_IDS.traegerVerband, DEMO_IDS.traegerErsatz];
    const query = `typ=SCHULE&sortField=kennung&${ids.map((id) => `zugehoerigZu=${id}`).join("&")}`;
    const all = await list(schuladmin, query);
    expect(all.items).toHaveLength(all.total);
    expect(all.total).toBeGreaterThan(18);
    expect(new Set(all.items.map((o) => o.zugehoerigZu))).toEqual(new Set(ids));
    // Each Träger's share is what its own …/zugehoerig lists.
    const verband = OrganisationResponse.array().parse(
      await (await schuladmin.get(`/api/organisationen/${DEMO_IDS.traegerVerband}/zugehoerig`)).json(),
    );
    expect(
      all.items
        .filter((o) => o.zugehoerigZu === DEMO_IDS.traegerVerband)
        .map((o) => o.id)
        .sort(),
    ).toEqual(verband.map((o) => o.id).sort());
  });
});
