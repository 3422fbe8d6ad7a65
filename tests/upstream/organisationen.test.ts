import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OrganisationResponse, ROOT_ORGANISATION_ID } from "../../upstream/contract/index.ts";
import { person } from "../../upstream/reference/db/schema.ts";
import { stableId } from "../../upstream/reference/lib/ids.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { API_VERSIONS, type Browser, type TestUpstream, errorBodies, loggedIn, startTestUpstream } from "./support.ts";

// Every behaviour runs against both imitated upstream versions; where the answers differ, `errors` knows both bodies.
describe.each(API_VERSIONS)("Organisationen (Upstream-Version %s)", (version) => {
  let upstream: TestUpstream;
  let landesadmin: Browser;
  let landesadminGold: Browser;
  let schuladmin: Browser;
  let schuladminGold: Browser;
  const errors = errorBodies(version);

  beforeAll(async () => {
    upstream = await startTestUpstream({ apiVersion: version });
    [landesadmin, landesadminGold, schuladmin, schuladminGold] = await Promise.all([
      loggedIn(upstream.app, "landesadmin"),
      loggedIn(upstream.app, "landesadmin", "gold"),
      loggedIn(upstream.app, "schuladmin"),
      loggedIn(upstream.app, "schuladmin", "gold"),
    ]);
  });
  afterAll(() => upstream.close());

  const list = async (browser: Browser, query: string) => {
    const response = await browser.get(`/api/organisationen?${query}`);
    expect(response.status).toBe(200);
    const items = OrganisationResponse.array().parse(await response.json());
    const header = (name: string) => Number(response.headers.get(name));
    return {
      items,
      total: header("X-Paging-Total"),
      pageTotal: header("X-Paging-pageTotal"),
      offset: header("X-Paging-Offset"),
      limit: header("X-Paging-Limit"),
    };
  };

  const expectKey = async (response: Response, i18nKey: string, code = 400, status = 400) => {
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ i18nKey, code });
  };

  describe("Organisationen suchen und blättern", () => {
    it("requires a login", async () => {
      await errors.unauthorized(await upstream.app.request("/api/organisationen"));
    });

    it("a Landesadmin pages through all schools with the paging headers", async () => {
      const page = await list(landesadmin, "typ=SCHULE&systemrechte=SCHULEN_VERWALTEN&offset=0&limit=30");
      expect(page.total).toBe(39);
      expect(page.items).toHaveLength(30);
      expect(page.pageTotal).toBe(30);
      expect(page.offset).toBe(0);
      expect(page.limit).toBe(30);
      const kennungen = page.items.map((o) => o.kennung ?? "");
      expect(kennungen).toEqual([...kennungen].sort());
      const second = await list(landesadmin, "typ=SCHULE&systemrechte=SCHULEN_VERWALTEN&offset=30&limit=30");
      expect(second.items).toHaveLength(9);
      expect(second.offset).toBe(30);
      expect(new Set([...page.items, ...second.items].map((o) => o.id)).size).toBe(39);
    });

    it("without a limit everything is returned and X-Paging-Limit is the total", async () => {
      const page = await list(landesadmin, "typ=TRAEGER");
      expect(page.items.map((o) => o.name).sort()).toEqual([
        "Hansestadt Nordhafen",
        "Schulverband Moorland",
        "Stiftung Lichtblick Schulen",
      ]);
      expect(page.limit).toBe(3);
      expect(page.total).toBe(3);
    });

    it("a school admin only sees the classes of his own school when asking with KLASSEN_VERWALTEN", async () => {
      const page = await list(schuladmin, "typ=KLASSE&systemrechte=KLASSEN_VERWALTEN");
      expect(page.total).toBeGreaterThanOrEqual(12);
      expect(page.items.every((o) => o.administriertVon === DEMO_IDS.schuleA)).toBe(true);
      expect(page.items.some((o) => o.id === DEMO_IDS.klasse9aSchuleC)).toBe(false);
    });

    it("a school admin has no school where he may manage schools: empty list, not an error", async () => {
      const page = await list(schuladmin, "typ=SCHULE&systemrechte=SCHULEN_VERWALTEN");
      expect(page.items).toEqual([]);
      expect(page.total).toBe(0);
    });

    it("without systemrechte the list is not permission-filtered", async () => {
      const page = await list(schuladmin, "typ=KLASSE&administriertVon=" + DEMO_IDS.schuleC);
      expect(page.items.map((o) => o.name)).toContain("9a");
    });

    it("searchString matches name or kennung case-insensitively", async () => {
      const byName = await list(landesadmin, "typ=SCHULE&searchString=DEICH");
      expect(byName.items.map((o) => o.name).sort()).toEqual(["Gemeinschaftsschule am Deich", "Gymnasium Deichtor"]);
      const byKennung = await list(landesadmin, "searchString=0710001");
      expect(byKennung.items.map((o) => o.id)).toEqual([DEMO_IDS.schuleA]);
      const wildcard = await list(landesadmin, "searchString=%25");
      expect(wildcard.items).toEqual([]);
    });

    it("kennung and name are exact filters", async () => {
      expect((await list(landesadmin, "kennung=0710001")).items.map((o) => o.id)).toEqual([DEMO_IDS.schuleA]);
      expect((await list(landesadmin, "name=9a")).items.map((o) => o.id).sort()).toEqual(
        [DEMO_IDS.klasse9aSchuleA, DEMO_IDS.klasse9aSchuleC].sort(),
      );
    });

    it("sorts by typ rank first, then by the chosen field in the chosen direction", async () => {
      const asc = await list(landesadmin, "excludeTyp=KLASSE&excludeTyp=SCHULE&sortField=name");
      expect(asc.items.map((o) => o.typ)).toEqual(["ROOT", "LAND", "LAND", "TRAEGER", "TRAEGER", "TRAEGER"]);
      expect(asc.items[1]?.name).toBe("Ersatzschulen Land Schleswig-Holstein");
      const desc = await list(landesadmin, "excludeTyp=KLASSE&excludeTyp=SCHULE&sortField=name&sortOrder=desc");
      expect(desc.items.map((o) => o.typ)).toEqual(["TRAEGER", "TRAEGER", "TRAEGER", "LAND", "LAND", "ROOT"]);
      expect(desc.items[0]?.name).toBe("Stiftung Lichtblick Schulen");
    });

    it("filters by administriertVon and zugehoerigZu (single value or repeated keys)", async () => {
      const klassen = await list(landesadmin, `administriertVon=${DEMO_IDS.schuleB}&administriertVon=${DEMO_IDS.schuleC}`);
      expect(klassen.total).toBe(15);
      const ofTraeger = await list(landesadmin, `typ=SCHULE&zugehoerigZu=${DEMO_IDS.traegerErsatz}`);
      expect(ofTraeger.items.map((o) => o.id)).toEqual([DEMO_IDS.ersatzschule]);
      // Bracket keys: the pinned (extended) query parser read them as arrays, the current one drops them unread.
      const bracket = await list(landesadmin, `typ=SCHULE&zugehoerigZu[]=${DEMO_IDS.traegerErsatz}`);
      if (version === "pinned") expect(bracket.items.map((o) => o.id)).toEqual([DEMO_IDS.ersatzschule]);
      else expect(bracket.total).toBeGreaterThan(30);
    });

    it("organisationIds are placed first and kept on every page", async () => {
      const query = `typ=KLASSE&administriertVon=${DEMO_IDS.schuleB}&organisationIds=${DEMO_IDS.klasse9aSchuleA}&sortField=name`;
      const first = await list(landesadmin, `${query}&limit=3&offset=0`);
      expect(first.items.map((o) => o.name)).toEqual(["9a", "1a", "1b"]);
      expect(first.items[0]?.id).toBe(DEMO_IDS.klasse9aSchuleA);
      expect(first.total).toBe(9);
      expect(first.pageTotal).toBe(3);
      const second = await list(landesadmin, `${query}&limit=3&offset=3`);
      expect(second.items.map((o) => o.name)).toEqual(["9a", "2b", "3a"]);
    });

    it("organisationIds outside the permitted set are not shown", async () => {
      const page = await list(schuladmin, `typ=KLASSE&systemrechte=KLASSEN_VERWALTEN&organisationIds=${DEMO_IDS.klasse9aSchuleC}&limit=2`);
      expect(page.items.some((o) => o.id === DEMO_IDS.klasse9aSchuleC)).toBe(false);
    });

    it("invalid query values answer 400 with the version's validation body", async () => {
      await errors.validation(await landesadmin.get("/api/organisationen?typ=GARTEN"), "enum", "typ");
      await errors.validation(await landesadmin.get("/api/organisationen?limit=0"), "other", "limit");
      await errors.validation(await landesadmin.get("/api/organisationen?offset=-1"), "other", "offset");
      await errors.validation(await landesadmin.get("/api/organisationen?offset=abc"), "other", "offset");
      await errors.validation(await landesadmin.get("/api/organisationen?administriertVon=kaputt"), "other", "administriertVon");
      await errors.validation(await landesadmin.get("/api/organisationen?systemrechte=FLIEGEN"), "enum", "systemrechte");
      await errors.validation(
        await landesadmin.get(`/api/organisationen?organisationIds=${DEMO_IDS.schuleA}&organisationIds=${DEMO_IDS.schuleA}`),
        "other",
        "organisationIds",
      );
    });

    it("the rights the current upstream added are a filter there and an unknown value in the pinned one", async () => {
      const query = "typ=SCHULE&systemrechte=ANGEBOTE_EINGESCHRAENKT_VERWALTEN";
      if (version === "current") {
        expect((await landesadmin.get(`/api/organisationen?${query}`)).status).toBe(200);
      } else {
        await errors.validation(await landesadmin.get(`/api/organisationen?${query}`), "enum", "systemrechte");
      }
    });

    it("unknown query parameters are ignored", async () => {
      const page = await list(landesadmin, "typ=TRAEGER&foo=bar");
      expect(page.total).toBe(3);
    });
  });

  describe("Einzelne Organisationen lesen", () => {
    it("any logged-in user reads any organisation", async () => {
      const response = await schuladmin.get(`/api/organisationen/${DEMO_IDS.schuleC}`);
      expect(response.status).toBe(200);
      const body = OrganisationResponse.parse(await response.json());
      expect(body).toMatchObject({ name: "Gymnasium Hafenkante", typ: "SCHULE", version: 1, itslearningEnabled: true });
    });

    it("a malformed id is a 400 and an unknown id a 404", async () => {
      await errors.validation(await schuladmin.get("/api/organisationen/keine-uuid"), "other", "organisationId");
      await errors.entityNotFound(await schuladmin.get(`/api/organisationen/${stableId("gibt-es-nicht")}`));
    });

    it("root and the two root children are found", async () => {
      const root = OrganisationResponse.parse(await (await schuladmin.get("/api/organisationen/root")).json());
      expect(root).toMatchObject({ id: ROOT_ORGANISATION_ID, typ: "ROOT", name: "Land Schleswig-Holstein" });
      const children = (await (await schuladmin.get("/api/organisationen/root/children")).json()) as Record<string, unknown>;
      expect(OrganisationResponse.parse(children.oeffentlich).id).toBe(DEMO_IDS.landOeffentlich);
      expect(OrganisationResponse.parse(children.ersatz).id).toBe(DEMO_IDS.landErsatz);
    });
  });

  describe("Klassen anlegen", () => {
    const klasse = (name: string, schule: string = DEMO_IDS.schuleA) => ({
      administriertVon: schule,
      zugehoerigZu: schule,
      name,
      typ: "KLASSE",
    });

    it("a silver session is refused before anything else is looked at", async () => {
      await expectKey(await schuladmin.json("POST", "/api/organisationen", { nonsense: true }), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403, 403);
    });

    it("a school admin with gold creates a class at his school", async () => {
      const response = await schuladminGold.json("POST", "/api/organisationen", { ...klasse("5c"), unbekannt: "wird ignoriert" });
      expect(response.status).toBe(201);
      const created = OrganisationResponse.parse(await response.json());
      expect(created).toMatchObject({
        name: "5c",
        typ: "KLASSE",
        version: 1,
        itslearningEnabled: false,
        administriertVon: DEMO_IDS.schuleA,
      });
      const read = await schuladmin.get(`/api/organisationen/${created.id}`);
      expect(read.status).toBe(200);
    });

    it("a school admin cannot create classes at another school (404)", async () => {
      await errors.missingPermissions(await schuladminGold.json("POST", "/api/organisationen", klasse("5z", DEMO_IDS.schuleC)));
    });

    it("names with leading or trailing blanks are refused", async () => {
      await expectKey(await schuladminGold.json("POST", "/api/organisationen", klasse(" 5d")), "NAME_ENTHAELT_LEERZEICHEN");
      await expectKey(await schuladminGold.json("POST", "/api/organisationen", klasse("   ")), "NAME_ENTHAELT_LEERZEICHEN");
    });

    it("an unknown zugehoerigZu is a 404", async () => {
      const body = { ...klasse("5e"), zugehoerigZu: stableId("nirgendwo") };
      await errors.entityNotFound(await schuladminGold.json("POST", "/api/organisationen", body));
    });

    it("a class name without an ASCII letter or digit is an unmapped specification error (HTTP 400, code 500)", async () => {
      await expectKey(
        await schuladminGold.json("POST", "/api/organisationen", klasse("äöü")),
        "ORGANISATION_SPECIFICATION_ERROR",
        500,
        400,
      );
    });

    it("a class must hang below a school", async () => {
      const body = { administriertVon: DEMO_IDS.landOeffentlich, zugehoerigZu: DEMO_IDS.landOeffentlich, name: "5x", typ: "KLASSE" };
      await expectKey(await landesadminGold.json("POST", "/api/organisationen", body), "KLASSE_NUR_VON_SCHULE_ADMINISTRIERT");
    });

    it("class names are unique per school but may repeat at other schools", async () => {
      await expectKey(await schuladminGold.json("POST", "/api/organisationen", klasse("9a")), "KLASSENNAME_AN_SCHULE_EINDEUTIG");
      const elsewhere = await landesadminGold.json("POST", "/api/organisationen", klasse("9c", DEMO_IDS.schuleC));
      expect(elsewhere.status).toBe(201);
    });

    it("a class must not carry an e-mail address", async () => {
      await expectKey(
        await schuladminGold.json("POST", "/api/organisationen", { ...klasse("5f"), emailAdress: "a@b.de" }),
        "EMAIL_ADRESS_ON_ORGANISATION_TYP",
      );
    });

    it("body validation answers 400 with the first failing property", async () => {
      const missingName = { administriertVon: DEMO_IDS.schuleA, zugehoerigZu: DEMO_IDS.schuleA, typ: "KLASSE" };
      await errors.validation(await schuladminGold.json("POST", "/api/organisationen", missingName), "required", "name");
      await errors.validation(await schuladminGold.json("POST", "/api/organisationen", { ...klasse("5g"), typ: "GRUPPE" }), "enum", "typ");
      await errors.validation(
        await schuladminGold.json("POST", "/api/organisationen", { ...klasse("5g"), administriertVon: "x" }),
        "other",
        "administriertVon",
      );
      // An empty id breaks the not-empty rule, which the upstream reports as a missing value, not as a malformed id.
      await errors.validation(
        await schuladminGold.json("POST", "/api/organisationen", { ...klasse("5g"), zugehoerigZu: "" }),
        "required",
        "zugehoerigZu",
      );
      const token = await schuladminGold.csrfToken();
      const notJson = await schuladminGold.request("/api/organisationen", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(token ? { "X-CSRF-Token": token } : {}) },
        body: "{kaputt",
      });
      await errors.validation(notJson, "other");
    });
  });

  describe("Schulen und Schulträger anlegen", () => {
    const schule = (kennung: string | undefined, name = "Neue Schule am Hafen") => ({
      administriertVon: DEMO_IDS.landOeffentlich,
      zugehoerigZu: DEMO_IDS.landOeffentlich,
      name,
      typ: "SCHULE",
      ...(kennung === undefined ? {} : { kennung }),
    });

    it("only holders of SCHULEN_VERWALTEN at ROOT may create schools", async () => {
      await errors.missingPermissions(await schuladminGold.json("POST", "/api/organisationen", schule("0799999")));
    });

    it("a Landesadmin creates a school with a unique kennung", async () => {
      await expectKey(await landesadminGold.json("POST", "/api/organisationen", schule(undefined)), "KENNUNG_REQUIRED_FOR_SCHULE");
      await expectKey(await landesadminGold.json("POST", "/api/organisationen", schule("0799998", "")), "NAME_REQUIRED_FOR_SCHULE");
      await expectKey(await landesadminGold.json("POST", "/api/organisationen", schule("0710001")), "SCHULE_KENNUNG_EINDEUTIG");
      await expectKey(await landesadminGold.json("POST", "/api/organisationen", schule("0799 ")), "KENNUNG_ENTHAELT_LEERZEICHEN");
      const ok = await landesadminGold.json("POST", "/api/organisationen", schule("0799999"));
      expect(ok.status).toBe(201);
    });

    it("Schulträger names are unique per subtree and a Träger belongs to a LAND root child", async () => {
      const traeger = (name: string, land: string = DEMO_IDS.landOeffentlich) => ({
        administriertVon: land,
        zugehoerigZu: land,
        name,
        typ: "TRAEGER",
      });
      await expectKey(
        await landesadminGold.json("POST", "/api/organisationen", traeger("Hansestadt Nordhafen")),
        "SCHULTRAEGER_NAME_EINDEUTIG",
      );
      await expectKey(
        await landesadminGold.json("POST", "/api/organisationen", traeger("Land Schleswig-Holstein")),
        "SCHULTRAEGER_NAME_EINDEUTIG",
      );
      await expectKey(
        await landesadminGold.json("POST", "/api/organisationen", traeger("Träger unter Schule", DEMO_IDS.schuleA)),
        "ORGANISATION_SPECIFICATION_ERROR",
        500,
        400,
      );
      const sameNameOtherSubtree = await landesadminGold.json(
        "POST",
        "/api/organisationen",
        traeger("Hansestadt Nordhafen", DEMO_IDS.landErsatz),
      );
      expect(sameNameOtherSubtree.status).toBe(201);
    });

    it("the Trägerschaft is one of the six codes of TraegerschaftTyp", async () => {
      const withTraegerschaft = (traegerschaft: string, name: string) => ({
        administriertVon: DEMO_IDS.landOeffentlich,
        zugehoerigZu: DEMO_IDS.landOeffentlich,
        name,
        typ: "TRAEGER",
        traegerschaft,
      });
      await errors.validation(
        await landesadminGold.json("POST", "/api/organisationen", withTraegerschaft("kommunal", "Gemeinde Ostufer")),
        "enum",
        "traegerschaft",
      );
      await errors.validation(
        await landesadminGold.json("POST", "/api/organisationen", withTraegerschaft("07", "Gemeinde Ostufer")),
        "enum",
        "traegerschaft",
      );
      const created = await landesadminGold.json("POST", "/api/organisationen", withTraegerschaft("03", "Gemeinde Ostufer"));
      expect(created.status).toBe(201);
      expect(OrganisationResponse.parse(await created.json()).traegerschaft).toBe("03");
    });

    it("other organisation types cannot be created", async () => {
      const body = { administriertVon: ROOT_ORGANISATION_ID, zugehoerigZu: ROOT_ORGANISATION_ID, name: "Noch ein Land", typ: "LAND" };
      await errors.missingPermissions(await landesadminGold.json("POST", "/api/organisationen", body));
    });
  });

  describe("Klassen umbenennen", () => {
    const rename = (browser: Browser, id: string, name: string, version: number) =>
      browser.json("PATCH", `/api/organisationen/${id}/name`, { name, version });
    const klasse8b = stableId("org:schule-a:8b");

    it("needs gold", async () => {
      await expectKey(await rename(schuladmin, klasse8b, "8c", 1), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403, 403);
    });

    it("a school admin renames a class of his school; the version increases", async () => {
      const response = await rename(schuladminGold, klasse8b, "8c", 1);
      expect(response.status).toBe(200);
      expect(OrganisationResponse.parse(await response.json())).toMatchObject({ name: "8c", version: 2 });
      await expectKey(await rename(schuladminGold, klasse8b, "8d", 1), "NEWER_VERSION_ORGANISATION");
      const unchanged = await rename(schuladminGold, klasse8b, "8c", 2);
      expect(OrganisationResponse.parse(await unchanged.json()).version).toBe(3);
    });

    it("empty, blank-padded and duplicate names are refused", async () => {
      const id = stableId("org:schule-a:10a");
      await expectKey(await rename(schuladminGold, id, "", 1), "NAME_REQUIRED_FOR_KLASSE");
      await expectKey(await rename(schuladminGold, id, "10a ", 1), "NAME_ENTHAELT_LEERZEICHEN");
      await expectKey(await rename(schuladminGold, id, "9a", 1), "KLASSENNAME_AN_SCHULE_EINDEUTIG");
    });

    it("a school admin cannot rename classes of another school (404), nor unknown ids", async () => {
      await errors.missingPermissions(await rename(schuladminGold, DEMO_IDS.klasse9aSchuleC, "9z", 1));
      await errors.missingPermissions(await rename(schuladminGold, stableId("unbekannt"), "9z", 1));
    });

    it("a school cannot be renamed through this endpoint (500)", async () => {
      await errors.internal(await rename(landesadminGold, DEMO_IDS.schuleB, "Neuer Name", 1), "ENTITY_COULD_NOT_BE_UPDATED");
    });

    it("validates path and body", async () => {
      await errors.validation(await rename(schuladminGold, "nope", "x", 1), "other", "organisationId");
      const response = await schuladminGold.json("PATCH", `/api/organisationen/${klasse8b}/name`, { name: "8e" });
      await errors.validation(response, "required", "version");
    });
  });

  describe("Klassen löschen", () => {
    const remove = (browser: Browser, id: string) => browser.json("DELETE", `/api/organisationen/${id}/klasse`);

    it("needs gold", async () => {
      await expectKey(await remove(schuladmin, DEMO_IDS.klasseOhneZuordnung), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403, 403);
    });

    it("a class with pupils cannot be deleted", async () => {
      await expectKey(await remove(schuladminGold, DEMO_IDS.klasseMitSchueler), "ORGANISATION_IST_BEREITS_ZUGEWIESEN_ERROR");
    });

    it("a school admin cannot delete classes of another school", async () => {
      await errors.missingPermissions(await remove(schuladminGold, DEMO_IDS.klasse9aSchuleC));
    });

    it("an empty class of the own school is deleted", async () => {
      const response = await remove(schuladminGold, DEMO_IDS.klasseOhneZuordnung);
      expect(response.status).toBe(204);
      expect(await response.text()).toBe("");
      expect((await schuladmin.get(`/api/organisationen/${DEMO_IDS.klasseOhneZuordnung}`)).status).toBe(404);
      await errors.missingPermissions(await remove(schuladminGold, DEMO_IDS.klasseOhneZuordnung));
    });

    it("a school is not a class (500) and a malformed id is a 400", async () => {
      await errors.internal(await remove(landesadminGold, stableId("org:schule-5")));
      await errors.validation(await remove(landesadminGold, "123"), "other", "organisationId");
    });
  });

  describe("Verschwundene Person", () => {
    it("a session whose person was deleted gets 403 KEYCLOAK_USER_NOT_FOUND", async () => {
      const browser = await loggedIn(upstream.app, "ohnezuordnung");
      await upstream.handle.db.delete(person).where(eq(person.username, "ohnezuordnung"));
      await expectKey(await browser.get("/api/organisationen"), "KEYCLOAK_USER_NOT_FOUND", 403, 403);
      await expectKey(await browser.get("/api/auth/logininfo"), "KEYCLOAK_USER_NOT_FOUND", 403, 403);
    });
  });
});
