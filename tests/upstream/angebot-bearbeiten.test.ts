import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  rolle,
  rollenerweiterung,
  rolleServiceProvider,
  serviceProvider,
  serviceProviderMerkmal,
} from "../../upstream/reference/db/schema.ts";
import { newId, stableId } from "../../upstream/reference/lib/ids.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { type Browser, type TestUpstream, errorBodies, expectDbiamKey, loggedIn, startTestUpstream } from "./support.ts";

/** PATCH /api/provider/{angebotId} of the current upstream (CHANGES-SINCE-PIN §4, issue 34): the rules in the real order. */
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
const patch = (browser: Browser, id: string, body: Record<string, unknown>) => browser.json("PATCH", `/api/provider/${id}`, body);
const ERWEITERBAR = ["NACHTRAEGLICH_ZUWEISBAR", "VERFUEGBAR_FUER_ROLLENERWEITERUNG"];

/** A fresh offer straight in the database. */
async function freshAngebot(
  owner: string = DEMO_IDS.root,
  extra: Partial<typeof serviceProvider.$inferInsert> = {},
  merkmale: string[] = ERWEITERBAR,
) {
  const id = newId();
  const { db } = upstream.handle;
  await db.insert(serviceProvider).values({
    id,
    name: `Angebot ${id.slice(0, 8)}`,
    target: "URL",
    url: "https://alt.example/",
    kategorie: "UNTERRICHT",
    providedOnSchulstrukturknoten: owner,
    requires2fa: true,
    ...extra,
  });
  if (merkmale.length) await db.insert(serviceProviderMerkmal).values(merkmale.map((merkmal) => ({ serviceProviderId: id, merkmal })));
  return id;
}

async function ok(response: Response) {
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** A role of that rollenart granting the offer, and a Rollenerweiterung of the offer with another role of that rollenart. */
async function nutzen(angebotId: string, rollenart: string) {
  const { db } = upstream.handle;
  const [gewaehrt, erweitert] = [newId(), newId()];
  await db.insert(rolle).values([
    { id: gewaehrt, name: `Mit ${angebotId.slice(0, 8)} ${rollenart}`, administeredBySchulstrukturknoten: DEMO_IDS.root, rollenart },
    { id: erweitert, name: `Erweitert ${angebotId.slice(0, 8)} ${rollenart}`, administeredBySchulstrukturknoten: DEMO_IDS.root, rollenart },
  ]);
  await db.insert(rolleServiceProvider).values({ rolleId: gewaehrt, serviceProviderId: angebotId });
  await db
    .insert(rollenerweiterung)
    .values({ id: newId(), organisationId: DEMO_IDS.schuleA, rolleId: erweitert, serviceProviderId: angebotId });
  return { gewaehrt, erweitert };
}

const erweiterungenVon = async (angebotId: string) =>
  (await upstream.handle.db.select().from(rollenerweiterung).where(eq(rollenerweiterung.serviceProviderId, angebotId))).map(
    (row) => row.rolleId,
  );

describe("Angebot bearbeiten (PATCH /api/provider/{id}, nur aktuell)", () => {
  it("ändert nur, was gesandt wird: 200 ServiceProviderResponse; requires2fa bleibt", async () => {
    const id = await freshAngebot();
    const angebot = await ok(
      await patch(landesadmin, id, { name: "Umbenannt", url: "https://neu.example/", kategorie: "SCHULISCH", requires2fa: false }),
    );
    expect(angebot).toMatchObject({
      id,
      name: "Umbenannt",
      url: "https://neu.example/",
      kategorie: "SCHULISCH",
      requires2fa: true,
      hasLogo: false,
    });
    expect(angebot).toMatchObject({ merkmale: expect.arrayContaining(ERWEITERBAR), rollenartenWhitelist: [] });
    expect(await ok(await patch(landesadmin, id, {}))).toEqual(angebot);
  });

  it("logoId setzen und mit null entfernen; bei hochgeladenem Logo: 400 INVALID_LOGO_COMBINATION", async () => {
    const id = await freshAngebot();
    expect(await ok(await patch(landesadmin, id, { logoId: 12 }))).toMatchObject({ logoId: 12 });
    const detail = (await (await landesadmin.get(`/api/provider/manageable/${id}`)).json()) as Record<string, unknown>;
    expect(detail).toMatchObject({ logoId: 12 });
    expect(await ok(await patch(landesadmin, id, { logoId: null }))).not.toHaveProperty("logoId");

    await expectDbiamKey(await patch(landesadmin, DEMO_IDS.providerMediathek, { logoId: 4 }), "INVALID_LOGO_COMBINATION");
    expect(await ok(await patch(landesadmin, DEMO_IDS.providerMediathek, { logoId: null }))).toMatchObject({ hasLogo: true });
  });

  it("unbekannt: 404 ENTITY_NOT_FOUND; keine UUID oder falscher Körper: Validierung; ohne Recht: 404 MISSING_PERMISSIONS", async () => {
    await current.entityNotFound(await patch(landesadmin, stableId("gibt-es-nicht"), { name: "x" }));
    await current.validation(await patch(landesadmin, "keine-uuid", {}));
    await expectDbiamKey(await patch(landesadmin, DEMO_IDS.providerMediathek, { kategorie: "ANGEBOTE" }), "INVALID_ENUM");
    await expectDbiamKey(await patch(landesadmin, DEMO_IDS.providerMediathek, { name: "y".repeat(51) }), "INVALID_LENGTH");
    const lehrkraft = await loggedIn(upstream.app, "lehrkraft", "gold");
    await current.missingPermissions(await patch(lehrkraft, await freshAngebot(), { name: "Fremd" }));
    await current.missingPermissions(await patch(vidisadmin, await freshAngebot(DEMO_IDS.schuleA), { name: "Fremd" }));
  });

  it("von VIDIS: 400 VIDIS_SERVICE_PROVIDER_IMMUTABLE, noch vor dem Logo und den Rechten", async () => {
    await expectDbiamKey(await patch(landesadmin, DEMO_IDS.providerVidis, { name: "Anders" }), "VIDIS_SERVICE_PROVIDER_IMMUTABLE");
    const lehrkraft = await loggedIn(upstream.app, "lehrkraft", "gold");
    await expectDbiamKey(await patch(lehrkraft, DEMO_IDS.providerVidis, { logoId: 2 }), "VIDIS_SERVICE_PROVIDER_IMMUTABLE");
  });

  it("mit ANGEBOTE_EINGESCHRAENKT_VERWALTEN: Name, Link und Logo ja; Kategorie, Merkmale und Rollenarten bleiben ohne Fehler", async () => {
    const id = await freshAngebot(DEMO_IDS.schuleVidis, { kategorie: "ANGEBOTE" });
    const angebot = await ok(
      await patch(vidisadmin, id, {
        name: "Schulgarten digital",
        url: "https://garten.example/",
        logoId: 5,
        kategorie: "EMAIL",
        merkmale: [],
        rollenartenWhitelist: ["LEHR"],
      }),
    );
    expect(angebot).toMatchObject({ name: "Schulgarten digital", url: "https://garten.example/", logoId: 5, kategorie: "SCHULISCH" });
    expect(angebot).toMatchObject({ merkmale: expect.arrayContaining(ERWEITERBAR), rollenartenWhitelist: [] });
  });

  it("ein Name nur einmal je Organisation: 400 DUPLICATE_NAME; der eigene in anderer Schreibung geht", async () => {
    const id = await freshAngebot(DEMO_IDS.schuleA, { name: "Lesewerkstatt" });
    await expectDbiamKey(await patch(landesadmin, id, { name: "schulbibliothek AM DEICH" }), "DUPLICATE_NAME");
    expect(await ok(await patch(landesadmin, id, { name: "LESEWERKSTATT" }))).toMatchObject({ name: "LESEWERKSTATT" });
  });

  it("Rollenarten einengen, während Rollen einer ausgeschlossenen Rollenart es vergeben: 409 ATTACHED_ROLLEN, nichts geändert", async () => {
    const id = await freshAngebot();
    await nutzen(id, "LERN");
    await expectDbiamKey(
      await patch(landesadmin, id, { name: "Nicht gespeichert", rollenartenWhitelist: ["LEHR"] }),
      "ATTACHED_ROLLEN",
      409,
      409,
    );
    const [row] = await upstream.handle.db.select().from(serviceProvider).where(eq(serviceProvider.id, id));
    expect(row).toMatchObject({ rollenartenWhitelist: [], name: expect.stringMatching(/^Angebot /) });
  });

  it("Rollenarten einengen ohne solche Rollen: gespeichert; Rollenerweiterungen ausgeschlossener Rollen fallen weg", async () => {
    const id = await freshAngebot();
    const lehr = await nutzen(id, "LEHR");
    const { db } = upstream.handle;
    const extern = newId();
    await db
      .insert(rolle)
      .values({ id: extern, name: `Extern ${id.slice(0, 8)}`, administeredBySchulstrukturknoten: DEMO_IDS.root, rollenart: "EXTERN" });
    await db.insert(rollenerweiterung).values({ id: newId(), organisationId: DEMO_IDS.schuleB, rolleId: extern, serviceProviderId: id });
    expect(await ok(await patch(landesadmin, id, { rollenartenWhitelist: ["LEHR", "LEIT"] }))).toMatchObject({
      rollenartenWhitelist: ["LEHR", "LEIT"],
    });
    expect(await erweiterungenVon(id)).toEqual([lehr.erweitert]);
    // Shown in the lists, but not a filter: the role form still offers the offer to every rollenart, as upstream.
    const liste = (await (await landesadmin.get("/api/provider/manageable")).json()) as { items: Array<Record<string, unknown>> };
    expect(liste.items.find((item) => item.id === id)).toMatchObject({ rollenartenWhitelist: ["LEHR", "LEIT"] });
    const wahl = (await (
      await landesadmin.get(`/api/provider/assignable-for-rolle?schulstrukturknotenOfRolle=${DEMO_IDS.root}`)
    ).json()) as Array<Record<string, unknown>>;
    expect(wahl.find((item) => item.id === id)).toMatchObject({ rollenartenWhitelist: ["LEHR", "LEIT"] });
    const rolleLern = await landesadmin.json("POST", "/api/rolle", {
      name: `Lernrolle ${id.slice(0, 8)}`,
      administeredBySchulstrukturknoten: DEMO_IDS.root,
      rollenart: "LERN",
      merkmale: [],
      systemrechte: [],
      serviceProviderIds: [id],
    });
    expect(rolleLern.status).toBe(201);
  });

  it("ohne VERFUEGBAR_FUER_ROLLENERWEITERUNG: alle Rollenerweiterungen des Angebots fallen weg, die schulischen Merkmale auch", async () => {
    const id = await freshAngebot(DEMO_IDS.root, {}, [...ERWEITERBAR, "ANBIETEN_IN_SCHULISCHER_ANGEBOTSVERWALTUNG"]);
    await nutzen(id, "LEHR");
    const angebot = await ok(
      await patch(landesadmin, id, { merkmale: ["NACHTRAEGLICH_ZUWEISBAR", "ANBIETEN_IN_SCHULISCHER_ANGEBOTSVERWALTUNG"] }),
    );
    expect(angebot.merkmale).toEqual(["NACHTRAEGLICH_ZUWEISBAR"]);
    expect(await erweiterungenVon(id)).toEqual([]);
    const roles = await upstream.handle.db
      .select()
      .from(rolleServiceProvider)
      .where(and(eq(rolleServiceProvider.serviceProviderId, id)));
    expect(roles).toHaveLength(1);
  });

  it("braucht die zweite Stufe", async () => {
    const silver = await loggedIn(upstream.app, "landesadmin");
    await expectDbiamKey(await patch(silver, await freshAngebot(), { name: "x" }), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403, 403);
  });
});

describe("die ältere Version kennt das Bearbeiten nicht", () => {
  it("PATCH /api/provider/{id} ist dort keine Route", async () => {
    const browser = await loggedIn(upstream.restart({ apiVersion: "pinned" }), "landesadmin", "gold");
    expect((await patch(browser, DEMO_IDS.providerMediathek, { name: "x" })).status).toBe(404);
  });
});
