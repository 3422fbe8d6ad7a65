import { describe, expect, it } from "vitest";
import {
  angebotDetails,
  angebotRows,
  erweiterungRows,
  isAlreadyExtended,
  isErweiterbar,
  isErweitert,
  kategorieLabel,
  rolleOptions,
} from "~/features/angebote/angebote.server";
import { chosenSchule } from "~/features/angebote/angebot-erweiterung.server";
import { isListNotAuthorized } from "~/.server/upstream/angebote.server";
import type { ManageableServiceProviderResponse, RolleWithServiceProvidersResponse } from "../../upstream/contract";

const SCHULE = "00000000-0000-4000-8000-0000000000a1";
const ANDERE_SCHULE = "00000000-0000-4000-8000-0000000000a2";
const LAND = "00000000-0000-4000-8000-0000000000b1";
const ANGEBOT = "00000000-0000-4000-8000-0000000000c1";

function angebot(fields: Partial<ManageableServiceProviderResponse> = {}): ManageableServiceProviderResponse {
  return {
    id: ANGEBOT,
    name: "Mediathek",
    administrationsebene: { id: LAND, name: "Land", kennung: null },
    kategorie: "SCHULISCH",
    requires2fa: false,
    merkmale: [],
    url: "https://mediathek.example/",
    hasRollenerweiterung: null,
    hasRollenerweiterungen: null,
    rollen: [],
    rollenartenWhitelist: [],
    hasSomeVerwaltenPermission: null,
    availableForRollenerweiterung: null,
    relevantSystemrechte: [],
    vidisAngebotId: null,
    ...fields,
  };
}

function rolle(id: string, name: string, owner: string, rollenart: string, serviceProviders: string[] = []) {
  return {
    id,
    name,
    administeredBySchulstrukturknoten: owner,
    rollenart,
    serviceProviders: serviceProviders.map((sp) => ({ id: sp, name: sp })),
  } as unknown as RolleWithServiceProvidersResponse;
}

describe("Angebotsliste und -details", () => {
  it("liest den Merker „schulspezifisch erweitert“ in beiden Upstream-Versionen", () => {
    expect(isErweitert(angebot({ hasRollenerweiterung: true }))).toBe(true);
    expect(isErweitert(angebot({ hasRollenerweiterungen: true }))).toBe(true);
    expect(isErweitert(angebot({ hasRollenerweiterungen: false, hasRollenerweiterung: true }))).toBe(false);
    expect(isErweitert(angebot())).toBe(false);
  });

  it("„Rollenerweiterung möglich“ kommt aus availableForRollenerweiterung, sonst aus dem Merkmal, nie aus „erweitert“", () => {
    expect(isErweiterbar(angebot({ merkmale: ["VERFUEGBAR_FUER_ROLLENERWEITERUNG"] }))).toBe(true);
    expect(isErweiterbar(angebot({ hasRollenerweiterung: true }))).toBe(false);
    expect(isErweiterbar(angebot({ availableForRollenerweiterung: false, merkmale: ["VERFUEGBAR_FUER_ROLLENERWEITERUNG"] }))).toBe(false);
    expect(isErweiterbar(angebot({ availableForRollenerweiterung: true }))).toBe(true);
  });

  it("beschriftet Kategorien wie die Startseite, eine unbekannte neutral", () => {
    expect(kategorieLabel("SCHULISCH")).toBe("start.kategorie.SCHULISCH");
    expect(kategorieLabel("ANGEBOTE")).toBe("start.kategorie.ANGEBOTE");
    expect(kategorieLabel(null)).toBe("start.kategorie.SONSTIGE");
    expect(kategorieLabel("NEU")).toBe("start.kategorie.SONSTIGE");
  });

  it("die Zeilen nennen Ebene mit Dienststellennummer und die Rollen beim Namen", () => {
    const [row] = angebotRows([
      angebot({
        administrationsebene: { id: SCHULE, name: "Schule am Deich", kennung: "0710001" },
        rollen: [
          { id: "1", name: "Lehrkraft" },
          { id: "2", name: "LiV" },
        ],
        hasRollenerweiterung: true,
      }),
    ]);
    expect(row).toEqual({
      id: ANGEBOT,
      name: "Mediathek",
      kategorie: "start.kategorie.SCHULISCH",
      ebene: "0710001 (Schule am Deich)",
      rollen: ["Lehrkraft", "LiV"],
      erweitert: true,
    });
  });

  it("ein Link wird nur aus einer Web-Adresse; ein Logo nur, wenn es eines gibt", () => {
    expect(angebotDetails(angebot({ url: "javascript:alert(1)" }), false)).toMatchObject({ url: null, logo: null });
    expect(angebotDetails(angebot({ url: null }), true)).toMatchObject({ url: null, logo: `/api/provider/${ANGEBOT}/logo` });
    expect(angebotDetails(angebot({ merkmale: ["NACHTRAEGLICH_ZUWEISBAR"] }), false)).toMatchObject({
      url: "https://mediathek.example/",
      nachtraeglichZuweisbar: true,
      erweiterbar: false,
    });
  });
});

describe("Rollenerweiterung", () => {
  const rollen = [
    rolle("r1", "Lehrkraft", LAND, "LEHR"),
    rolle("r2", "Admin", LAND, "SYSADMIN"),
    rolle("r3", "Fremde Schulrolle", ANDERE_SCHULE, "LEHR"),
    rolle("r4", "Begleitung", SCHULE, "LERN", [ANGEBOT]),
    rolle("r5", "Aushilfe", SCHULE, "LEHR"),
  ];

  it("aktuelles Upstream: seine Auswahl gilt, nur Rollen mit dem Angebot selbst fallen weg, nach Namen", () => {
    expect(rolleOptions(rollen, { vorfahren: null, angebotId: ANGEBOT }).map((option) => option.name)).toEqual([
      "Admin",
      "Aushilfe",
      "Fremde Schulrolle",
      "Lehrkraft",
    ]);
  });

  it("älteres Upstream: nur Rollen der Schule oder darüber, deren Rollenart zu einer Schule passt", () => {
    expect(rolleOptions(rollen, { vorfahren: [SCHULE, LAND], angebotId: ANGEBOT }).map((option) => option.name)).toEqual([
      "Aushilfe",
      "Lehrkraft",
    ]);
  });

  it("bestehende Erweiterungen: nur an den eigenen Schulen, Namen aus der Antwort oder den gelesenen Rollen", () => {
    const schulen = [{ id: SCHULE, name: "Schule am Deich", kennung: "0710001", typ: "SCHULE" }] as never;
    const items = [
      { id: "e1", organisationId: SCHULE, rolleId: "r1", serviceProviderId: ANGEBOT, rolleName: null },
      { id: "e2", organisationId: SCHULE, rolleId: "r9", serviceProviderId: ANGEBOT, rolleName: "Aus dem Upstream" },
      { id: "e3", organisationId: SCHULE, rolleId: "r8", serviceProviderId: ANGEBOT, rolleName: null },
      { id: "e4", organisationId: ANDERE_SCHULE, rolleId: "r1", serviceProviderId: ANGEBOT, rolleName: null },
    ] as never;
    const rows = erweiterungRows(items, schulen, new Map([["r1", "Lehrkraft"]]));
    expect(rows.map((row) => [row.schule, row.rolle])).toEqual([
      ["0710001 (Schule am Deich)", null],
      ["0710001 (Schule am Deich)", "Aus dem Upstream"],
      ["0710001 (Schule am Deich)", "Lehrkraft"],
    ]);
  });

  it("erkennt eine gleiche Erweiterung vor dem Senden, auch ohne lesbare Liste", () => {
    const items = [{ id: "e1", organisationId: SCHULE, rolleId: "r1", serviceProviderId: ANGEBOT }] as never;
    expect(isAlreadyExtended(items, SCHULE, "r1")).toBe(true);
    expect(isAlreadyExtended(items, ANDERE_SCHULE, "r1")).toBe(false);
    expect(isAlreadyExtended(null, SCHULE, "r1")).toBe(false);
  });

  it("die Schule des Formulars: die gefragte, wenn erlaubt, sonst die einzige", () => {
    const a = { id: SCHULE, name: "A" } as never;
    const b = { id: ANDERE_SCHULE, name: "B" } as never;
    expect(chosenSchule([a, b], ANDERE_SCHULE)).toBe(b);
    expect(chosenSchule([a, b], null)).toBeNull();
    expect(chosenSchule([a], ANDERE_SCHULE)).toBe(a);
    expect(chosenSchule([], SCHULE)).toBeNull();
  });

  it("unterscheidet die Ablehnung der Erweiterungsliste im älteren Upstream von einer beendeten Sitzung", () => {
    expect(isListNotAuthorized({ status: 401, text: '{"statusCode":401,"message":"NOT_AUTHORIZED","error":"Unauthorized"}' })).toBe(true);
    expect(isListNotAuthorized({ status: 401, text: '{"statusCode":401,"message":"Unauthorized"}' })).toBe(false);
    expect(isListNotAuthorized({ status: 401, text: '{"i18nKey":"UNAUTHORIZED","code":401}' })).toBe(false);
    expect(isListNotAuthorized({ status: 200, text: '{"message":"NOT_AUTHORIZED"}' })).toBe(false);
  });
});
