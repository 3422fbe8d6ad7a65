import { z } from "zod";
import { describe, expect, it } from "vitest";
import { systemrechteOf } from "~/permissions";
import { fristenOf } from "~/features/fristen/fristen.server";
import { providersByKategorie } from "~/.server/upstream/self.server";
import {
  MeldungResponse,
  OrganisationResponse,
  PersonInfoResponse,
  ServiceProviderResponse,
  TokenRequiredResponse,
  TokenStateResponse,
  UserinfoResponse,
} from "../../upstream/contract";
import { loginInfo, meldung, organisation, personInfo, providers, twoFactor } from "./fixtures/upstream-answers";

/**
 * Item 3 of issue 5 §5: the contract reads what either upstream version sends – absent and null alike,
 * values it does not know dropped item by item or given a neutral place – and never fails a page for it.
 */
const providerList = z.array(ServiceProviderResponse);

describe("Anmeldeinformationen (GET /api/auth/logininfo)", () => {
  it("liest die Antwort beider Versionen gleich, ob leere Spalten null sind oder fehlen", () => {
    const pinned = UserinfoResponse.parse(loginInfo.pinned);
    const current = UserinfoResponse.parse(loginInfo.current);

    expect(pinned.personenkontexte[0].organisation.kennung).toBe("0701234");
    expect(pinned.personenkontexte[0].organisation.namensergaenzung).toBeNull();
    expect(current.personenkontexte[0].organisation.namensergaenzung).toBeUndefined();
    expect(pinned.personenkontexte[1].organisation.typ).toBe("KLASSE");
    expect(current.personenkontexte[1].organisation.typ).toBe("KLASSE");
    expect(pinned.password_updated_at).toBe("2025-09-01T08:00:00.000Z");
    expect(current.password_updated_at).toBeUndefined();
  });

  it("nimmt die neuen Systemrechte als Rechte an, ohne dass bekannte verloren gehen", () => {
    const rights = systemrechteOf(UserinfoResponse.parse(loginInfo.current).personenkontexte);
    expect([...rights].sort()).toEqual(["ANGEBOTE_EINGESCHRAENKT_VERWALTEN", "KLASSEN_VERWALTEN", "SCHULISCHE_VIDIS_ANGEBOTE_ABRUFEN"]);
  });

  it("unbekannte Werte einer späteren Version kosten die Anmeldung nicht: Typ neutral, unbrauchbare Einträge einzeln weg", () => {
    const later = UserinfoResponse.parse(loginInfo.later);

    expect(later.acr).toBe("none");
    expect(later.personenkontexte).toHaveLength(2);
    expect(later.personenkontexte[0].organisation).toMatchObject({ typ: null, name: "" });
    expect(later.personenkontexte[0].rolle).toEqual({ systemrechte: ["KITAS_VERWALTEN"], serviceProviderIds: [] });
    expect(later.timeLimits).toEqual([{ occasion: "KOPERS", deadline: "2026-10-15T00:00:00.000Z" }]);
  });
});

describe("Organisationen (suchen, lesen, anlegen, umbenennen)", () => {
  it("beide Versionen ergeben dieselbe Klasse", () => {
    const pinned = OrganisationResponse.parse(organisation.pinned.klasse);
    const current = OrganisationResponse.parse(organisation.current.klasse);
    const created = OrganisationResponse.parse(organisation.createdPinned);

    for (const klasse of [pinned, current, created]) {
      expect(klasse).toMatchObject({ administriertVon: "7f0c2a44-1a6e-4c59-9a27-2f7f1e0a9b01", typ: "KLASSE" });
      expect(klasse.kennung ?? null).toBeNull();
    }
    expect(
      z
        .array(OrganisationResponse)
        .parse([organisation.pinned.schule, organisation.current.schule])
        .map((s) => s.name),
    ).toEqual(["Gymnasium am See", "Gymnasium am See"]);
  });

  it("eine Organisation ohne Name und Typ (im aktuellen Modell erlaubt) oder mit neuem Typ ist lesbar", () => {
    expect(OrganisationResponse.parse(organisation.currentWithoutNameAndTyp)).toMatchObject({ name: "", typ: null });
    expect(OrganisationResponse.parse(organisation.laterTyp)).toMatchObject({ name: "Gymnasium am See", typ: null });
  });
});

describe("Personendaten (GET /api/person-info)", () => {
  it("liest die SchulConneX-Antwort beider Versionen, auch die neuen Rollenarten", () => {
    const pinned = PersonInfoResponse.parse(personInfo.pinned);
    const current = PersonInfoResponse.parse(personInfo.current);

    expect(pinned.person.name).toEqual({ familiennamen: "Adler", vorname: "Anna" });
    expect(pinned.email).toBeNull();
    expect(current.personenkontexte[0].rollenart).toBe("SORGBER");
    expect(current.person.personalnummer).toBeUndefined();
    expect(current.email?.address).toBe("anna.adler@schule.example");
  });
});

describe("Angebote der Startseite (GET /api/provider)", () => {
  it("liest beide Versionen; requires2fa fehlt im festgelegten Modell manchmal und heißt dann: kein zweiter Faktor", () => {
    const pinned = providerList.parse(providers.pinned);
    const current = providerList.parse(providers.current);

    expect(pinned.map((p) => p.kategorie)).toEqual(["EMAIL", "VERWALTUNG", "ANGEBOTE"]);
    expect(pinned[2].requires2fa).toBe(false);
    expect(current[1]).toMatchObject({
      kategorie: "SCHULISCH",
      merkmale: [
        "VERFUEGBAR_FUER_ROLLENERWEITERUNG",
        "ANBIETEN_IN_SCHULISCHER_ANGEBOTSVERWALTUNG",
        "ANBIETEN_IN_SCHULISCHER_ROLLENVERWALTUNG",
      ],
    });
  });

  it("eine unbekannte Kategorie landet unter einer neutralen Überschrift, ein unbekanntes Ziel bleibt eine Kachel ohne Link", () => {
    const later = providerList.parse(providers.later);

    expect(later[0]).toMatchObject({ kategorie: null, merkmale: ["NACHTRAEGLICH_ZUWEISBAR"] });
    expect(later[1].target).toBeNull();
    expect(later[1].url ?? null).toBeNull();
    const groups = providersByKategorie([...providerList.parse(providers.current), ...providerList.parse(providers.pinned), ...later]);
    expect(groups.map((g) => [g.kategorie, g.providers.map((p) => p.id)])).toEqual([
      ["EMAIL", ["sp-1", "sp-1", "sp-9"]],
      ["VERWALTUNG", ["sp-2"]],
      ["SCHULISCH", ["sp-7"]],
      ["ANGEBOTE", ["sp-3"]],
      ["SONSTIGE", ["sp-8"]],
    ]);
  });
});

describe("Zwei-Faktor-Status, Hinweis", () => {
  it("ein fehlender oder unbekannter Token-Typ heißt: keiner der beiden bekannten", () => {
    expect(TokenStateResponse.parse(twoFactor.statePinned)).toEqual({ hasToken: false, tokenKind: null, serial: "" });
    expect(TokenStateResponse.parse(twoFactor.stateCurrent)).toEqual({ hasToken: true, tokenKind: "software" });
    expect(TokenStateResponse.parse(twoFactor.stateLater).tokenKind).toBeNull();
    expect(TokenRequiredResponse.parse(twoFactor.required).required).toBe(true);
  });

  it("der Hinweis ist in beiden Versionen lesbar, ein unbekannter Status wird neutral", () => {
    expect(MeldungResponse.parse(meldung.pinned).status).toBe("VEROEFFENTLICHT");
    const current = MeldungResponse.parse(meldung.current);
    expect(current.status).toBe("VEROEFFENTLICHT");
    expect(current.createdAt ?? null).toBeNull();
    expect(MeldungResponse.parse(meldung.later).status).toBeNull();
  });
});

describe("die Fristen-Hinweise", () => {
  it("zeigen bekannte Anlässe und lassen unbekannte oder unlesbare aus, ohne dass die Seite scheitert", () => {
    // As a later upstream might send them, past the contract's own filter.
    const timeLimits = [
      { occasion: "KOPERS", deadline: "2030-10-15T00:00:00.000Z" },
      { occasion: "EMAIL_EXPIRES", deadline: "2030-10-01T00:00:00.000Z" },
      { occasion: "NO_KONTEXTE", deadline: "bald" },
    ] as unknown as UserinfoResponse["timeLimits"];
    const fristen = fristenOf("p-1", timeLimits, [], Date.parse("2030-01-01T00:00:00Z"));
    expect(fristen).toMatchObject([{ anlass: "KOPERS", datum: "15.10.2030", dringlichkeit: "hinweis" }]);
    expect(UserinfoResponse.parse({ ...loginInfo.current, timeLimits }).timeLimits.map((limit) => limit.occasion)).toEqual(["KOPERS"]);
  });
});
