import { describe, expect, it } from "vitest";
import { EditSchuleSchema } from "~/features/schulen/schule-forms";
import { changedMeanwhile, schuleUpdateBody, standOf } from "~/features/schulen/schule-bearbeiten.server";
import { schuleDetailsView } from "~/features/schulen/schule-details.server";

const OEFFENTLICH = "00000000-0000-4000-8000-000000000001";
const ERSATZ = "00000000-0000-4000-8000-000000000002";
const TRAEGER = "00000000-0000-4000-8000-000000000003";
const SCHULE = "00000000-0000-4000-8000-00000000000a";
const forms = {
  oeffentlich: { id: OEFFENTLICH, name: "Öffentliche Schulen", typ: "LAND" as const },
  ersatz: { id: ERSATZ, name: "Ersatzschulen", typ: "LAND" as const },
};
const schule = {
  id: SCHULE,
  administriertVon: ERSATZ,
  zugehoerigZu: TRAEGER,
  kennung: "0790001",
  name: "Freie Schule am Deich",
  namensergaenzung: "Standort Nord",
  kuerzel: "FSD",
  typ: "SCHULE" as const,
  traegerschaft: "04",
  itslearningEnabled: true,
  version: 7,
};

describe("Schule bearbeiten: was an den Upstream geht", () => {
  it("schickt die Schule so zurück, wie sie gelesen wurde, nur mit neuer Dienststellennummer und neuem Namen", () => {
    expect(schuleUpdateBody(schule, { kennung: "0790002", name: "Freie Schule am See" })).toEqual({
      administriertVon: ERSATZ,
      // The Schulträger assignment stays: the full update would clear it otherwise.
      zugehoerigZu: TRAEGER,
      typ: "SCHULE",
      kennung: "0790002",
      name: "Freie Schule am See",
      namensergaenzung: "Standort Nord",
      kuerzel: "FSD",
      traegerschaft: "04",
    });
  });

  it("lässt Felder ohne Wert weg und eine unbekannte Trägerschaft ebenso", () => {
    const body = schuleUpdateBody(
      {
        ...schule,
        zugehoerigZu: OEFFENTLICH,
        administriertVon: OEFFENTLICH,
        namensergaenzung: null,
        kuerzel: undefined,
        traegerschaft: "99",
      },
      { kennung: "1", name: "A" },
    );
    expect(body).toEqual({ administriertVon: OEFFENTLICH, zugehoerigZu: OEFFENTLICH, typ: "SCHULE", kennung: "1", name: "A" });
  });
});

describe("Schule bearbeiten: Änderung durch andere", () => {
  const gelesen = standOf(schule);

  it("erkennt eine geänderte Dienststellennummer oder einen geänderten Namen seit dem Lesen des Formulars", () => {
    expect(changedMeanwhile(gelesen, { ...gelesen, version: 8, kennung: "0790009" })).toBe(true);
    expect(changedMeanwhile(gelesen, { ...gelesen, version: 8, name: "Andere Schule" })).toBe(true);
  });

  it("sieht in anderen Änderungen (itslearning, Schulträger) keinen Konflikt: das Speichern nimmt sie mit", () => {
    expect(changedMeanwhile(gelesen, { ...gelesen, version: 9 })).toBe(false);
    expect(changedMeanwhile(gelesen, gelesen)).toBe(false);
  });

  it("prüft die Eingaben nach den Regeln des Anlegens; der gelesene Stand ist unsichtbar dabei", () => {
    const parse = (values: Record<string, string>) =>
      EditSchuleSchema.safeParse({
        kennung: "0790001",
        name: "Schule",
        gelesenKennung: "0790001",
        gelesenName: "Schule",
        version: "3",
        ...values,
      });
    expect(parse({}).success).toBe(true);
    expect(parse({ version: "x" })).toMatchObject({ success: true, data: { version: 0 } });
    expect(parse({ name: " Schule" }).success).toBe(false);
    expect(parse({ kennung: "" }).success).toBe(false);
    expect(parse({ name: "Schule <b>" }).success).toBe(false);
  });
});

describe("Seite einer Schule: Anzeige", () => {
  const details = { schule, forms, traeger: new Map([[TRAEGER, "Stiftung Lichtblick"]]), klassen: 4 };

  it("nennt Schulform, Schulträger und Klassenzahl; Links nur mit den Rechten dazu", () => {
    const view = schuleDetailsView(details, new Set(["SCHULEN_VERWALTEN", "KLASSEN_VERWALTEN"]));
    expect(view.schule).toMatchObject({
      label: "0790001 (Freie Schule am Deich)",
      schulform: "schulen:schulform.ersatz",
      klassen: 4,
      itslearning: true,
    });
    expect(view.traeger).toEqual({ id: TRAEGER, name: "Stiftung Lichtblick" });
    expect(view.stand).toEqual({ kennung: "0790001", name: "Freie Schule am Deich", version: 7 });
    expect(view.links).toMatchObject({ klassen: true, personen: false });
  });

  it("eine Schule, die nur zu ihrer Schulform gehört, hat keinen Schulträger", () => {
    const view = schuleDetailsView({ ...details, schule: { ...schule, zugehoerigZu: ERSATZ }, traeger: new Map() }, new Set());
    expect(view.traeger).toBeNull();
    expect(view.links).toEqual({ traeger: false, klassen: false, personen: false });
  });
});
