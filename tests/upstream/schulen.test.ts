import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { OrganisationResponse, ROOT_ORGANISATION_ID } from "../../upstream/contract/index.ts";
import { organisation } from "../../upstream/reference/db/schema.ts";
import { stableId } from "../../upstream/reference/lib/ids.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { API_VERSIONS, type Browser, type TestUpstream, errorBodies, expectDbiamKey, loggedIn, startTestUpstream } from "./support.ts";

/** Schools: creation, the full update (PUT) and the itslearning activation (ORGANISATIONS_ROLES §4.2, §4.5, §4.14). */
describe.each(API_VERSIONS)("Schulen verwalten (Upstream-Version %s)", (version) => {
  let upstream: TestUpstream;
  let landesadmin: Browser;
  let landesadminGold: Browser;
  let schuladminGold: Browser;
  let traegeradminGold: Browser;
  const errors = errorBodies(version);
  /** A public school of the seed without itslearning and without Träger. */
  const schuleOhneItslearning = stableId("org:schule-3");

  beforeAll(async () => {
    upstream = await startTestUpstream({ apiVersion: version });
    [landesadmin, landesadminGold, schuladminGold, traegeradminGold] = await Promise.all([
      loggedIn(upstream.app, "landesadmin"),
      loggedIn(upstream.app, "landesadmin", "gold"),
      loggedIn(upstream.app, "schuladmin", "gold"),
      loggedIn(upstream.app, "traegeradmin", "gold"),
    ]);
  });
  afterAll(() => upstream.close());

  const schule = (kennung: string, name: string, land: string = DEMO_IDS.landOeffentlich, zugehoerig: string = land) => ({
    administriertVon: land,
    zugehoerigZu: zugehoerig,
    kennung,
    name,
    typ: "SCHULE",
  });
  const create = (browser: Browser, body: object) => browser.json("POST", "/api/organisationen", body);
  const read = async (id: string) => OrganisationResponse.parse(await (await landesadmin.get(`/api/organisationen/${id}`)).json());

  describe("Schulen anlegen", () => {
    it("a Landesadmin creates a public school and an Ersatzschule, the school form being a root child", async () => {
      const children = (await (await landesadmin.get("/api/organisationen/root/children")).json()) as Record<string, { id: string }>;
      const oeffentlich = await create(landesadminGold, schule("0781001", "Grundschule Wattenmeer", children.oeffentlich?.id));
      expect(oeffentlich.status).toBe(201);
      expect(OrganisationResponse.parse(await oeffentlich.json())).toMatchObject({
        typ: "SCHULE",
        kennung: "0781001",
        administriertVon: DEMO_IDS.landOeffentlich,
        zugehoerigZu: DEMO_IDS.landOeffentlich,
        itslearningEnabled: false,
        version: 1,
      });
      const ersatz = await create(landesadminGold, schule("0791001", "Freie Schule Wattenmeer", children.ersatz?.id));
      expect(ersatz.status).toBe(201);
      expect(OrganisationResponse.parse(await ersatz.json()).administriertVon).toBe(DEMO_IDS.landErsatz);
    });

    it("a school may be created directly below a Träger of its form", async () => {
      const response = await create(
        landesadminGold,
        schule("0781002", "Schule am Traeger", DEMO_IDS.landOeffentlich, DEMO_IDS.traegerStadt),
      );
      expect(response.status).toBe(201);
      expect(OrganisationResponse.parse(await response.json()).zugehoerigZu).toBe(DEMO_IDS.traegerStadt);
    });

    it("kennung and name: required, unique Dienststellennummer, no blanks around them", async () => {
      await expectDbiamKey(await create(landesadminGold, schule("", "Schule ohne Nummer")), "KENNUNG_REQUIRED_FOR_SCHULE");
      await expectDbiamKey(await create(landesadminGold, schule("0781003", "")), "NAME_REQUIRED_FOR_SCHULE");
      await expectDbiamKey(await create(landesadminGold, schule("0781001", "Doppelte Nummer")), "SCHULE_KENNUNG_EINDEUTIG");
      // The kennung is unique across every typ of organisation, Ersatzschulen included.
      await expectDbiamKey(
        await create(landesadminGold, schule("0790001", "Doppelt im Ersatzteilbaum", DEMO_IDS.landErsatz)),
        "SCHULE_KENNUNG_EINDEUTIG",
      );
      await expectDbiamKey(await create(landesadminGold, schule("0781003", " Schule mit Leerzeichen")), "NAME_ENTHAELT_LEERZEICHEN");
      await expectDbiamKey(await create(landesadminGold, schule("0781003", "Schule mit Leerzeichen ")), "NAME_ENTHAELT_LEERZEICHEN");
      await expectDbiamKey(await create(landesadminGold, schule(" 0781003", "Schule Nummer")), "KENNUNG_ENTHAELT_LEERZEICHEN");
      // The blank check comes first: a padded name is refused even with a taken kennung.
      await expectDbiamKey(await create(landesadminGold, schule("0781001", "Schule ")), "NAME_ENTHAELT_LEERZEICHEN");
    });

    it("a school hangs below a LAND and belongs to a LAND or a Träger", async () => {
      await expectDbiamKey(
        await create(landesadminGold, schule("0781004", "Schule unter Traeger", DEMO_IDS.traegerStadt)),
        "SCHULE_UNTER_TRAEGER",
      );
      await expectDbiamKey(
        await create(landesadminGold, schule("0781004", "Schule unter Root", ROOT_ORGANISATION_ID)),
        "SCHULE_UNTER_TRAEGER",
      );
      await expectDbiamKey(
        await create(landesadminGold, schule("0781004", "Schule in Schule", DEMO_IDS.schuleA)),
        "NUR_KLASSE_UNTER_SCHULE",
      );
      await errors.entityNotFound(await create(landesadminGold, schule("0781004", "Schule im Nirgendwo", stableId("nirgendwo"))));
    });

    it("only SCHULEN_VERWALTEN at ROOT creates schools; silver is not enough", async () => {
      await errors.missingPermissions(await create(schuladminGold, schule("0781005", "Schule vom Schuladmin")));
      await errors.missingPermissions(await create(traegeradminGold, schule("0781005", "Schule vom Traegeradmin")));
      await expectDbiamKey(await create(landesadmin, schule("0781005", "Schule in Silber")), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403, 403);
    });
  });

  describe("Schulen ändern (PUT)", () => {
    const update = (browser: Browser, id: string, body: object) => browser.json("PUT", `/api/organisationen/${id}`, body);

    it("keeping the Dienststellennummer is refused, as upstream: its uniqueness check includes the school itself", async () => {
      const current = await read(DEMO_IDS.schuleB);
      await expectDbiamKey(
        await update(landesadminGold, DEMO_IDS.schuleB, schule(current.kennung ?? "", "Grundschule Lindenweg Nord")),
        "SCHULE_KENNUNG_EINDEUTIG",
      );
    });

    it("a new Dienststellennummer and name are saved, the version increases and left-out optional fields are cleared", async () => {
      const created = OrganisationResponse.parse(
        await (await create(landesadminGold, { ...schule("0782001", "Schule vor dem Umbau"), kuerzel: "SvU" })).json(),
      );
      expect(created.kuerzel).toBe("SvU");
      const response = await update(landesadminGold, created.id, schule("0782002", "Schule nach dem Umbau"));
      expect(response.status).toBe(200);
      const updated = OrganisationResponse.parse(await response.json());
      expect(updated).toMatchObject({ id: created.id, kennung: "0782002", name: "Schule nach dem Umbau", version: 2 });
      expect(updated.kuerzel ?? null).toBeNull();
      expect(await read(created.id)).toMatchObject({ kennung: "0782002", version: 2 });
    });

    it("another school's Dienststellennummer is taken; a body that carries the school as read keeps its Träger and itslearning", async () => {
      const other = await read(DEMO_IDS.schuleC);
      const created = OrganisationResponse.parse(
        await (
          await create(landesadminGold, schule("0782011", "Schule beim Träger", DEMO_IDS.landOeffentlich, DEMO_IDS.traegerStadt))
        ).json(),
      );
      await expectDbiamKey(
        await update(
          landesadminGold,
          created.id,
          schule(other.kennung ?? "", "Schule beim Träger", DEMO_IDS.landOeffentlich, DEMO_IDS.traegerStadt),
        ),
        "SCHULE_KENNUNG_EINDEUTIG",
      );
      expect((await landesadminGold.json("PUT", `/api/organisationen/${created.id}/enable-for-its-learning`, {})).status).toBe(200);

      const response = await update(
        landesadminGold,
        created.id,
        schule("0782012", "Schule beim Träger, neu", DEMO_IDS.landOeffentlich, DEMO_IDS.traegerStadt),
      );
      expect(response.status).toBe(200);
      // itslearning is no field of the body: the update leaves it; the Träger stays because the body names it.
      expect(await read(created.id)).toMatchObject({
        kennung: "0782012",
        name: "Schule beim Träger, neu",
        zugehoerigZu: DEMO_IDS.traegerStadt,
        itslearningEnabled: true,
        version: 3,
      });
    });

    it("the rules of creation apply", async () => {
      await expectDbiamKey(await update(landesadminGold, DEMO_IDS.schuleB, schule("0782003", " Lindenweg")), "NAME_ENTHAELT_LEERZEICHEN");
      await expectDbiamKey(await update(landesadminGold, DEMO_IDS.schuleB, schule("", "Lindenweg")), "KENNUNG_REQUIRED_FOR_SCHULE");
      await expectDbiamKey(await update(landesadminGold, DEMO_IDS.schuleB, schule("0782003", "")), "NAME_REQUIRED_FOR_SCHULE");
      await expectDbiamKey(
        await update(landesadminGold, DEMO_IDS.schuleB, schule("0782003", "Lindenweg", DEMO_IDS.traegerVerband)),
        "SCHULE_UNTER_TRAEGER",
      );
      await expectDbiamKey(
        await update(landesadminGold, DEMO_IDS.schuleB, schule("0782003", "Lindenweg", DEMO_IDS.landOeffentlich, DEMO_IDS.schuleC)),
        "NUR_KLASSE_UNTER_SCHULE",
      );
    });

    it("a class is updated by its school's admin; as upstream, keeping its name counts as a taken name", async () => {
      const klasse = (name: string) => ({ administriertVon: DEMO_IDS.schuleA, zugehoerigZu: DEMO_IDS.schuleA, name, typ: "KLASSE" });
      const id = stableId("org:schule-a:6b");
      await expectDbiamKey(await update(schuladminGold, id, klasse("6b")), "KLASSENNAME_AN_SCHULE_EINDEUTIG");
      await expectDbiamKey(await update(schuladminGold, id, klasse("ä")), "ORGANISATION_SPECIFICATION_ERROR", 500);
      const response = await update(schuladminGold, id, klasse("6c"));
      expect(response.status).toBe(200);
      expect(OrganisationResponse.parse(await response.json())).toMatchObject({ name: "6c", typ: "KLASSE", version: 2 });
      await errors.missingPermissions(
        await update(schuladminGold, DEMO_IDS.klasse9aSchuleC, { ...klasse("9z"), administriertVon: DEMO_IDS.schuleC }),
      );
    });

    it("the root organisation cannot be changed", async () => {
      const body = {
        administriertVon: DEMO_IDS.landOeffentlich,
        zugehoerigZu: DEMO_IDS.landOeffentlich,
        name: "Neue Wurzel",
        typ: "TRAEGER",
      };
      await expectDbiamKey(await update(landesadminGold, ROOT_ORGANISATION_ID, body), "ROOT_ORGANISATION_IMMUTABLE");
      expect((await read(ROOT_ORGANISATION_ID)).name).toBe("Land Schleswig-Holstein");
    });

    it("a change that would close a cycle is refused", async () => {
      // A Träger that (against the rules, written directly) belongs to school C: C below it would be a cycle.
      const kreis = stableId("org:test-kreis-zyklus");
      await upstream.handle.db.insert(organisation).values({
        id: kreis,
        name: "Kreis im Kreis",
        typ: "TRAEGER",
        administriertVon: DEMO_IDS.landOeffentlich,
        zugehoerigZu: DEMO_IDS.schuleC,
      });
      await expectDbiamKey(
        await update(landesadminGold, DEMO_IDS.schuleC, schule("0782004", "Gymnasium Hafenkante", DEMO_IDS.landOeffentlich, kreis)),
        "ZYKLUS_IN_ORGANISATION",
      );
    });

    it("an unknown id is the plain 404, before the permission check", async () => {
      const unknown = stableId("keine-schule");
      const response = await update(schuladminGold, unknown, schule("0782005", "Nirgendwo"));
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ statusCode: 404, error: "Not Found", message: expect.stringContaining(unknown) });
    });

    it("without SCHULEN_VERWALTEN at ROOT, or in silver, nothing changes", async () => {
      await errors.missingPermissions(await update(schuladminGold, DEMO_IDS.schuleA, schule("0782006", "Meine Schule")));
      await expectDbiamKey(
        await update(landesadmin, DEMO_IDS.schuleA, schule("0782006", "Meine Schule")),
        "REQUIRED_STEP_UP_LEVEL_NOT_MET",
        403,
        403,
      );
      expect((await read(DEMO_IDS.schuleA)).name).toBe("Gemeinschaftsschule am Deich");
    });

    it("path and body are validated", async () => {
      await errors.validation(await update(landesadminGold, "keine-uuid", schule("0782007", "X")), "other", "organisationId");
      await errors.validation(await update(landesadminGold, DEMO_IDS.schuleB, { ...schule("0782007", "X"), typ: "BURG" }), "enum", "typ");
    });
  });

  describe("Schulen für itslearning freischalten", () => {
    const enable = (browser: Browser, id: string) => browser.json("PUT", `/api/organisationen/${id}/enable-for-its-learning`);

    it("activating shows the status in every answer; activating again transmits again", async () => {
      expect((await read(schuleOhneItslearning)).itslearningEnabled).toBe(false);
      const first = await enable(landesadminGold, schuleOhneItslearning);
      expect(first.status).toBe(200);
      expect(OrganisationResponse.parse(await first.json())).toMatchObject({ itslearningEnabled: true, version: 2 });
      expect((await read(schuleOhneItslearning)).itslearningEnabled).toBe(true);
      const list = OrganisationResponse.array().parse(
        await (await landesadmin.get(`/api/organisationen?typ=SCHULE&organisationIds=${schuleOhneItslearning}&limit=1`)).json(),
      );
      expect(list[0]).toMatchObject({ id: schuleOhneItslearning, itslearningEnabled: true });

      // The reference's stand-in for the transmission is the event in the log: published on every call.
      const log = vi.spyOn(console, "info").mockImplementation(() => undefined);
      try {
        const again = await enable(landesadminGold, schuleOhneItslearning);
        expect(again.status).toBe(200);
        expect(OrganisationResponse.parse(await again.json())).toMatchObject({ itslearningEnabled: true, version: 3 });
        expect(log).toHaveBeenCalledWith(
          expect.stringContaining(`SchuleItslearningEnabledEvent {"organisationId":"${schuleOhneItslearning}"`),
        );
      } finally {
        log.mockRestore();
      }
    });

    it("an Ersatzschule is accepted as well", async () => {
      const response = await enable(landesadminGold, stableId("org:ersatzschule-2"));
      expect(response.status).toBe(200);
      expect(OrganisationResponse.parse(await response.json()).itslearningEnabled).toBe(true);
    });

    it("only schools: a Träger is a 500, an unknown id a 404", async () => {
      await errors.internal(await enable(landesadminGold, DEMO_IDS.traegerStadt), "ENTITY_COULD_NOT_BE_UPDATED");
      await errors.entityNotFound(await enable(landesadminGold, stableId("keine-schule")));
      await errors.validation(await enable(landesadminGold, "123"), "other", "organisationId");
    });

    it("without SCHULEN_VERWALTEN at ROOT it looks like an unknown school; silver is refused", async () => {
      await errors.entityNotFound(await enable(schuladminGold, DEMO_IDS.schuleB));
      await expectDbiamKey(await enable(landesadmin, DEMO_IDS.schuleB), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403, 403);
      expect((await read(DEMO_IDS.schuleB)).itslearningEnabled).toBe(false);
    });
  });
});
