import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OrganisationResponse, OrganisationRootChildrenResponse, ROOT_ORGANISATION_ID } from "../../upstream/contract/index.ts";
import { organisation } from "../../upstream/reference/db/schema.ts";
import { stableId } from "../../upstream/reference/lib/ids.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { API_VERSIONS, type Browser, type TestUpstream, errorBodies, expectDbiamKey, loggedIn, startTestUpstream } from "./support.ts";

/**
 * Schulträger: creation, renaming, the school assignment and the children lists (ORGANISATIONS_ROLES §4.2, §4.6,
 * §4.8, §4.9, §4.11–§4.13) and the Träger's schools in the organisation search.
 */
describe.each(API_VERSIONS)("Schulträger verwalten (Upstream-Version %s)", (version) => {
  let upstream: TestUpstream;
  let landesadmin: Browser;
  let landesadminGold: Browser;
  let schuladmin: Browser;
  let schuladminGold: Browser;
  let traegeradminGold: Browser;
  const errors = errorBodies(version);

  beforeAll(async () => {
    upstream = await startTestUpstream({ apiVersion: version });
    [landesadmin, landesadminGold, schuladmin, schuladminGold, traegeradminGold] = await Promise.all([
      loggedIn(upstream.app, "landesadmin"),
      loggedIn(upstream.app, "landesadmin", "gold"),
      loggedIn(upstream.app, "schuladmin"),
      loggedIn(upstream.app, "schuladmin", "gold"),
      loggedIn(upstream.app, "traegeradmin", "gold"),
    ]);
  });
  afterAll(() => upstream.close());

  const traeger = (name: string, land: string = DEMO_IDS.landOeffentlich, zugehoerig: string = land) => ({
    administriertVon: land,
    zugehoerigZu: zugehoerig,
    name,
    typ: "TRAEGER",
  });
  const create = (browser: Browser, body: object) => browser.json("POST", "/api/organisationen", body);
  const createTraeger = async (name: string, land?: string) =>
    OrganisationResponse.parse(await (await create(landesadminGold, traeger(name, land))).json());
  const read = async (id: string) => OrganisationResponse.parse(await (await landesadmin.get(`/api/organisationen/${id}`)).json());
  const list = async (browser: Browser, path: string) => {
    const response = await browser.get(path);
    expect(response.status).toBe(200);
    const header = (name: string) => Number(response.headers.get(name));
    return {
      items: OrganisationResponse.array().parse(await response.json()),
      total: header("X-Paging-Total"),
      pageTotal: header("X-Paging-pageTotal"),
      offset: header("X-Paging-Offset"),
      limit: header("X-Paging-Limit"),
    };
  };

  describe("Wurzel und Schulformen", () => {
    it("the root and its two children, the forms of schools and Schulträger, are read by any logged-in user", async () => {
      const root = OrganisationResponse.parse(await (await schuladmin.get("/api/organisationen/root")).json());
      expect(root).toMatchObject({ id: ROOT_ORGANISATION_ID, typ: "ROOT" });
      const children = OrganisationRootChildrenResponse.parse(await (await schuladmin.get("/api/organisationen/root/children")).json());
      expect(children.oeffentlich).toMatchObject({ id: DEMO_IDS.landOeffentlich, typ: "LAND" });
      expect(children.ersatz).toMatchObject({ id: DEMO_IDS.landErsatz, typ: "LAND" });
    });

    it("not without login", async () => {
      await errors.unauthorized(await upstream.app.request("/api/organisationen/root"));
      await errors.unauthorized(await upstream.app.request("/api/organisationen/root/children"));
    });
  });

  describe("Schulträger anlegen", () => {
    it("a Landesadmin creates a Schulträger of either form", async () => {
      const response = await create(landesadminGold, traeger("Amt Geestrand"));
      expect(response.status).toBe(201);
      expect(OrganisationResponse.parse(await response.json())).toMatchObject({
        name: "Amt Geestrand",
        typ: "TRAEGER",
        zugehoerigZu: DEMO_IDS.landOeffentlich,
        version: 1,
      });
      expect((await create(landesadminGold, traeger("Evangelisches Schulwerk Geest", DEMO_IDS.landErsatz))).status).toBe(201);
    });

    it("names: no blanks around them, unique within the form and never the name of the root or a form", async () => {
      await expectDbiamKey(await create(landesadminGold, traeger(" Amt Marsch")), "NAME_ENTHAELT_LEERZEICHEN");
      await expectDbiamKey(await create(landesadminGold, traeger("Amt Marsch ")), "NAME_ENTHAELT_LEERZEICHEN");
      await expectDbiamKey(await create(landesadminGold, traeger("   ")), "NAME_ENTHAELT_LEERZEICHEN");
      await expectDbiamKey(await create(landesadminGold, traeger("Schulverband Moorland")), "SCHULTRAEGER_NAME_EINDEUTIG");
      await expectDbiamKey(await create(landesadminGold, traeger("Ersatzschulen Land Schleswig-Holstein")), "SCHULTRAEGER_NAME_EINDEUTIG");
      // Exact comparison: another spelling is another name.
      expect((await create(landesadminGold, traeger("schulverband moorland"))).status).toBe(201);
    });

    it("a Schulträger belongs to a form, never to another Träger or a school", async () => {
      // The upstream's own rule answers first (unmapped: code 500 with HTTP 400) ...
      await expectDbiamKey(
        await create(landesadminGold, traeger("Traeger im Traeger", DEMO_IDS.landOeffentlich, DEMO_IDS.traegerStadt)),
        "ORGANISATION_SPECIFICATION_ERROR",
        500,
      );
      // ... and where it lets a broken tree through, the rules of the error catalogue stop it.
      await expectDbiamKey(
        await create(landesadminGold, traeger("Traeger verwaltet vom Traeger", DEMO_IDS.traegerStadt, DEMO_IDS.landOeffentlich)),
        "TRAEGER_IN_TRAEGER",
      );
      await expectDbiamKey(
        await create(landesadminGold, traeger("Traeger verwaltet von Schule", DEMO_IDS.schuleA, DEMO_IDS.landOeffentlich)),
        "NUR_KLASSE_UNTER_SCHULE",
      );
    });

    it("only SCHULTRAEGER_VERWALTEN at ROOT creates a Schulträger; silver is not enough", async () => {
      await errors.missingPermissions(await create(schuladminGold, traeger("Amt vom Schuladmin")));
      await errors.missingPermissions(await create(traegeradminGold, traeger("Amt vom Traegeradmin")));
      await expectDbiamKey(await create(landesadmin, traeger("Amt in Silber")), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403, 403);
    });
  });

  describe("Schulträger umbenennen", () => {
    const rename = (browser: Browser, id: string, name: string, version: number) =>
      browser.json("PATCH", `/api/organisationen/${id}/name`, { name, version });

    it("the rename needs the version last read: a stale version is refused and nothing changes", async () => {
      const created = await createTraeger("Amt Koogland");
      const renamed = await rename(landesadminGold, created.id, "Amt Koogland-Nord", 1);
      expect(renamed.status).toBe(200);
      expect(OrganisationResponse.parse(await renamed.json())).toMatchObject({ name: "Amt Koogland-Nord", version: 2 });
      await expectDbiamKey(await rename(landesadminGold, created.id, "Amt Koogland-Süd", 1), "NEWER_VERSION_ORGANISATION");
      expect(await read(created.id)).toMatchObject({ name: "Amt Koogland-Nord", version: 2 });
    });

    it("name rules: blanks, taken names within the form; the same name in the other form is fine", async () => {
      const created = await createTraeger("Amt Elbmarsch");
      await expectDbiamKey(await rename(landesadminGold, created.id, "Amt Elbmarsch ", 1), "NAME_ENTHAELT_LEERZEICHEN");
      await expectDbiamKey(await rename(landesadminGold, created.id, "Hansestadt Nordhafen", 1), "SCHULTRAEGER_NAME_EINDEUTIG");
      await expectDbiamKey(await rename(landesadminGold, created.id, "Land Schleswig-Holstein", 1), "SCHULTRAEGER_NAME_EINDEUTIG");
      const sameAsErsatz = await rename(landesadminGold, created.id, "Stiftung Lichtblick Schulen", 1);
      expect(sameAsErsatz.status).toBe(200);
    });

    it("the right checked is KLASSEN_VERWALTEN at the Träger (upstream quirk): the Träger's own admin may rename it", async () => {
      const current = await read(DEMO_IDS.traegerStadt);
      const response = await rename(traegeradminGold, DEMO_IDS.traegerStadt, "Hansestadt Nordhafen an der Förde", current.version ?? 1);
      expect(response.status).toBe(200);
      await errors.missingPermissions(await rename(traegeradminGold, DEMO_IDS.traegerVerband, "Verband Moor", 1));
      await errors.missingPermissions(await rename(schuladminGold, DEMO_IDS.traegerVerband, "Verband Moor", 1));
      await expectDbiamKey(
        await rename(landesadmin, DEMO_IDS.traegerVerband, "Verband Moor", 1),
        "REQUIRED_STEP_UP_LEVEL_NOT_MET",
        403,
        403,
      );
    });
  });

  describe("Schulen eines Schulträgers lesen", () => {
    it("GET …/zugehoerig lists the Träger's schools with paging headers, for any logged-in user", async () => {
      const page = await list(schuladmin, `/api/organisationen/${DEMO_IDS.traegerVerband}/zugehoerig`);
      expect(page.items).toHaveLength(9);
      expect(page.items.every((o) => o.typ === "SCHULE" && o.zugehoerigZu === DEMO_IDS.traegerVerband)).toBe(true);
      expect(page).toMatchObject({ total: 9, pageTotal: 9, offset: 0, limit: 9 });
      const kennungen = page.items.map((o) => o.kennung ?? "");
      expect(kennungen).toEqual([...kennungen].sort());
      // A school's zugehoerig children are its classes.
      expect((await list(schuladmin, `/api/organisationen/${DEMO_IDS.schuleC}/zugehoerig`)).total).toBe(7);
    });

    it("the organisation search finds the schools of several Träger at once", async () => {
      const query = `typ=SCHULE&systemrechte=SCHULTRAEGER_VERWALTEN&zugehoerigZu=${DEMO_IDS.traegerStadt}&zugehoerigZu=${DEMO_IDS.traegerVerband}`;
      const page = await list(landesadmin, `/api/organisationen?${query}`);
      expect(page.total).toBe(18);
      expect(new Set(page.items.map((o) => o.zugehoerigZu))).toEqual(new Set([DEMO_IDS.traegerStadt, DEMO_IDS.traegerVerband]));
      // Without the right nothing is permitted: an empty list, not an error.
      expect((await list(schuladmin, `/api/organisationen?${query}`)).total).toBe(0);
    });

    it("GET …/administriert pages the direct children and searches their names", async () => {
      const page = await list(schuladmin, `/api/organisationen/${DEMO_IDS.landOeffentlich}/administriert?offset=0&limit=10`);
      expect(page.items).toHaveLength(10);
      expect(page).toMatchObject({ pageTotal: 10, offset: 0, limit: 10 });
      expect(page.items.every((o) => o.administriertVon === DEMO_IDS.landOeffentlich)).toBe(true);
      const all = await list(schuladmin, `/api/organisationen/${DEMO_IDS.landOeffentlich}/administriert`);
      expect(all.limit).toBe(all.total);
      expect(all.items.filter((o) => o.typ === "TRAEGER").length).toBeGreaterThanOrEqual(2);
      const found = await list(schuladmin, `/api/organisationen/${DEMO_IDS.landOeffentlich}/administriert?searchFilter=DEICH`);
      expect(found.items.map((o) => o.name).sort()).toEqual(["Gemeinschaftsschule am Deich", "Gymnasium Deichtor"]);
      // The search is literal and covers names only.
      expect((await list(schuladmin, `/api/organisationen/${DEMO_IDS.landOeffentlich}/administriert?searchFilter=0710001`)).total).toBe(0);
      expect((await list(schuladmin, `/api/organisationen/${DEMO_IDS.landOeffentlich}/administriert?searchFilter=%25`)).total).toBe(0);
    });

    it("unknown, malformed and anonymous requests are refused", async () => {
      const unknown = stableId("kein-traeger");
      await errors.entityNotFound(await schuladmin.get(`/api/organisationen/${unknown}/zugehoerig`));
      await errors.entityNotFound(await schuladmin.get(`/api/organisationen/${unknown}/administriert`));
      await errors.validation(await schuladmin.get("/api/organisationen/kaputt/zugehoerig"), "other", "organisationId");
      await errors.validation(
        await schuladmin.get(`/api/organisationen/${DEMO_IDS.landOeffentlich}/administriert?limit=0`),
        "other",
        "limit",
      );
      await errors.unauthorized(await upstream.app.request(`/api/organisationen/${DEMO_IDS.traegerStadt}/zugehoerig`));
    });
  });

  describe("Schulen zuordnen und lösen", () => {
    const assign = (browser: Browser, parent: string, schule: string) =>
      browser.json("POST", `/api/organisationen/${parent}/zugehoerig`, { organisationId: schule });
    const schoolIds = async (parent: string) =>
      (await list(landesadmin, `/api/organisationen/${parent}/zugehoerig`)).items.map((o) => o.id);

    it("assigning a school to a Träger and back to its form: 201 without body, the school's version increases", async () => {
      const before = await read(DEMO_IDS.schuleB);
      expect(before.zugehoerigZu).toBe(DEMO_IDS.landOeffentlich);
      const assigned = await assign(landesadminGold, DEMO_IDS.traegerVerband, DEMO_IDS.schuleB);
      expect(assigned.status).toBe(201);
      expect(await assigned.text()).toBe("");
      expect(await schoolIds(DEMO_IDS.traegerVerband)).toContain(DEMO_IDS.schuleB);
      expect(await read(DEMO_IDS.schuleB)).toMatchObject({ zugehoerigZu: DEMO_IDS.traegerVerband, version: (before.version ?? 1) + 1 });

      expect((await assign(landesadminGold, DEMO_IDS.traegerVerband, DEMO_IDS.schuleB)).status).toBe(201);
      expect((await assign(landesadminGold, DEMO_IDS.landOeffentlich, DEMO_IDS.schuleB)).status).toBe(201);
      expect(await schoolIds(DEMO_IDS.traegerVerband)).not.toContain(DEMO_IDS.schuleB);
      expect((await read(DEMO_IDS.schuleB)).zugehoerigZu).toBe(DEMO_IDS.landOeffentlich);
    });

    it("a school moves from one Träger to another of its form", async () => {
      expect((await assign(landesadminGold, DEMO_IDS.traegerStadt, DEMO_IDS.schuleC)).status).toBe(201);
      expect((await read(DEMO_IDS.schuleC)).zugehoerigZu).toBe(DEMO_IDS.traegerStadt);
    });

    it("only schools, only within their form, only below a Träger or a form", async () => {
      await expectDbiamKey(await assign(landesadminGold, DEMO_IDS.traegerStadt, DEMO_IDS.klasse9aSchuleA), "ORGANISATION_ZUWEISUNG_FEHLER");
      await expectDbiamKey(
        await assign(landesadminGold, DEMO_IDS.traegerStadt, stableId("org:ersatzschule-2")),
        "ORGANISATION_WECHSELT_TEILBAUM",
      );
      await expectDbiamKey(await assign(landesadminGold, DEMO_IDS.traegerErsatz, DEMO_IDS.schuleA), "ORGANISATION_WECHSELT_TEILBAUM");
      await expectDbiamKey(await assign(landesadminGold, DEMO_IDS.schuleC, stableId("org:schule-5")), "SCHULE_UNTER_TRAEGER");
      await expectDbiamKey(await assign(landesadminGold, ROOT_ORGANISATION_ID, stableId("org:schule-5")), "SCHULE_UNTER_TRAEGER");
    });

    it("an assignment that would close a cycle is refused", async () => {
      // A Träger that (against the rules, written directly) belongs to a school: that school below it is a cycle.
      const schule = stableId("org:schule-7");
      const kreis = stableId("org:test-kreis-zuordnung");
      await upstream.handle.db
        .insert(organisation)
        .values({ id: kreis, name: "Kreisverkehr", typ: "TRAEGER", administriertVon: DEMO_IDS.landOeffentlich, zugehoerigZu: schule });
      await expectDbiamKey(await assign(landesadminGold, kreis, schule), "ZYKLUS_IN_ORGANISATION");
    });

    it("without SCHULTRAEGER_VERWALTEN at the old and the new parent nothing moves", async () => {
      await errors.missingPermissions(await assign(schuladminGold, DEMO_IDS.traegerStadt, DEMO_IDS.schuleA));
      await errors.missingPermissions(await assign(traegeradminGold, DEMO_IDS.traegerStadt, stableId("org:schule-9")));
      await expectDbiamKey(await assign(landesadmin, DEMO_IDS.traegerStadt, DEMO_IDS.schuleA), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403, 403);
      expect((await read(stableId("org:schule-9"))).zugehoerigZu).toBe(DEMO_IDS.landOeffentlich);
    });

    it("unknown schools or parents are a 404; the body is validated", async () => {
      await errors.entityNotFound(await assign(landesadminGold, DEMO_IDS.traegerStadt, stableId("keine-schule")));
      await errors.entityNotFound(await assign(landesadminGold, stableId("kein-traeger"), DEMO_IDS.schuleA));
      // The root has no zugehoerigZu: it cannot be moved and counts as unknown here.
      await errors.entityNotFound(await assign(landesadminGold, DEMO_IDS.traegerStadt, ROOT_ORGANISATION_ID));
      await errors.validation(
        await landesadminGold.json("POST", `/api/organisationen/${DEMO_IDS.traegerStadt}/zugehoerig`, {}),
        "required",
        "organisationId",
      );
      await errors.validation(await assign(landesadminGold, DEMO_IDS.traegerStadt, "keine-uuid"), "other", "organisationId");
    });

    it.runIf(version === "current")("the current upstream wants the CSRF token", async () => {
      const response = await landesadminGold.request(`/api/organisationen/${DEMO_IDS.traegerStadt}/zugehoerig`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ organisationId: stableId("org:schule-9") }),
      });
      expect(response.status).toBe(400);
      expect((await read(stableId("org:schule-9"))).zugehoerigZu).toBe(DEMO_IDS.landOeffentlich);
    });
  });
});
