import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  FeatureFlagResponse,
  MeldungResponse,
  PersonInfoResponse,
  SYSTEMRECHTE,
  ServiceProviderResponse,
  SystemRechtResponse,
  TokenRequiredResponse,
  TokenStateResponse,
} from "../../upstream/contract/index.ts";
import { meldung } from "../../upstream/reference/db/schema.ts";
import { stableId } from "../../upstream/reference/lib/ids.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { API_VERSIONS, type Browser, type TestUpstream, loggedIn, startTestUpstream } from "./support.ts";

/** The tile schema of the contract, but open for the categories of either upstream version (SCHULISCH is new). */
const Tile = ServiceProviderResponse.extend({ kategorie: z.string(), rollenartenWhitelist: z.array(z.string()).optional() });

let upstream: TestUpstream;
let lehrkraft: Browser;
let schuladmin: Browser;
let schueler: Browser;

beforeAll(async () => {
  upstream = await startTestUpstream();
  [lehrkraft, schuladmin, schueler] = await Promise.all([
    loggedIn(upstream.app, "lehrkraft"),
    loggedIn(upstream.app, "schuladmin"),
    loggedIn(upstream.app, "schueler"),
  ]);
});
afterAll(() => upstream.close());

describe("Öffentliche Stammdaten", () => {
  it("the portal reads the feature flags without login; the current upstream adds two informational ones", async () => {
    const flags = upstream.config.featureFlags;
    const pinned = await (await upstream.restart({ apiVersion: "pinned" }).request("/api/config")).json();
    expect(pinned).toEqual({
      rolleBearbeitenEnabled: flags.rolleBearbeitenEnabled,
      befristungBearbeitenEnabled: flags.befristungBearbeitenEnabled,
      rolleErweiternEnabled: flags.rolleErweiternEnabled,
    });
    const current = await (await upstream.restart({ apiVersion: "current" }).request("/api/config")).json();
    // The portal's contract reads both: the pinned flags always, the new ones where they exist.
    expect(FeatureFlagResponse.parse(pinned)).toEqual(pinned);
    expect(FeatureFlagResponse.parse(current)).toEqual(current);
    expect(current).toEqual({ ...pinned, setUemPasswordEnabled: true, schulischeAngeboteErstellen: true });
  });

  it("the status link redirects to the configured status page, which the reference serves itself", async () => {
    const response = await upstream.app.request("/api/status");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/api/status/seite");
    const page = await upstream.app.request("/api/status/seite");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<h1>Systemstatus</h1>");
    const custom = upstream.restart({ statusRedirectUrl: "https://status.example.org/" });
    expect((await custom.request("/api/status")).headers.get("Location")).toBe("https://status.example.org/");
  });

  it("lists the system rights in order with the technical flag: 18 pinned, 20 current", async () => {
    const rightsOf = async (version: "current" | "pinned") =>
      SystemRechtResponse.array().parse(await (await upstream.restart({ apiVersion: version }).request("/api/rolle/systemrechte")).json());
    const pinned = await rightsOf("pinned");
    expect(pinned).toHaveLength(18);
    expect(pinned.map((r) => r.name)).toEqual(SYSTEMRECHTE.slice(0, 18));
    expect(pinned.filter((r) => r.isTechnical).map((r) => r.name)).toEqual(["CRON_DURCHFUEHREN", "PERSONEN_LESEN"]);
    const current = await rightsOf("current");
    expect(current).toHaveLength(20);
    expect(current.map((r) => r.name)).toEqual([
      ...SYSTEMRECHTE.slice(0, 18),
      "ANGEBOTE_EINGESCHRAENKT_VERWALTEN",
      "SCHULISCHE_VIDIS_ANGEBOTE_ABRUFEN",
    ]);
    expect(current.filter((r) => r.isTechnical).map((r) => r.name)).toEqual(["CRON_DURCHFUEHREN", "PERSONEN_LESEN"]);
  });

  it("unknown API paths answer 404", async () => {
    expect((await upstream.app.request("/api/gibt-es-nicht")).status).toBe(404);
  });
});

describe("Profil (person-info)", () => {
  it("a teacher reads her own person record with kontexte", async () => {
    const response = await lehrkraft.get("/api/person-info");
    expect(response.status).toBe(200);
    const info = PersonInfoResponse.parse(await response.json());
    expect(info.pid).toBe(DEMO_IDS.personLehrkraft);
    expect(info.person).toMatchObject({
      username: "lehrkraft",
      name: { vorname: "Lara", familiennamen: "Lehmann" },
      personalnummer: "4711002",
      dienststellen: ["0710001"],
    });
    expect(info.personenkontexte).toMatchObject([
      { organisation: { id: DEMO_IDS.schuleA, typ: "SCHULE" }, rollenart: "LEHR", rollenname: "Lehrkraft" },
    ]);
  });

  it("requires a login", async () => {
    expect((await upstream.app.request("/api/person-info")).status).toBe(401);
  });
});

describe("Kacheln der Startseite", () => {
  it("a teacher sees the teacher set plus the extra offer of her school's Rollenerweiterung", async () => {
    const tiles = Tile.array().parse(await (await lehrkraft.get("/api/provider")).json());
    const names = tiles.map((t) => t.name);
    expect(names).toContain("E-Mail");
    expect(names).toContain("Mediathek Nord");
    expect(names).not.toContain("Schulportal-Administration");
    expect(new Set(tiles.map((t) => t.id)).size).toBe(tiles.length);
  });

  it("without the rolleErweitern flag the Rollenerweiterung adds no tile", async () => {
    const app = upstream.restart({ featureFlags: { ...upstream.config.featureFlags, rolleErweiternEnabled: false } });
    const browser = await loggedIn(app, "lehrkraft");
    const tiles = Tile.array().parse(await (await browser.get("/api/provider")).json());
    expect(tiles.map((t) => t.name)).not.toContain("Mediathek Nord");
  });

  it("a pupil only sees itslearning", async () => {
    const tiles = Tile.array().parse(await (await schueler.get("/api/provider")).json());
    expect(tiles.map((t) => t.name)).toEqual(["itslearning"]);
  });

  it("a school admin gets the administration tile without url", async () => {
    const tiles = Tile.array().parse(await (await schuladmin.get("/api/provider")).json());
    const admin = tiles.find((t) => t.id === DEMO_IDS.providerAdministration);
    expect(admin).toMatchObject({ target: "SCHULPORTAL_ADMINISTRATION", kategorie: "VERWALTUNG", requires2fa: true, hasLogo: true });
    expect(admin?.url ?? null).toBeNull();
  });

  it.each(API_VERSIONS)("renders the offers as the upstream version (%s) does: categories, whitelist, empty url", async (version) => {
    const app = upstream.restart({ apiVersion: version });
    const tilesOf = async (username: string) =>
      (await (await loggedIn(app, username)).get("/api/provider")).json() as Promise<Array<Record<string, unknown>>>;
    const mediathek = (await tilesOf("lehrkraft")).find((t) => t.name === "Mediathek Nord");
    const admin = (await tilesOf("schuladmin")).find((t) => t.id === DEMO_IDS.providerAdministration);
    if (version === "current") {
      expect(mediathek).toMatchObject({ kategorie: "SCHULISCH", rollenartenWhitelist: [] });
      expect(admin).not.toHaveProperty("url");
    } else {
      expect(mediathek).toMatchObject({ kategorie: "ANGEBOTE" });
      expect(mediathek).not.toHaveProperty("rollenartenWhitelist");
      expect(admin).toHaveProperty("url", null);
    }
  });

  it("logos are served as images; a provider without logo answers 404", async () => {
    const logo = await lehrkraft.get(`/api/provider/${DEMO_IDS.providerEmail}/logo`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get("Content-Type")).toBe("image/svg+xml");
    const text = await logo.text();
    expect(text).toContain("<svg");
    expect(Number(logo.headers.get("Content-Length"))).toBe(Buffer.byteLength(text));
    expect((await lehrkraft.get(`/api/provider/${DEMO_IDS.providerOhneLogo}/logo`)).status).toBe(404);
    expect((await lehrkraft.get(`/api/provider/${stableId("nix")}/logo`)).status).toBe(404);
    expect((await lehrkraft.get("/api/provider/kaputt/logo")).status).toBe(400);
    expect((await upstream.app.request(`/api/provider/${DEMO_IDS.providerEmail}/logo`)).status).toBe(401);
  });
});

describe("Hinweis auf der Startseite (meldung/current)", () => {
  it("shows the published notice", async () => {
    const response = await lehrkraft.get("/api/portal/meldung/current");
    const notice = MeldungResponse.parse(await response.json());
    expect(notice).toMatchObject({ id: DEMO_IDS.meldung, status: "VEROEFFENTLICHT", revision: 1 });
  });

  it("answers an empty 200 body when nothing is published", async () => {
    await upstream.handle.db.update(meldung).set({ status: "NICHT_VEROEFFENTLICHT" }).where(eq(meldung.id, DEMO_IDS.meldung));
    const response = await lehrkraft.get("/api/portal/meldung/current");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
    await upstream.handle.db.update(meldung).set({ status: "VEROEFFENTLICHT" }).where(eq(meldung.id, DEMO_IDS.meldung));
  });

  it("is not public", async () => {
    expect((await upstream.app.request("/api/portal/meldung/current")).status).toBe(401);
  });
});

describe("Zwei-Faktor-Status", () => {
  it("a person reads her own token state without any right", async () => {
    const own = TokenStateResponse.parse(await (await lehrkraft.get(`/api/2fa-token/state?personId=${DEMO_IDS.personLehrkraft}`)).json());
    expect(own).toEqual({ hasToken: true, tokenKind: "software", serial: "TOTP-LEHRKRAFT" });
    const pupil = await (await schueler.get(`/api/2fa-token/state?personId=${DEMO_IDS.personSchueler}`)).json();
    expect(pupil).toEqual({ hasToken: false, tokenKind: "", serial: "" });
  });

  it("tells whether the person's tiles demand a second factor", async () => {
    expect(
      TokenRequiredResponse.parse(await (await lehrkraft.get(`/api/2fa-token/required?personId=${DEMO_IDS.personLehrkraft}`)).json())
        .required,
    ).toBe(true);
    expect(
      TokenRequiredResponse.parse(await (await schueler.get(`/api/2fa-token/required?personId=${DEMO_IDS.personSchueler}`)).json())
        .required,
    ).toBe(false);
  });

  it("a school admin may read the state of a pupil of his school", async () => {
    const response = await schuladmin.get(`/api/2fa-token/state?personId=${DEMO_IDS.personSchueler}`);
    expect(response.status).toBe(200);
    const required = await schuladmin.get(`/api/2fa-token/required?personId=${DEMO_IDS.personSchueler}`);
    expect(await required.json()).toEqual({ required: false });
  });

  it.each(API_VERSIONS)(
    "foreign persons outside one's scope, unknown and missing ids answer 403 ENTITY_NOT_FOUND (%s)",
    async (version) => {
      const teacher = await loggedIn(upstream.restart({ apiVersion: version }), "lehrkraft");
      for (const [path, id] of [
        [`/api/2fa-token/state?personId=${DEMO_IDS.personSchuladmin}`, DEMO_IDS.personSchuladmin],
        [`/api/2fa-token/required?personId=${DEMO_IDS.personOhnetoken}`, DEMO_IDS.personOhnetoken],
        ["/api/2fa-token/state?personId=kaputt", "kaputt"],
        ["/api/2fa-token/state?personId=%00", "\u0000"],
        ["/api/2fa-token/state", ""],
      ]) {
        const response = await teacher.get(path);
        expect(response.status).toBe(403);
        // The body is the serialised internal error; the current upstream's compiler target keeps its message.
        expect(await response.json()).toEqual(
          version === "pinned"
            ? { code: "ENTITY_NOT_FOUND" }
            : { message: `requested Person with the following ID ${id} was not found`, code: "ENTITY_NOT_FOUND" },
        );
      }
      const outside = await schuladmin.get(`/api/2fa-token/state?personId=${DEMO_IDS.personOhnetoken}`);
      expect(outside.status).toBe(403);
    },
  );

  it("requires a login", async () => {
    expect((await upstream.app.request(`/api/2fa-token/state?personId=${DEMO_IDS.personLehrkraft}`)).status).toBe(401);
  });
});
