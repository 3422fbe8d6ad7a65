import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organisation, rollenerweiterung, rolleServiceProvider, serviceProvider } from "../../upstream/reference/db/schema.ts";
import type { VidisSource } from "../../upstream/reference/env.ts";
import { newId, stableId } from "../../upstream/reference/lib/ids.ts";
import { DEMO_IDS } from "../../upstream/reference/seed/ids.ts";
import { DEMO_VIDIS_ANGEBOTE, VIDIS_SCHULE_KENNUNG, VIDIS_VOKABELTRAINER, type VidisAngebot } from "../../upstream/reference/seed/vidis.ts";
import { type Browser, type TestUpstream, errorBodies, expectDbiamKey, loggedIn, startTestUpstream } from "./support.ts";

/** PUT /api/vidis/{organisationId}/angebote-sync of the current upstream (CHANGES-SINCE-PIN §4, issue 34) on the fake VIDIS. */
let upstream: TestUpstream;
let vidisadmin: Browser;
beforeAll(async () => {
  upstream = await startTestUpstream({ apiVersion: "current" });
  vidisadmin = await loggedIn(upstream.app, "vidisadmin", "gold");
});
afterAll(() => upstream.close());

const current = errorBodies("current");
const sync = (browser: Browser, organisationId: string = DEMO_IDS.schuleVidis) =>
  browser.json("PUT", `/api/vidis/${organisationId}/angebote-sync`);

/** The app on the same database with another VIDIS content for the VIDIS school; the browser logs in there anew. */
async function withVidis(angebote: readonly VidisAngebot[], failing = false) {
  const vidis: VidisSource = { failing, activatedBySchool: { [VIDIS_SCHULE_KENNUNG]: angebote } };
  return loggedIn(upstream.restart({ vidis }), "vidisadmin", "gold");
}

const vidisAngeboteDerSchule = async () =>
  (await upstream.handle.db.select().from(serviceProvider).where(eq(serviceProvider.providedOnSchulstrukturknoten, DEMO_IDS.schuleVidis)))
    .filter((row) => row.vidisAngebotId !== null)
    .sort((a, b) => a.name.localeCompare(b.name, "de"));

describe("Demodaten der VIDIS-Schule", () => {
  it("die Schule hat die Kennung der Demo-VIDIS, ein Angebot ist schon übernommen, eine leere Schule lässt sich löschen", async () => {
    const [schule] = await upstream.handle.db.select().from(organisation).where(eq(organisation.id, DEMO_IDS.schuleVidis));
    expect(schule?.kennung).toBe(VIDIS_SCHULE_KENNUNG);
    expect(DEMO_VIDIS_ANGEBOTE[VIDIS_SCHULE_KENNUNG]).toHaveLength(2);
    expect((await vidisAngeboteDerSchule()).map((row) => [row.id, row.vidisAngebotId])).toEqual([
      [DEMO_IDS.providerVidis, String(VIDIS_VOKABELTRAINER.offerId)],
    ]);
    const landesadmin = await loggedIn(upstream.app, "landesadmin", "gold");
    await expectDbiamKey(await landesadmin.json("DELETE", `/api/provider/${DEMO_IDS.providerVidis}`), "VIDIS_SERVICE_PROVIDER_IMMUTABLE");
    await expectDbiamKey(await landesadmin.json("DELETE", `/api/organisationen/${DEMO_IDS.schuleVidis}`), "ORGANISATION_HAT_ROLLEN");
    expect((await landesadmin.json("DELETE", `/api/organisationen/${DEMO_IDS.schuleLoeschbar}`)).status).toBe(204);
  });
});

describe("VIDIS-Angebote einer Schule abrufen (nur aktuell)", () => {
  it("legt fehlende an (schulisch, URL, die vier Merkmale, ohne 2FA, mit Logo): 200 ohne Körper; ein zweiter Abruf ändert nichts", async () => {
    const response = await sync(vidisadmin);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
    const angebote = await vidisAngeboteDerSchule();
    expect(angebote.map((row) => [row.name, row.vidisAngebotId])).toEqual([
      ["Vokabeltrainer Möwe", "80421"],
      ["Wattenmeer-Atlas", "80422"],
    ]);
    const atlas = angebote[1]!;
    expect(atlas).toMatchObject({
      target: "URL",
      url: "https://wattatlas.vidis.example/",
      requires2fa: false,
      logoMimeType: "image/svg+xml",
    });
    const detail = (await (await vidisadmin.get(`/api/provider/manageable/${atlas.id}`)).json()) as Record<string, unknown>;
    expect(detail).toMatchObject({ kategorie: "SCHULISCH", vidisAngebotId: "80422", rollenartenWhitelist: [] });
    expect(new Set(detail.merkmale as string[])).toEqual(
      new Set([
        "VERFUEGBAR_FUER_ROLLENERWEITERUNG",
        "NACHTRAEGLICH_ZUWEISBAR",
        "ANBIETEN_IN_SCHULISCHER_ANGEBOTSVERWALTUNG",
        "ANBIETEN_IN_SCHULISCHER_ROLLENVERWALTUNG",
      ]),
    );
    expect((await sync(vidisadmin)).status).toBe(200);
    expect((await vidisAngeboteDerSchule()).map((row) => row.id)).toEqual(angebote.map((row) => row.id));
  });

  it("übernimmt neue Namen, Links und Logos; ein Name, den die Schule schon hat, hält nur dieses Angebot auf", async () => {
    const png = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.from("bild")]);
    const browser = await withVidis([
      {
        ...VIDIS_VOKABELTRAINER,
        offerTitle: "Vokabeltrainer Möwe 2",
        offerLink: "https://neu.vidis.example/",
        offerLogo: png.toString("base64"),
      },
      ...(DEMO_VIDIS_ANGEBOTE[VIDIS_SCHULE_KENNUNG] ?? []).slice(1),
      { offerId: 80423, offerTitle: "Schulbibliothek Kranichwiese", offerLink: "https://x.example/" },
    ]);
    await upstream.handle.db.insert(serviceProvider).values({
      id: newId(),
      name: "SCHULBIBLIOTHEK KRANICHWIESE",
      target: "URL",
      kategorie: "ANGEBOTE",
      providedOnSchulstrukturknoten: DEMO_IDS.schuleVidis,
    });
    expect((await sync(browser)).status).toBe(200);
    const [vokabeln] = await upstream.handle.db.select().from(serviceProvider).where(eq(serviceProvider.id, DEMO_IDS.providerVidis));
    expect(vokabeln).toMatchObject({ name: "Vokabeltrainer Möwe 2", url: "https://neu.vidis.example/", logoMimeType: "image/png" });
    expect(vokabeln?.logo?.equals(png)).toBe(true);
    expect((await vidisAngeboteDerSchule()).map((row) => row.vidisAngebotId)).not.toContain("80423");
  });

  it("löscht nicht mehr freigeschaltete Angebote samt ihren Rollenerweiterungen an der Schule; was Rollen vergeben, bleibt", async () => {
    const { db } = upstream.handle;
    const [vorher] = await vidisAngeboteDerSchule().then((rows) => rows.filter((row) => row.vidisAngebotId === "80422"));
    await db.insert(rollenerweiterung).values({
      id: newId(),
      organisationId: DEMO_IDS.schuleVidis,
      rolleId: DEMO_IDS.rolleSchulangebote,
      serviceProviderId: DEMO_IDS.providerVidis,
    });
    await db.insert(rolleServiceProvider).values({ rolleId: DEMO_IDS.rolleSchulangebote, serviceProviderId: vorher!.id });
    expect((await sync(await withVidis([]))).status).toBe(200);
    expect((await vidisAngeboteDerSchule()).map((row) => row.id)).toEqual([vorher!.id]);
    expect(await db.select().from(rollenerweiterung).where(eq(rollenerweiterung.serviceProviderId, DEMO_IDS.providerVidis))).toEqual([]);
  });

  it("was es als VIDIS-Angebot außerhalb der Schulen schon gibt (etwa vom Land), legt der Abruf nicht an der Schule an", async () => {
    await upstream.handle.db.insert(serviceProvider).values({
      id: newId(),
      name: "Landesweites VIDIS-Angebot",
      target: "URL",
      kategorie: "UNTERRICHT",
      providedOnSchulstrukturknoten: DEMO_IDS.landOeffentlich,
      vidisAngebotId: "90001",
    });
    const browser = await withVidis([{ offerId: 90001, offerTitle: "Landesweites VIDIS-Angebot", offerLink: "https://land.example/" }]);
    expect((await sync(browser)).status).toBe(200);
    expect((await vidisAngeboteDerSchule()).map((row) => row.vidisAngebotId)).not.toContain("90001");
  });

  it("ohne SCHULISCHE_VIDIS_ANGEBOTE_ABRUFEN, auch an unbekannter Organisation: 404 MISSING_PERMISSIONS; keine UUID: Validierung", async () => {
    const landesadmin = await loggedIn(upstream.app, "landesadmin", "gold");
    await current.missingPermissions(await sync(landesadmin));
    await current.missingPermissions(await sync(vidisadmin, DEMO_IDS.schuleA));
    await current.missingPermissions(await sync(vidisadmin, stableId("org:gibt-es-nicht")));
    await current.validation(await sync(vidisadmin, "keine-uuid"));
  });

  it("eine Organisation ohne Kennung (hier eine Klasse der Schule): 400 MISSING_ATTRIBUTE", async () => {
    const klasse = newId();
    await upstream.handle.db.insert(organisation).values({
      id: klasse,
      name: "5k",
      typ: "KLASSE",
      administriertVon: DEMO_IDS.schuleVidis,
      zugehoerigZu: DEMO_IDS.schuleVidis,
    });
    await expectDbiamKey(await sync(vidisadmin, klasse), "MISSING_ATTRIBUTE");
  });

  it("VIDIS gestört (Einstellung oder Schalter der Sitzung): 500 VIDIS_API_ERROR, nichts geändert", async () => {
    const vorher = await vidisAngeboteDerSchule();
    await expectDbiamKey(await sync(await withVidis([], true)), "VIDIS_API_ERROR", 500, 500);
    expect((await vidisAngeboteDerSchule()).length).toBe(vorher.length);

    const browser = await loggedIn(upstream.app, "vidisadmin", "gold");
    expect((await browser.json("PUT", "/api/reference/vidis", { state: "failing" })).status).toBe(204);
    await expectDbiamKey(await sync(browser), "VIDIS_API_ERROR", 500, 500);
    expect((await sync(vidisadmin)).status).toBe(200);
    expect((await browser.json("PUT", "/api/reference/vidis", { state: "ok" })).status).toBe(204);
    expect((await sync(browser)).status).toBe(200);
  });

  it("braucht die zweite Stufe", async () => {
    const silver = await loggedIn(upstream.app, "vidisadmin");
    await expectDbiamKey(await sync(silver), "REQUIRED_STEP_UP_LEVEL_NOT_MET", 403, 403);
  });
});

describe("die ältere Version kennt den Abruf nicht", () => {
  it("PUT /api/vidis/{id}/angebote-sync ist dort keine Route", async () => {
    const browser = await loggedIn(upstream.restart({ apiVersion: "pinned" }), "vidisadmin", "gold");
    expect((await sync(browser)).status).toBe(404);
  });
});
