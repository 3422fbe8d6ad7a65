import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stableId } from "../../upstream/reference/lib/ids.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { type Browser, type TestUpstream, errorBodies, expectDbiamKey, loggedIn, startTestUpstream } from "./support.ts";

/** POST /api/provider of the current upstream (CHANGES-SINCE-PIN §4, issue 34): the rules in the real order. */
let upstream: TestUpstream;
let landesadmin: Browser;
let vidisadmin: Browser;
beforeAll(async () => {
  upstream = await startTestUpstream({ apiVersion: "current" });
  [landesadmin, vidisadmin] = await Promise.all([
    loggedIn(upstream.app, "landesadmin", "gold"),
    loggedIn(upstream.app, "vidisadmin", "gold"),
  ]);
});
afterAll(() => upstream.close());

const current = errorBodies("current");
let counter = 0;
/** A full body with a name of its own. */
const body = (extra: Record<string, unknown> = {}) => ({
  organisationId: DEMO_IDS.root,
  name: `Neues Angebot ${++counter}`,
  url: "https://neu.example/",
  kategorie: "UNTERRICHT",
  requires2fa: true,
  merkmale: ["NACHTRAEGLICH_ZUWEISBAR"],
  ...extra,
});
const create = (browser: Browser, payload: Record<string, unknown>) => browser.json("POST", "/api/provider", payload);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');

async function created(response: Response) {
  expect(response.status).toBe(201);
  return (await response.json()) as Record<string, unknown> & { id: string };
}

describe("Angebot anlegen (POST /api/provider, nur aktuell)", () => {
  it("mit ANGEBOTE_VERWALTEN: 201 mit allen Feldern, ohne Logo", async () => {
    const sent = body({
      merkmale: ["NACHTRAEGLICH_ZUWEISBAR", "VERFUEGBAR_FUER_ROLLENERWEITERUNG"],
      rollenartenWhitelist: ["LEHR", "LERN"],
    });
    const angebot = await created(await create(landesadmin, sent));
    expect(angebot).toEqual({
      id: expect.any(String),
      name: sent.name,
      target: "URL",
      url: "https://neu.example/",
      kategorie: "UNTERRICHT",
      hasLogo: false,
      requires2fa: true,
      merkmale: expect.arrayContaining(["NACHTRAEGLICH_ZUWEISBAR", "VERFUEGBAR_FUER_ROLLENERWEITERUNG"]),
      rollenartenWhitelist: ["LEHR", "LERN"],
    });
    const detail = (await (await landesadmin.get(`/api/provider/manageable/${angebot.id}`)).json()) as Record<string, unknown>;
    expect(detail).toMatchObject({ name: sent.name, administrationsebene: { id: DEMO_IDS.root }, rollenartenWhitelist: ["LEHR", "LERN"] });
  });

  it("ein Standard-Logo (logoId) oder ein hochgeladenes (Base64 mit Typ); ein leerer Link ist erlaubt", async () => {
    const standard = await created(await create(landesadmin, body({ logoId: 7, url: "" })));
    expect(standard).toMatchObject({ logoId: 7, hasLogo: false, url: "" });
    const hochgeladen = await created(
      await create(landesadmin, body({ logoBase64: SVG.toString("base64"), logoMimeType: "image/svg+xml" })),
    );
    expect(hochgeladen).toMatchObject({ hasLogo: true });
    expect(hochgeladen).not.toHaveProperty("logoId");
    const logo = await landesadmin.get(`/api/provider/${hochgeladen.id}/logo`);
    expect(logo.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(Buffer.from(await logo.arrayBuffer()).equals(SVG)).toBe(true);
    // `null` counts as not sent (`@IsOptional`).
    expect((await create(landesadmin, body({ logoId: null, logoBase64: null, logoMimeType: null }))).status).toBe(201);
  });

  it("Logo-Angaben, die nicht zusammenpassen: 400 INVALID_LOGO_COMBINATION, noch vor den Rechten", async () => {
    const base64 = SVG.toString("base64");
    for (const logo of [
      { logoId: 3, logoBase64: base64, logoMimeType: "image/svg+xml" },
      { logoId: 3, logoMimeType: "image/png" },
      { logoBase64: base64 },
      { logoMimeType: "image/png" },
      { logoBase64: "", logoMimeType: "image/png" },
    ]) {
      await expectDbiamKey(await create(landesadmin, body(logo)), "INVALID_LOGO_COMBINATION");
    }
    const lehrkraft = await loggedIn(upstream.app, "lehrkraft", "gold");
    await expectDbiamKey(await create(lehrkraft, body({ logoId: 3, logoMimeType: "image/png" })), "INVALID_LOGO_COMBINATION");
  });

  it("die beiden schulischen Merkmale gelten nur mit VERFUEGBAR_FUER_ROLLENERWEITERUNG", async () => {
    const ohne = await created(
      await create(landesadmin, body({ merkmale: ["ANBIETEN_IN_SCHULISCHER_ANGEBOTSVERWALTUNG", "NACHTRAEGLICH_ZUWEISBAR"] })),
    );
    expect(ohne.merkmale).toEqual(["NACHTRAEGLICH_ZUWEISBAR"]);
    const mit = await created(
      await create(landesadmin, body({ merkmale: ["ANBIETEN_IN_SCHULISCHER_ROLLENVERWALTUNG", "VERFUEGBAR_FUER_ROLLENERWEITERUNG"] })),
    );
    expect(new Set(mit.merkmale as string[])).toEqual(
      new Set(["ANBIETEN_IN_SCHULISCHER_ROLLENVERWALTUNG", "VERFUEGBAR_FUER_ROLLENERWEITERUNG"]),
    );
  });

  it("mit ANGEBOTE_EINGESCHRAENKT_VERWALTEN: Kategorie, 2FA, Merkmale und Rollenarten werden ohne Fehler ersetzt", async () => {
    const sent = body({
      organisationId: DEMO_IDS.schuleVidis,
      kategorie: "EMAIL",
      requires2fa: true,
      merkmale: [],
      rollenartenWhitelist: ["LEHR"],
    });
    const angebot = await created(await create(vidisadmin, sent));
    expect(angebot).toMatchObject({ name: sent.name, kategorie: "SCHULISCH", requires2fa: false, rollenartenWhitelist: [] });
    expect(new Set(angebot.merkmale as string[])).toEqual(
      new Set([
        "VERFUEGBAR_FUER_ROLLENERWEITERUNG",
        "NACHTRAEGLICH_ZUWEISBAR",
        "ANBIETEN_IN_SCHULISCHER_ANGEBOTSVERWALTUNG",
        "ANBIETEN_IN_SCHULISCHER_ROLLENVERWALTUNG",
      ]),
    );
    // The school offers are stored as the pinned ANGEBOTE, so the category filter finds them as SCHULISCH.
    const liste = (await (await landesadmin.get("/api/provider/manageable?kategorien=SCHULISCH")).json()) as {
      items: Array<{ id: string }>;
    };
    expect(liste.items.map((item) => item.id)).toContain(angebot.id);
  });

  it("ANGEBOTE_VERWALTEN gilt an der Organisation und darunter; ohne Recht, auch an unbekannter Organisation: 404 MISSING_PERMISSIONS", async () => {
    const angebotsadmin = await loggedIn(upstream.app, "angebotsadmin", "gold");
    await created(await create(angebotsadmin, body({ organisationId: DEMO_IDS.schuleA })));
    await created(await create(angebotsadmin, body({ organisationId: DEMO_IDS.klasseMitSchueler })));
    await current.missingPermissions(await create(angebotsadmin, body({ organisationId: DEMO_IDS.schuleB })));
    await current.missingPermissions(await create(vidisadmin, body({ organisationId: DEMO_IDS.schuleA })));
    await current.missingPermissions(await create(landesadmin, body({ organisationId: stableId("org:gibt-es-nicht") })));
    const lehrkraft = await loggedIn(upstream.app, "lehrkraft", "gold");
    // rights before the name: a name already there does not show
    await current.missingPermissions(await create(lehrkraft, body({ organisationId: DEMO_IDS.schuleA, name: "Schulbibliothek am Deich" })));
  });

  it("ein Name nur einmal je Organisation, ohne Rücksicht auf Groß- und Kleinschreibung: 400 DUPLICATE_NAME", async () => {
    await expectDbiamKey(
      await create(landesadmin, body({ organisationId: DEMO_IDS.schuleA, name: "SCHULBIBLIOTHEK AM DEICH" })),
      "DUPLICATE_NAME",
    );
    await created(await create(landesadmin, body({ organisationId: DEMO_IDS.schuleB, name: "Schulbibliothek am Deich" })));
    await expectDbiamKey(await create(landesadmin, body({ name: "e-mail" })), "DUPLICATE_NAME");
    await created(await create(landesadmin, body({ name: "Möwenblick" })));
    await expectDbiamKey(await create(landesadmin, body({ name: "MÖWENBLICK" })), "DUPLICATE_NAME");
    // The upstream compares upper(name) in the database with the name's toUpperCase(): ß (SS) never matches.
    await created(await create(landesadmin, body({ name: "Straßenatlas" })));
    await created(await create(landesadmin, body({ name: "Straßenatlas" })));
  });

  it("Prüfung des Körpers: Länge INVALID_LENGTH, Zeichen VALIDATION_ERROR, Aufzählungen INVALID_ENUM; ein leerer Name geht", async () => {
    await expectDbiamKey(await create(landesadmin, body({ name: "x".repeat(51) })), "INVALID_LENGTH");
    await expectDbiamKey(await create(landesadmin, body({ url: `https://${"x".repeat(2000)}` })), "INVALID_LENGTH");
    await expectDbiamKey(await create(landesadmin, body({ name: "Angebot/Test" })), "VALIDATION_ERROR");
    await expectDbiamKey(await create(landesadmin, body({ kategorie: "ANGEBOTE" })), "INVALID_ENUM");
    await expectDbiamKey(await create(landesadmin, body({ merkmale: ["GIBT_ES_NICHT"] })), "INVALID_ENUM");
    await expectDbiamKey(await create(landesadmin, body({ rollenartenWhitelist: ["LEHRER"] })), "INVALID_ENUM");
    // the logo type is `@IsIn`, not an enum
    await expectDbiamKey(await create(landesadmin, body({ logoMimeType: "image/gif", logoBase64: "R0lG" })), "VALIDATION_ERROR");
    await expectDbiamKey(await create(landesadmin, body({ logoId: 0 })), "VALIDATION_ERROR");
    await expectDbiamKey(await create(landesadmin, body({ organisationId: "" })), "VALIDATION_ERROR");
    await expectDbiamKey(await create(landesadmin, body({ requires2fa: "ja" })), "VALIDATION_ERROR");
    expect((await create(landesadmin, body({ name: `Ä${"x".repeat(49)}` }))).status).toBe(201);
    expect((await create(landesadmin, body({ name: "" }))).status).toBe(201);
  });

  it("braucht Anmeldung, CSRF-Token und die zweite Stufe; der Schalter schulischeAngeboteErstellen zählt nicht", async () => {
    await current.unauthorized(await upstream.app.request("/api/provider", { method: "POST" }));
    const ohneToken = await landesadmin.request("/api/provider", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body()),
    });
    expect(ohneToken.status).toBe(400);
    await expectDbiamKey(await create(await loggedIn(upstream.app, "landesadmin"), body()), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403, 403);
    const ohneSchalter = upstream.restart({ featureFlags: { ...upstream.config.featureFlags, schulischeAngeboteErstellen: false } });
    const browser = await loggedIn(ohneSchalter, "vidisadmin", "gold");
    await created(await create(browser, body({ organisationId: DEMO_IDS.schuleVidis })));
  });
});

describe("die ältere Version kennt das Anlegen nicht", () => {
  it("POST /api/provider ist dort keine Route", async () => {
    const browser = await loggedIn(upstream.restart({ apiVersion: "pinned" }), "landesadmin", "gold");
    expect((await create(browser, body())).status).toBe(404);
  });
});
