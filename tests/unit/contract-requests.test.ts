import { afterEach, describe, expect, it } from "vitest";
import {
  CreatedPersonResponse,
  CreateOrganisationBody,
  CreatePersonWithPersonenkontexteBody,
  LandesbediensteterSearchResponse,
  FindOrganisationQuery,
  NOT_EMPTY,
  OrganisationByNameBody,
  PinnedFindOrganisationQuery,
  upstreamSearchParams,
} from "../../upstream/contract";
import { readQuery } from "../../upstream/reference/lib/validation.ts";
import { currentUpstream, portalModulesFor, portalRequest, SCHULE_ID, startStandIn, type StandIn } from "./support/stand-in-upstream";

/**
 * Issue 6 item 5: request bodies and queries belong to the contract. The portal sends what the schemas
 * describe, and what the portal writes into a query string the reference upstream reads back unchanged.
 */
let standIn: StandIn | undefined;
afterEach(() => standIn?.close());

const KLASSE_ID = "0b9e4d1c-8f3a-4e62-b1d7-5a2c9e7f3d10";
const ANDERE_SCHULE_ID = "5d8a1f2e-3c4b-4a59-8e6d-7f1a2b3c4d5e";
const klasse = { administriertVon: SCHULE_ID, zugehoerigZu: SCHULE_ID, name: "5a", typ: "KLASSE" };

describe("Organisation anlegen (POST /api/organisationen)", () => {
  it("die Trägerschaft ist einer der sechs Schlüssel von TraegerschaftTyp, wie ihn der Upstream beschreibt", () => {
    const traeger = { ...klasse, typ: "TRAEGER" };
    expect(CreateOrganisationBody.safeParse({ ...traeger, traegerschaft: "03" }).success).toBe(true);
    for (const traegerschaft of ["07", "kommunal", "", 3]) {
      expect(CreateOrganisationBody.safeParse({ ...traeger, traegerschaft }).success, String(traegerschaft)).toBe(false);
    }
  });

  it("eine leere Organisations-Id verletzt die Nicht-leer-Regel, eine kaputte nur die Id-Regel", () => {
    const leer = CreateOrganisationBody.safeParse({ ...klasse, administriertVon: "" });
    expect(leer.success ? [] : leer.error.issues.map((issue) => issue.message)).toContain(NOT_EMPTY);
    const kaputt = CreateOrganisationBody.safeParse({ ...klasse, administriertVon: "x" });
    expect(kaputt.success ? [] : kaputt.error.issues.map((issue) => issue.message)).not.toContain(NOT_EMPTY);
  });

  it("was der Portal-Client für eine neue Klasse sendet, ist genau ein Körper des Vertrags", async () => {
    standIn = await startStandIn(currentUpstream().handler);
    const { organisationen } = await portalModulesFor(standIn.url);

    await organisationen.createKlasse(portalRequest("s1"), SCHULE_ID, "5a");

    const sent = standIn.received.find((r) => r.method === "POST" && r.path === "/api/organisationen");
    expect(CreateOrganisationBody.strict().parse(JSON.parse(sent!.body))).toEqual(klasse);
  });
});

describe("Organisation umbenennen (PATCH /api/organisationen/{id}/name)", () => {
  it("braucht Name und Version; eine Version, die JSON als unendlich liest, gilt nicht", () => {
    expect(OrganisationByNameBody.safeParse({ name: "5b", version: 2 }).success).toBe(true);
    expect(OrganisationByNameBody.safeParse({ name: "5b" }).success).toBe(false);
    expect(OrganisationByNameBody.safeParse(JSON.parse('{"name":"5b","version":1e999}')).success).toBe(false);
  });

  it("was der Portal-Client sendet, ist genau ein Körper des Vertrags", async () => {
    standIn = await startStandIn(currentUpstream().handler);
    const { organisationen } = await portalModulesFor(standIn.url);

    await organisationen.renameOrganisation(portalRequest("s1"), KLASSE_ID, { name: "5b", version: 2 });

    const sent = standIn.received.find((r) => r.method === "PATCH");
    expect(OrganisationByNameBody.strict().parse(JSON.parse(sent!.body))).toEqual({ name: "5b", version: 2 });
  });
});

describe("Abfragen schreiben (eine Funktion für jeden Aufruf)", () => {
  it("Listen gehen als wiederholte Schlüssel, nie in Klammerform", () => {
    const search = upstreamSearchParams({ systemrechte: ["KLASSEN_VERWALTEN", "SCHULEN_VERWALTEN"], administriertVon: [SCHULE_ID] });
    expect(search.getAll("systemrechte")).toEqual(["KLASSEN_VERWALTEN", "SCHULEN_VERWALTEN"]);
    expect(search.getAll("administriertVon")).toEqual([SCHULE_ID]);
    expect(decodeURIComponent(search.toString())).not.toContain("[");
  });

  it("was fehlt, null, leerer Text oder eine leere Liste ist, kommt nicht an; Zahlen und Wahrheitswerte als Text", () => {
    const search = upstreamSearchParams({ a: undefined, b: null, c: "", d: [], e: 0, f: false, g: true, h: "x y&z" });
    expect(search.toString()).toBe("e=0&f=false&g=true&h=x+y%26z");
  });

  it("die Klassenliste des Portals liest der Referenz-Upstream genau so zurück, wie sie gemeint war – in beiden Versionen", () => {
    const query: FindOrganisationQuery = {
      typ: "KLASSE",
      systemrechte: ["KLASSEN_VERWALTEN"],
      // One element: the reader must know from the schema that it is a list.
      administriertVon: [SCHULE_ID],
      organisationIds: [KLASSE_ID, ANDERE_SCHULE_ID],
      excludeTyp: ["ROOT", "SONSTIGE ORGANISATION / EINRICHTUNG"],
      searchString: "5ä & 6b",
      sortField: "name",
      sortOrder: "desc",
      offset: 40,
      limit: 20,
    };
    const url = `http://upstream.invalid/api/organisationen?${upstreamSearchParams(query)}`;
    expect(FindOrganisationQuery.parse(readQuery(url, FindOrganisationQuery, "current"))).toEqual(query);
    expect(PinnedFindOrganisationQuery.parse(readQuery(url, PinnedFindOrganisationQuery, "pinned"))).toEqual(query);
  });

  it("getChildrenRecursively kennt nur der aktuelle Upstream; der festgelegte übergeht den Parameter", () => {
    const url = `http://upstream.invalid/api/organisationen?${upstreamSearchParams({ administriertVon: [SCHULE_ID], getChildrenRecursively: true })}`;
    expect(FindOrganisationQuery.parse(readQuery(url, FindOrganisationQuery, "current"))).toEqual({
      administriertVon: [SCHULE_ID],
      getChildrenRecursively: true,
    });
    expect(PinnedFindOrganisationQuery.parse(readQuery(url, PinnedFindOrganisationQuery, "pinned"))).toEqual({
      administriertVon: [SCHULE_ID],
    });
  });

  it("die beiden Rechte, die der aktuelle Upstream dazubekam, kennt die festgelegte Version nicht", () => {
    const query = { systemrechte: ["SCHULISCHE_VIDIS_ANGEBOTE_ABRUFEN"] };
    expect(FindOrganisationQuery.safeParse(query).success).toBe(true);
    expect(PinnedFindOrganisationQuery.safeParse(query).success).toBe(false);
  });
});

describe("Person anlegen (POST /api/personenkontext-workflow) und Landesbedienstete suchen", () => {
  const LEHRKRAFT = "cd5ab79c-05b7-4073-bdfe-ed9bb01aaedf";
  const neu = {
    vorname: "Jörg",
    familienname: "Müller-Lüdenscheidt",
    createPersonenkontexte: [{ organisationId: SCHULE_ID, rolleId: LEHRKRAFT }],
  };

  it("Namen nach DIN 91379 mit mindestens zwei Zeichen; Leerzeichen am Rand prüft erst der Upstream", () => {
    expect(CreatePersonWithPersonenkontexteBody.safeParse(neu).success).toBe(true);
    expect(CreatePersonWithPersonenkontexteBody.safeParse({ ...neu, vorname: " Jörg" }).success).toBe(true);
    for (const vorname of ["J", "J0rg", "Йорг"])
      expect(CreatePersonWithPersonenkontexteBody.safeParse({ ...neu, vorname }).success, vorname).toBe(false);
    const leer = CreatePersonWithPersonenkontexteBody.safeParse({ ...neu, familienname: "" });
    expect(leer.success ? [] : leer.error.issues.map((issue) => issue.message)).toContain(NOT_EMPTY);
  });

  it("leere KoPers-Nummer und leere Befristung gelten als nicht angegeben; eine Befristung ist ein Zeitpunkt", () => {
    expect(CreatePersonWithPersonenkontexteBody.parse({ ...neu, personalnummer: "", befristung: "" })).toEqual(neu);
    expect(CreatePersonWithPersonenkontexteBody.safeParse({ ...neu, befristung: "2027-07-31" }).success).toBe(false);
    expect(CreatePersonWithPersonenkontexteBody.safeParse({ ...neu, befristung: "2027-07-31T21:59:59.000Z" }).success).toBe(true);
  });

  it("die Antwort des Anlegens braucht das Startpasswort", () => {
    const person = {
      id: "p",
      username: "jmueller",
      name: { vorname: "Jörg", familienname: "Müller" },
      revision: "1",
      lastModified: "2026-01-01T00:00:00Z",
    };
    expect(CreatedPersonResponse.safeParse({ person, dBiamPersonenkontextResponses: [] }).success).toBe(false);
    expect(
      CreatedPersonResponse.safeParse({ person: { ...person, startpasswort: "Wattwurm42!" }, dBiamPersonenkontextResponses: [] }).success,
    ).toBe(true);
  });

  it("die Suchantwort ist eine Liste; eine Klasse ohne Dienststellennummer fehlt (aktuell) oder ist null (fest)", () => {
    const kontext = { rolleId: "r", rolleName: "Lehrkraft", organisationId: "o", organisationName: "7b" };
    const [pinned] = LandesbediensteterSearchResponse.parse([
      { id: "p", vorname: "A", familienname: "B", personenkontexte: [{ ...kontext, organisationDstNr: null }] },
    ]);
    const [current] = LandesbediensteterSearchResponse.parse([{ id: "p", vorname: "A", familienname: "B", personenkontexte: [kontext] }]);
    expect(pinned.personenkontexte[0].organisationDstNr).toBeNull();
    expect(current.personenkontexte[0].organisationDstNr).toBeUndefined();
    expect(LandesbediensteterSearchResponse.safeParse({ items: [] }).success).toBe(false);
  });
});
