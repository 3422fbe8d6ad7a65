import { describe, expect, it } from "vitest";
import { hasFilter, sortValue } from "~/features/personen/personen-list-params";
import { parsePersonenListParams, parseText } from "~/features/personen/personen-list-params.server";

const parse = (query: string) => parsePersonenListParams(new URLSearchParams(query));
const A = "8f276c53-d355-4cd2-a564-db8c900d70cc";
const B = "0b6c4f0e-5b0a-4e4b-9c0e-1a2b3c4d5e6f";

describe("Zustand der Personenliste in der Adresse", () => {
  it("ohne Parameter: Seite 1, 30 Einträge, nach Nachname aufsteigend, keine Filter", () => {
    expect(parse("")).toEqual({
      seite: 1,
      anzahl: 30,
      suche: undefined,
      sortField: "familienname",
      sortOrder: "asc",
      organisationen: [],
      rollen: [],
      klassen: [],
      organisationSuche: undefined,
      rolleSuche: undefined,
      klasseSuche: undefined,
      auswahl: [],
    });
    expect(hasFilter(parse(""))).toBe(false);
  });

  it("liest alle Filter, mehrfache Werte, Sortierung und Seitengröße", () => {
    const params = parse(
      `organisation=${A}&organisation=${B}&rolle=${B}&klasse=${A}&suche=+Voss+&sortierung=-personalnummer&seite=3&anzahl=300&auswahl=${A}`,
    );
    expect(params).toMatchObject({
      organisationen: [A, B],
      rollen: [B],
      klassen: [A],
      suche: "Voss",
      sortField: "personalnummer",
      sortOrder: "desc",
      seite: 3,
      anzahl: 300,
      auswahl: [A],
    });
    expect(hasFilter(params)).toBe(true);
  });

  it.each([
    ["sortierung=quatsch", { sortField: "familienname", sortOrder: "asc" }],
    ["sortierung=-", { sortField: "familienname", sortOrder: "asc" }],
    ["sortierung=username", { sortField: "username", sortOrder: "asc" }],
    ["seite=-3", { seite: 1 }],
    ["seite=0", { seite: 1 }],
    ["seite=2.5", { seite: 1 }],
    ["seite=1e20", { seite: 100_000 }],
    ["seite=abc", { seite: 1 }],
    ["anzahl=7", { anzahl: 30 }],
    ["anzahl=5", { anzahl: 5 }],
    ["anzahl=-5", { anzahl: 30 }],
  ])("ein unsinniger oder ungewöhnlicher Wert fällt auf einen sinnvollen zurück: %s", (query, expected) => {
    expect(parse(query)).toMatchObject(expected);
  });

  it("nimmt als Filter nur UUIDs, jede einmal, in Kleinbuchstaben", () => {
    expect(parse(`organisation=kein-uuid&organisation=${A.toUpperCase()}&organisation=${A}&rolle=1&klasse=%00`)).toMatchObject({
      organisationen: [A],
      rollen: [],
      klassen: [],
    });
  });

  it("begrenzt die Zahl der Filterwerte und der Auswahl", () => {
    const many = Array.from({ length: 400 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    const params = parse([...many.map((id) => `rolle=${id}`), ...many.map((id) => `auswahl=${id}`)].join("&"));
    expect(params.rollen).toHaveLength(50);
    expect(params.auswahl).toHaveLength(300);
  });

  it("Suchtexte ohne Steuerzeichen, getrimmt, höchstens 100 Zeichen; leer heißt keiner", () => {
    expect(parseText("  Sö%\u0000ren_sen \n")).toBe("Sö%ren_sen");
    expect(parseText("   ")).toBeUndefined();
    expect(parseText(null)).toBeUndefined();
    expect(parseText("x".repeat(500))).toHaveLength(100);
    expect(parse("rolleSuche=LiV&organisationSuche=%00&klasseSuche=7b")).toMatchObject({
      rolleSuche: "LiV",
      organisationSuche: undefined,
      klasseSuche: "7b",
    });
  });

  it("schreibt die Sortierung zurück, wie sie gelesen wird", () => {
    for (const field of ["familienname", "vorname", "username", "personalnummer"] as const) {
      for (const order of ["asc", "desc"] as const) {
        expect(parse(`sortierung=${encodeURIComponent(sortValue(field, order))}`)).toMatchObject({ sortField: field, sortOrder: order });
      }
    }
  });
});
