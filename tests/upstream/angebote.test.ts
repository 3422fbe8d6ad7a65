import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ManageableServiceProviderResponse,
  RollenerweiterungResponse,
  ServiceProviderResponse,
  rawPagedResponse,
} from "../../upstream/contract/index.ts";
import { newId, stableId } from "../../upstream/reference/lib/ids.ts";
import { SERVICE_PROVIDERS } from "../../upstream/reference/seed/demo-data.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { API_VERSIONS, type Browser, type TestUpstream, errorBodies, expectDbiamKey, loggedIn, startTestUpstream } from "./support.ts";

/**
 * Offers (ORGANISATIONS_ROLES §6.2, §6.4–§6.6, CHANGES-SINCE-PIN §3.9, §4): the role form's choice, the offers an
 * administrator manages and their Rollenerweiterungen.
 */

const sp = (key: string) => stableId(`sp:${key}`);
const ManageablePage = rawPagedResponse(ManageableServiceProviderResponse);
const ErweiterungenPage = rawPagedResponse(RollenerweiterungResponse);

describe.each(API_VERSIONS)("Angebote (Upstream-Version %s)", (version) => {
  let upstream: TestUpstream;
  let landesadmin: Browser;
  let landesadminGold: Browser;
  let angebotsadminGold: Browser;
  let lehrkraftGold: Browser;
  const errors = errorBodies(version);
  const schulisch = version === "current" ? "SCHULISCH" : "ANGEBOTE";

  beforeAll(async () => {
    upstream = await startTestUpstream({ apiVersion: version });
    [landesadmin, landesadminGold, angebotsadminGold, lehrkraftGold] = await Promise.all([
      loggedIn(upstream.app, "landesadmin"),
      loggedIn(upstream.app, "landesadmin", "gold"),
      loggedIn(upstream.app, "angebotsadmin", "gold"),
      loggedIn(upstream.app, "lehrkraft", "gold"),
    ]);
  });
  afterAll(() => upstream.close());

  const notFoundRoute = async (response: Response, method: string, path: string) => {
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: `Cannot ${method} ${path}`, error: "Not Found", statusCode: 404 });
  };

  describe("Angebote für das Rollenformular", () => {
    if (version === "pinned") {
      it("GET /api/provider/all lists every offer to any logged-in user", async () => {
        const response = await lehrkraftGold.get("/api/provider/all");
        expect(response.status).toBe(200);
        const all = ServiceProviderResponse.array().parse(await response.json());
        expect(all.map((provider) => provider.id).sort()).toEqual(SERVICE_PROVIDERS.map((provider) => provider.id).sort());
      });

      it("assignable-for-rolle does not exist yet", async () => {
        const path = "/api/provider/assignable-for-rolle";
        await notFoundRoute(await landesadminGold.get(`${path}?schulstrukturknotenOfRolle=${DEMO_IDS.schuleA}`), "GET", path);
      });
    } else {
      it("GET /api/provider/all was removed: the framework's 404", async () => {
        await notFoundRoute(await landesadminGold.get("/api/provider/all"), "GET", "/api/provider/all");
      });

      it("assignable-for-rolle: the offers owned by the role's organisation or above", async () => {
        const names = async (organisationId: string) => {
          const response = await landesadminGold.get(`/api/provider/assignable-for-rolle?schulstrukturknotenOfRolle=${organisationId}`);
          expect(response.status).toBe(200);
          return ServiceProviderResponse.array()
            .parse(await response.json())
            .map((provider) => provider.name);
        };
        const atLand = await names(DEMO_IDS.landOeffentlich);
        expect(atLand).toEqual(expect.arrayContaining(["E-Mail", "Fortbildungsportal"]));
        expect(atLand).not.toContain("Schulbibliothek am Deich");
        expect(await names(DEMO_IDS.schuleA)).toEqual(expect.arrayContaining(["E-Mail", "Fortbildungsportal", "Schulbibliothek am Deich"]));
        expect(await names(DEMO_IDS.landErsatz)).not.toContain("Fortbildungsportal");
      });

      it("assignable-for-rolle needs gold and ROLLEN_VERWALTEN at that organisation", async () => {
        const path = `/api/provider/assignable-for-rolle?schulstrukturknotenOfRolle=${DEMO_IDS.schuleA}`;
        await expectDbiamKey(await landesadmin.get(path), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403, 403);
        await errors.missingPermissions(await lehrkraftGold.get(path));
        await errors.missingPermissions(
          await landesadminGold.get(`/api/provider/assignable-for-rolle?schulstrukturknotenOfRolle=${newId()}`),
        );
        await expectDbiamKey(await landesadminGold.get("/api/provider/assignable-for-rolle"), "REQUIRED_VALUE");
      });
    }
  });

  describe("Verwaltbare Angebote", () => {
    const manageable = async (browser: Browser, query = "") => {
      const response = await browser.get(`/api/provider/manageable${query ? `?${query}` : ""}`);
      expect(response.status).toBe(200);
      const raw = (await response.json()) as { items: Array<Record<string, unknown>> };
      return { raw, page: ManageablePage.parse(raw) };
    };

    it("a Landesadmin manages every offer, sorted by category (school offers last), body-paged", async () => {
      const { page, raw } = await manageable(landesadminGold);
      expect(page.total).toBe(SERVICE_PROVIDERS.length);
      expect([page.offset, page.limit, page.items.length]).toEqual([0, SERVICE_PROVIDERS.length, SERVICE_PROVIDERS.length]);
      const kategorien = page.items.map((item) => item.kategorie);
      expect(kategorien[0]).toBe("EMAIL");
      expect(kategorien.at(-1)).toBe(schulisch);
      expect(kategorien.indexOf("HINWEISE")).toBeLessThan(kategorien.indexOf(schulisch));
      const mediathek = raw.items.find((item) => item.id === sp("mediathek-nord")) ?? {};
      expect(mediathek).toMatchObject({ name: "Mediathek Nord", administrationsebene: { id: DEMO_IDS.root }, kategorie: schulisch });
      if (version === "current") {
        expect(mediathek).toMatchObject({ hasRollenerweiterungen: true, rollenartenWhitelist: [], hasSomeVerwaltenPermission: true });
        expect(mediathek).not.toHaveProperty("hasRollenerweiterung");
      } else {
        expect(mediathek).toMatchObject({ hasRollenerweiterung: true });
        expect(mediathek).not.toHaveProperty("rollenartenWhitelist");
      }
      const itslearning = page.items.find((item) => item.id === sp("itslearning"));
      expect(itslearning?.rollen.map((rolle) => rolle.name)).toEqual(expect.arrayContaining(["itslearning-Schüler", "IQSH Mitarbeiter"]));
    });

    it("offset and limit", async () => {
      const { page: all } = await manageable(landesadminGold);
      const { page } = await manageable(landesadminGold, "offset=3&limit=4");
      expect([page.total, page.offset, page.limit]).toEqual([all.total, 3, 4]);
      expect(page.items.map((item) => item.id)).toEqual(all.items.slice(3, 7).map((item) => item.id));
    });

    it("a school's offers admin manages the offers of the school only; without the right the list is empty", async () => {
      const { page } = await manageable(angebotsadminGold);
      expect(page.items.map((item) => item.name)).toEqual(["Schulbibliothek am Deich"]);
      expect((await manageable(lehrkraftGold)).page).toMatchObject({ total: 0, items: [] });
    });

    if (version === "current") {
      it("needs gold; filters by category", async () => {
        await expectDbiamKey(await landesadmin.get("/api/provider/manageable"), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403, 403);
        const { page } = await manageable(landesadminGold, "kategorien=SCHULISCH&kategorien=EMAIL");
        expect(new Set(page.items.map((item) => item.kategorie))).toEqual(new Set(["EMAIL", "SCHULISCH"]));
        // three e-mail offers, three school offers and the VIDIS school's offer from VIDIS
        expect(page.total).toBe(7);
        await expectDbiamKey(await landesadminGold.get("/api/provider/manageable?kategorien=ANGEBOTE"), "INVALID_ENUM");
      });
    } else {
      it("silver is enough", async () => {
        expect((await landesadmin.get("/api/provider/manageable")).status).toBe(200);
      });
    }

    it("one offer: with its url, Rollenerweiterung flag and roles; a tile without url has none", async () => {
      const response = await landesadminGold.get(`/api/provider/manageable/${sp("mediathek-nord")}`);
      expect(response.status).toBe(200);
      const raw = (await response.json()) as Record<string, unknown>;
      expect(raw).toMatchObject({ id: sp("mediathek-nord"), url: "https://mediathek.schulportal.example/", hasRollenerweiterung: true });
      if (version === "current") {
        expect(raw).toMatchObject({
          availableForRollenerweiterung: true,
          rollenartenWhitelist: [],
          relevantSystemrechte: ["ANGEBOTE_VERWALTEN", "ROLLEN_ERWEITERN"],
        });
      }
      const admin = (await (await landesadminGold.get(`/api/provider/manageable/${sp("schulportal-administration")}`)).json()) as Record<
        string,
        unknown
      >;
      expect(admin).not.toHaveProperty("url");
      expect(ManageableServiceProviderResponse.parse(admin).rollen.map((rolle) => rolle.name)).toContain("Landesadministrator");
    });

    it(
      version === "current"
        ? "one offer: ROLLEN_ERWEITERN below its owner is enough to read it; otherwise not found"
        : "one offer: only in the ANGEBOTE_VERWALTEN scope, otherwise not found",
      async () => {
        expect((await angebotsadminGold.get(`/api/provider/manageable/${sp("schulbibliothek-a")}`)).status).toBe(200);
        const rootOffer = await angebotsadminGold.get(`/api/provider/manageable/${sp("mediathek-nord")}`);
        if (version === "current") {
          expect(rootOffer.status).toBe(200);
          expect(((await rootOffer.json()) as Record<string, unknown>).relevantSystemrechte).toEqual(["ROLLEN_ERWEITERN"]);
        } else {
          await errors.entityNotFound(rootOffer);
        }
        await errors.entityNotFound(await lehrkraftGold.get(`/api/provider/manageable/${sp("schulbibliothek-a")}`));
        await errors.entityNotFound(await landesadminGold.get(`/api/provider/manageable/${newId()}`));
      },
    );
  });

  describe("Rollenerweiterungen eines Angebots", () => {
    const path = (key: string, query = "") => `/api/provider/${sp(key)}/rollenerweiterung${query ? `?${query}` : ""}`;

    it("a Landesadmin reads the Rollenerweiterungen of an offer, body-paged", async () => {
      const response = await landesadminGold.get(path("mediathek-nord"));
      expect(response.status).toBe(200);
      const page = ErweiterungenPage.parse(await response.json());
      expect(page).toMatchObject({ total: 1, offset: 0, limit: 1 });
      expect(page.items).toEqual([
        expect.objectContaining({
          organisationId: DEMO_IDS.schuleA,
          rolleId: DEMO_IDS.rolleLehrkraft,
          serviceProviderId: sp("mediathek-nord"),
        }),
      ]);
      if (version === "current") {
        expect(page.items[0]).toMatchObject({
          rolleName: "Lehrkraft",
          organisationName: "Gemeinschaftsschule am Deich",
          organisationKennung: "0710001",
        });
      }
      expect(ErweiterungenPage.parse(await (await landesadminGold.get(path("e-mail"))).json())).toMatchObject({ total: 0, items: [] });
    });

    it(
      version === "current"
        ? "pages by organisation: several Rollenerweiterungen of one school count once"
        : "pages by Rollenerweiterung, ordered by id",
      async () => {
        for (const rolle of ["liv", "vertretungslehrkraft"]) {
          const response = await landesadminGold.json("POST", "/api/rolle/erweiterung", {
            organisationId: DEMO_IDS.schuleA,
            rolleId: stableId(`rolle:${rolle}`),
            serviceProviderId: sp("sprachlabor"),
          });
          expect(response.status).toBe(201);
        }
        const created = await landesadminGold.json("POST", "/api/rolle/erweiterung", {
          organisationId: DEMO_IDS.schuleB,
          rolleId: stableId("rolle:liv"),
          serviceProviderId: sp("sprachlabor"),
        });
        expect(created.status).toBe(201);
        const page = ErweiterungenPage.parse(await (await landesadminGold.get(path("sprachlabor", "limit=1"))).json());
        if (version === "current") {
          expect(page).toMatchObject({ total: 2, limit: 1 });
          expect(page.items.map((item) => item.organisationId)).toEqual([DEMO_IDS.schuleA, DEMO_IDS.schuleA]);
          expect(page.items.map((item) => item.rolleName)).toEqual(["LiV", "Vertretungslehrkraft"]);
          const filtered = ErweiterungenPage.parse(
            await (await landesadminGold.get(path("sprachlabor", `organisationIds=${DEMO_IDS.schuleB}`))).json(),
          );
          expect(filtered.items.map((item) => item.organisationId)).toEqual([DEMO_IDS.schuleB]);
        } else {
          expect(page).toMatchObject({ total: 3, limit: 1 });
          expect(page.items).toHaveLength(1);
          const all = ErweiterungenPage.parse(await (await landesadminGold.get(path("sprachlabor"))).json());
          const ids = all.items.map((item) => item.id);
          expect(ids).toEqual([...ids].sort());
        }
      },
    );

    it(
      version === "current"
        ? "without ROLLEN_ERWEITERN or ANGEBOTE_VERWALTEN: 401 UNAUTHORIZED; other organisations: MISSING_PERMISSIONS"
        : "without a role holding ROLLEN_ERWEITERN and ANGEBOTE_VERWALTEN: the NestJS 401 NOT_AUTHORIZED",
      async () => {
        const response = await lehrkraftGold.get(path("mediathek-nord"));
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual(
          version === "current"
            ? { i18nKey: "UNAUTHORIZED", code: 401 }
            : { statusCode: 401, message: "NOT_AUTHORIZED", error: "Unauthorized" },
        );
        expect((await angebotsadminGold.get(path("mediathek-nord"))).status).toBe(200);
        if (version === "current") {
          await errors.missingPermissions(await angebotsadminGold.get(path("mediathek-nord", `organisationIds=${DEMO_IDS.schuleB}`)));
          await expectDbiamKey(await landesadmin.get(path("mediathek-nord")), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403, 403);
        }
      },
    );
  });

  describe("Angebote, um die eine Schule ihre Rollen erweitern kann", () => {
    const path = (organisationId: string, query = "") =>
      `/api/provider/manageable-by-organisation?organisationId=${organisationId}${query ? `&${query}` : ""}`;

    if (version === "pinned") {
      it("manageable-by-organisation does not exist yet", async () => {
        await notFoundRoute(await angebotsadminGold.get(path(DEMO_IDS.schuleA)), "GET", "/api/provider/manageable-by-organisation");
      });
      return;
    }

    it("lists the offers with VERFUEGBAR_FUER_ROLLENERWEITERUNG owned by the school or above, with its Rollenerweiterungen", async () => {
      const response = await angebotsadminGold.get(path(DEMO_IDS.schuleA));
      expect(response.status).toBe(200);
      const raw = (await response.json()) as { items: Array<Record<string, unknown>> };
      const page = ManageablePage.parse(raw);
      expect(page.items.map((item) => item.name)).toEqual(["Schulrecht A-Z", "Mediathek Nord", "Sprachlabor digital"]);
      expect(page).toMatchObject({ total: 3, offset: 0, limit: 3 });
      expect(page.items.every((item) => item.merkmale.includes("VERFUEGBAR_FUER_ROLLENERWEITERUNG"))).toBe(true);
      const mediathek = raw.items.find((item) => item.name === "Mediathek Nord");
      expect(mediathek?.rollenerweiterungen).toEqual([
        {
          organisation: { id: DEMO_IDS.schuleA, name: "Gemeinschaftsschule am Deich", kennung: "0710001" },
          rolle: { id: DEMO_IDS.rolleLehrkraft, name: "Lehrkraft" },
        },
      ]);
      expect(mediathek).not.toHaveProperty("hasSomeVerwaltenPermission");
      // Paged by offer.
      const second = ManageablePage.parse(await (await angebotsadminGold.get(path(DEMO_IDS.schuleA, "offset=1&limit=1"))).json());
      expect(second).toMatchObject({ total: 3, offset: 1, limit: 1 });
      expect(second.items.map((item) => item.name)).toEqual(["Mediathek Nord"]);
    });

    it("needs gold and ROLLEN_ERWEITERN at the organisation: else MISSING_PERMISSIONS, an unknown organisation too", async () => {
      await expectDbiamKey(await landesadmin.get(path(DEMO_IDS.schuleA)), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403, 403);
      await errors.missingPermissions(await lehrkraftGold.get(path(DEMO_IDS.schuleA)));
      await errors.missingPermissions(await angebotsadminGold.get(path(DEMO_IDS.schuleB)));
      await errors.missingPermissions(await landesadminGold.get(path(newId())));
      expect((await landesadminGold.get(path(DEMO_IDS.schuleB))).status).toBe(200);
      await expectDbiamKey(await landesadminGold.get("/api/provider/manageable-by-organisation"), "REQUIRED_VALUE");
    });
  });
});
