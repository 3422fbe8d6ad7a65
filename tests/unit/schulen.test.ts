import { describe, expect, it } from "vitest";
import { CreateSchuleSchema } from "~/features/schulen/schule-forms";
import { SchulenListParams, schulenQuery, schulenRows, schulformOf, schultraegerIds } from "~/features/schulen/schulen.server";

const parse = (query: string) => SchulenListParams.parse(Object.fromEntries(new URLSearchParams(query)));

const OEFFENTLICH = "00000000-0000-4000-8000-000000000001";
const ERSATZ = "00000000-0000-4000-8000-000000000002";
const TRAEGER = "00000000-0000-4000-8000-000000000003";
const forms = {
  oeffentlich: { id: OEFFENTLICH, name: "Öffentliche Schulen", typ: "LAND" as const },
  ersatz: { id: ERSATZ, name: "Ersatzschulen", typ: "LAND" as const },
};
const schule = (id: string, fields: { administriertVon?: string; zugehoerigZu?: string; itslearningEnabled?: boolean } = {}) => ({
  id,
  kennung: `07${id.slice(-5)}`,
  name: `Schule ${id.slice(-1)}`,
  typ: "SCHULE" as const,
  administriertVon: OEFFENTLICH,
  zugehoerigZu: OEFFENTLICH,
  ...fields,
});

describe("Schulliste: Zustand in der Adresse", () => {
  it("sortiert ohne Angabe aufsteigend nach Dienststellennummer, mit Minus absteigend, und fragt die Seite beim Upstream", () => {
    expect(schulenQuery(parse(""))).toMatchObject({
      typ: "SCHULE",
      systemrechte: ["SCHULEN_VERWALTEN"],
      sortField: "kennung",
      sortOrder: "asc",
      offset: 0,
      limit: 30,
    });
    expect(schulenQuery(parse("sortierung=-name&seite=3&anzahl=5&suche=Deich"))).toMatchObject({
      sortField: "name",
      sortOrder: "desc",
      offset: 10,
      limit: 5,
      searchString: "Deich",
    });
  });

  it("fällt bei unbekannter Sortierung, Seite oder Seitengröße auf die Vorgabe zurück, statt zu scheitern", () => {
    expect(parse("sortierung=traeger&seite=x&anzahl=7")).toMatchObject({ sortierung: "kennung", seite: 1, anzahl: 30 });
    expect(parse("suche=%00%20").suche).toBe("");
  });
});

describe("Schulliste: Zeilen", () => {
  it("nennt die Schulform nach dem Kind der Wurzel und den Schulträger nur, wenn die Schule einem gehört", () => {
    const schulen = [
      schule("00000000-0000-4000-8000-00000000000a"),
      schule("00000000-0000-4000-8000-00000000000b", { administriertVon: ERSATZ, zugehoerigZu: ERSATZ, itslearningEnabled: true }),
      schule("00000000-0000-4000-8000-00000000000c", { zugehoerigZu: TRAEGER }),
      schule("00000000-0000-4000-8000-00000000000d", { administriertVon: TRAEGER }),
    ];
    expect(schulformOf(schulen[0], forms)).toBe("oeffentlich");
    expect(schulformOf(schulen[1], forms)).toBe("ersatz");
    expect(schulformOf(schulen[3], forms)).toBeNull();
    expect(schultraegerIds(schulen, forms)).toEqual([TRAEGER]);

    const rows = schulenRows(schulen, forms, new Map([[TRAEGER, "Stadt Nordhafen"]]));
    expect(rows.map((row) => [row.schulform, row.schultraeger, row.itslearning])).toEqual([
      ["schulen:schulform.oeffentlich", null, false],
      ["schulen:schulform.ersatz", null, true],
      ["schulen:schulform.oeffentlich", "Stadt Nordhafen", false],
      ["schulen:schulform.unbekannt", null, false],
    ]);
    expect(rows[0].label).toBe("070000a (Schule a)");
  });
});

describe("Schule anlegen: Eingaben", () => {
  const check = (values: Record<string, string>) => {
    const result = CreateSchuleSchema.safeParse({ schulform: OEFFENTLICH, kennung: "0781001", name: "Schule am See", ...values });
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  };

  it("nimmt Schulnamen mit den Satzzeichen von Schulnamen an", () => {
    expect(check({})).toEqual([]);
    expect(check({ name: "Grund- und Gemeinschaftsschule St. Jürgen (Außenstelle) / Förderzentrum & Co." })).toEqual([]);
  });

  it("lehnt Leerzeichen am Anfang oder Ende, leere Felder, fremde Zeichen und eine fehlende Schulform ab", () => {
    expect(check({ name: " Schule am See" })).toEqual(["name: schulen:validation.name.outerSpaces"]);
    expect(check({ name: "Schule am See " })).toEqual(["name: schulen:validation.name.outerSpaces"]);
    expect(check({ kennung: " 0781001" })).toEqual(["kennung: schulen:validation.kennung.outerSpaces"]);
    expect(check({ kennung: "" })).toEqual(["kennung: schulen:validation.kennung.required"]);
    expect(check({ name: "" })).toEqual(["name: schulen:validation.name.required"]);
    expect(check({ name: "Schule <script>" })).toEqual(["name: schulen:validation.name.invalidCharacters"]);
    expect(check({ schulform: "oeffentlich" })).toEqual(["schulform: schulen:validation.schulform.required"]);
  });
});
