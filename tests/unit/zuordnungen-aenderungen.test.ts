import { describe, expect, it } from "vitest";
import {
  applyAenderungen,
  brokenRule,
  diffKontexte,
  kopersOf,
  parseAenderungen,
  serializeAenderungen,
  type Aenderung,
} from "~/features/zuordnungen/aenderungen";
import { zuordnungsAnsicht, type Zuordnung } from "~/features/zuordnungen/ansicht";

const SCHULE = "11111111-1111-4111-8111-111111111111";
const ANDERE_SCHULE = "22222222-2222-4222-8222-222222222222";
const KLASSE_5A = "33333333-3333-4333-8333-333333333333";
const KLASSE_5B = "44444444-4444-4444-8444-444444444444";
const LERN = "55555555-5555-4555-8555-555555555555";
const LEHR = "66666666-6666-4666-8666-666666666666";
const BIS_JULI = "2027-07-31T22:00:00.000Z";

const zuordnung = (overrides: Partial<Zuordnung>): Zuordnung => ({
  organisationId: SCHULE,
  rolleId: LERN,
  befristung: null,
  klasseVon: null,
  organisation: "0815 (Testschule)",
  rolle: "Schüler",
  rollenArt: "LERN",
  merkmale: [],
  editable: true,
  ...overrides,
});

const schueler = [zuordnung({}), zuordnung({ organisationId: KLASSE_5A, klasseVon: SCHULE, organisation: "5a" })];

describe("vorgemerkte Änderungen an Schulzuordnungen", () => {
  it("das Entfernen einer Schulzuordnung nimmt die Klassen derselben Rolle an dieser Schule mit", () => {
    const result = applyAenderungen(schueler, [{ art: "weg", organisationId: SCHULE, rolleId: LERN }]);
    expect(result).toEqual([]);
  });

  it("eine Versetzung ersetzt die Klasse und behält die Befristung", () => {
    const befristet = schueler.map((kontext) => ({ ...kontext, befristung: BIS_JULI }));
    const result = applyAenderungen(befristet, [
      { art: "klasse", schuleId: SCHULE, rolleId: LERN, von: KLASSE_5A, nach: KLASSE_5B, nachName: "5b" },
    ]);
    expect(result.map((kontext) => [kontext.organisationId, kontext.befristung])).toEqual([
      [SCHULE, BIS_JULI],
      [KLASSE_5B, BIS_JULI],
    ]);
  });

  it("eine neue Befristung gilt für die Schule und die Klassen derselben Rolle, nicht für andere Zuordnungen", () => {
    const current = [...schueler, zuordnung({ organisationId: ANDERE_SCHULE, rolleId: LERN })];
    const result = applyAenderungen(current, [{ art: "frist", organisationId: SCHULE, rolleId: LERN, befristung: BIS_JULI }]);
    expect(result.map((kontext) => kontext.befristung)).toEqual([BIS_JULI, BIS_JULI, null]);
  });

  it("eine Hinzufügung mit Klasse ergibt zwei Zuordnungen mit derselben Befristung, doppelt Vorgemerktes nur einmal", () => {
    const hinzu: Aenderung = {
      art: "hinzu",
      schuleId: ANDERE_SCHULE,
      rolleId: LERN,
      klasseId: KLASSE_5B,
      befristung: BIS_JULI,
      kopers: null,
      schule: "Andere Schule",
      rolle: "Schüler",
      klasse: "5b",
    };
    const result = applyAenderungen([], [hinzu, hinzu]);
    expect(result).toEqual([
      { organisationId: ANDERE_SCHULE, rolleId: LERN, befristung: BIS_JULI, klasseVon: null },
      { organisationId: KLASSE_5B, rolleId: LERN, befristung: BIS_JULI, klasseVon: ANDERE_SCHULE },
    ]);
  });

  it("eine Änderung, deren Ziel nach einem Konflikt fehlt, ändert nichts", () => {
    const result = applyAenderungen(schueler, [
      { art: "klasse", schuleId: SCHULE, rolleId: LERN, von: KLASSE_5B, nach: KLASSE_5A, nachName: "5a" },
    ]);
    expect(result).toEqual(schueler);
  });

  it("der Unterschied vergleicht wie der Upstream Organisation, Rolle und Befristung", () => {
    const desired = applyAenderungen(schueler, [{ art: "frist", organisationId: SCHULE, rolleId: LERN, befristung: BIS_JULI }]);
    const { added, removed } = diffKontexte(schueler, desired);
    expect(added).toHaveLength(2);
    expect(removed).toHaveLength(2);
  });

  it("das versteckte Feld liest nur, was die Seite geschrieben hat", () => {
    const aenderungen: Aenderung[] = [{ art: "weg", organisationId: SCHULE, rolleId: LERN }];
    expect(parseAenderungen(serializeAenderungen(aenderungen))).toEqual(aenderungen);
    expect(parseAenderungen("")).toEqual([]);
    expect(parseAenderungen("{kaputt")).toBeNull();
    expect(parseAenderungen(JSON.stringify([{ art: "weg", organisationId: "x", rolleId: LERN }]))).toBeNull();
    expect(parseAenderungen(JSON.stringify(Array.from({ length: 51 }, () => aenderungen[0])))).toBeNull();
  });

  it("die KoPers-Nummer kommt aus der letzten Hinzufügung, die eine trägt", () => {
    const hinzu = (kopers: string | null): Aenderung => ({
      art: "hinzu",
      schuleId: SCHULE,
      rolleId: LEHR,
      klasseId: null,
      befristung: null,
      kopers,
      schule: "Schule",
      rolle: "Lehrkraft",
      klasse: null,
    });
    expect(kopersOf([hinzu("123"), hinzu(null)])).toBe("123");
    expect(kopersOf([{ art: "weg", organisationId: SCHULE, rolleId: LERN }])).toBeNull();
  });
});

describe("Ansicht der Schulzuordnungen mit vorgemerkten Änderungen", () => {
  it("eine Versetzung zeigt die alte Klasse als entfernt und die neue als hinzugefügt an derselben Zeile", () => {
    const { lines, changed } = zuordnungsAnsicht(schueler, [
      { art: "klasse", schuleId: SCHULE, rolleId: LERN, von: KLASSE_5A, nach: KLASSE_5B, nachName: "5b" },
    ]);
    expect(changed).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0].klassen).toEqual([
      { id: KLASSE_5A, name: "5a", status: "weg" },
      { id: KLASSE_5B, name: "5b", status: "hinzu" },
    ]);
  });

  it("eine geänderte Befristung zeigt die alte Zeile als entfernt und die neue als hinzugefügt", () => {
    const { lines } = zuordnungsAnsicht(schueler, [{ art: "frist", organisationId: SCHULE, rolleId: LERN, befristung: BIS_JULI }]);
    expect(lines.map((line) => [line.status, line.bis])).toEqual([
      ["weg", null],
      ["hinzu", "31.07.2027"],
    ]);
    expect(lines.every((line) => !line.waehlbar)).toBe(true);
  });

  it("wer die letzte Zuordnung entfernt, bekommt die Ansicht „leer“ für die Warnung", () => {
    expect(zuordnungsAnsicht(schueler, [{ art: "weg", organisationId: SCHULE, rolleId: LERN }]).empty).toBe(true);
    expect(zuordnungsAnsicht(schueler, []).empty).toBe(false);
  });

  it("nicht bearbeitbare Zuordnungen sind nicht auswählbar", () => {
    const { lines } = zuordnungsAnsicht([zuordnung({ editable: false })], []);
    expect(lines[0].waehlbar).toBe(false);
  });
});

describe("die Regeln des Portals gelten beim Speichern noch einmal", () => {
  const heute = "2026-11-23";
  it("eigene Zuordnungen werden weder entfernt noch in ihrer Befristung geändert", () => {
    expect(brokenRule([{ art: "weg", organisationId: SCHULE, rolleId: LERN }], { eigenePerson: true, today: heute })).toBe("notOwn");
    expect(
      brokenRule([{ art: "frist", organisationId: SCHULE, rolleId: LERN, befristung: BIS_JULI }], { eigenePerson: true, today: heute }),
    ).toBe("notOwn");
    expect(brokenRule([{ art: "weg", organisationId: SCHULE, rolleId: LERN }], { eigenePerson: false, today: heute })).toBeNull();
  });

  it("eine Befristung bis heute oder früher wird abgelehnt, ab morgen angenommen", () => {
    const bis = (iso: string): Aenderung => ({ art: "frist", organisationId: SCHULE, rolleId: LERN, befristung: iso });
    // "bis 23.11.2026" endet am 24.11.2026 00:00 deutscher Zeit
    expect(brokenRule([bis("2026-11-23T23:00:00.000Z")], { eigenePerson: false, today: heute })).toBe("befristungPast");
    expect(brokenRule([bis("2020-01-01T22:59:59Z")], { eigenePerson: false, today: heute })).toBe("befristungPast");
    expect(brokenRule([bis("2026-11-24T23:00:00.000Z")], { eigenePerson: false, today: heute })).toBeNull();
  });
});

describe("Reihenfolge der Ansicht", () => {
  it("sortiert wie die Personenseite nach Organisation, dann Rolle", () => {
    const { lines } = zuordnungsAnsicht(
      [
        zuordnung({ organisationId: ANDERE_SCHULE, organisation: "0815 (B-Schule)", rolle: "Lehrkraft", rolleId: LEHR, rollenArt: "LEHR" }),
        zuordnung({ organisation: "0710 (A-Schule)", rolle: "Lehrkraft", rolleId: LEHR, rollenArt: "LEHR" }),
      ],
      [],
    );
    expect(lines.map((line) => line.organisation)).toEqual(["0710 (A-Schule)", "0815 (B-Schule)"]);
  });
});
