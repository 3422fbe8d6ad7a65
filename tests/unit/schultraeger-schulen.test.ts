import { describe, expect, it } from "vitest";
import {
  inTeilen,
  MAX_VORGEMERKT,
  nachDemSpeichern,
  nachUndNach,
  checkVormerkung,
  readVormerkung,
  vormerkungParams,
  zaehlung,
  zusammen,
  type Schule,
  type SpeicherErgebnis,
} from "~/features/schultraeger/vormerkung";

const LAND = "10000000-0000-4000-8000-000000000001";
const ERSATZ = "10000000-0000-4000-8000-000000000002";
const TRAEGER = "20000000-0000-4000-8000-000000000001";
const ANDERER = "20000000-0000-4000-8000-000000000002";
const id = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

const schule = (n: number, zugehoerigZu: string, administriertVon = LAND): Schule => ({
  id: id(n),
  typ: "SCHULE",
  kennung: `07100${n}`,
  name: `Schule ${n}`,
  zugehoerigZu,
  administriertVon,
});

const params = (entries: [string, string][]) => new URLSearchParams(entries);

describe("die vorgemerkten Änderungen im Formular und in der Adresse", () => {
  it("wiederholte hinzu- und weg-Ids werden gelesen, doppelte einmal", () => {
    const gelesen = readVormerkung(
      params([
        ["hinzu", id(1)],
        ["hinzu", id(1)],
        ["weg", id(2)],
        ["suche", "egal"],
      ]),
    );
    expect(gelesen).toEqual({ ok: true, vormerkung: { hinzu: [id(1)], weg: [id(2)] } });
    expect(readVormerkung(params([]))).toEqual({ ok: true, vormerkung: { hinzu: [], weg: [] } });
  });

  it("anderes als Schul-Ids, oder dieselbe Schule in beide Richtungen, wird ganz abgelehnt", () => {
    expect(readVormerkung(params([["hinzu", "kaputt"]]))).toEqual({ ok: false, fehler: "ungueltig" });
    expect(
      readVormerkung(
        params([
          ["hinzu", id(1)],
          ["weg", id(1)],
        ]),
      ),
    ).toEqual({ ok: false, fehler: "ungueltig" });
    const form = new FormData();
    form.append("weg", new Blob(["x"]));
    expect(readVormerkung(form)).toEqual({ ok: false, fehler: "ungueltig" });
  });

  it(`mehr als ${MAX_VORGEMERKT} Änderungen auf einmal werden abgelehnt`, () => {
    const viele = Array.from({ length: MAX_VORGEMERKT + 1 }, (_, n) => ["hinzu", id(n)] as [string, string]);
    expect(readVormerkung(params(viele))).toEqual({ ok: false, fehler: "zuViele" });
    expect(readVormerkung(params(viele.slice(1))).ok).toBe(true);
  });

  it("die Vormerkung wird wieder zu Parametern der Suche", () => {
    expect(vormerkungParams({ hinzu: [id(1)], weg: [id(2)] }, { suche: "Deich" }).toString()).toBe(
      `suche=Deich&hinzu=${id(1)}&weg=${id(2)}`,
    );
  });
});

describe("die Vormerkung gegen den Stand des Upstreams", () => {
  const traeger = { id: TRAEGER, zugehoerigZu: LAND };

  it("eine Schule ohne Schulträger derselben Form wird zugeordnet, eine Schule des Trägers entfernt", () => {
    const pruefung = checkVormerkung({ hinzu: [id(1)], weg: [id(2)] }, traeger, [schule(2, TRAEGER)], [schule(1, LAND)]);
    expect(pruefung.offen).toEqual({
      hinzu: [{ id: id(1), label: "071001 (Schule 1)" }],
      weg: [{ id: id(2), label: "071002 (Schule 2)" }],
    });
    expect(pruefung.uebersprungen).toEqual([]);
  });

  it("was schon so ist, wie es werden soll, ist erledigt und wird nicht noch einmal gesendet", () => {
    const pruefung = checkVormerkung({ hinzu: [id(1)], weg: [id(2)] }, traeger, [schule(1, TRAEGER)], [schule(2, LAND)]);
    expect(pruefung.offen).toEqual({ hinzu: [], weg: [] });
    expect(pruefung.erledigt.hinzu.map((s) => s.id)).toEqual([id(1)]);
    expect(pruefung.erledigt.weg.map((s) => s.id)).toEqual([id(2)]);
  });

  it("inzwischen Geändertes wird mit Grund übersprungen", () => {
    const pruefung = checkVormerkung(
      { hinzu: [id(1), id(3), id(4)], weg: [id(2), id(5)] },
      traeger,
      [],
      [schule(1, ANDERER), schule(2, ANDERER), schule(3, ERSATZ, ERSATZ)],
    );
    expect(pruefung.offen).toEqual({ hinzu: [], weg: [] });
    expect(pruefung.uebersprungen).toEqual([
      { id: id(1), label: "071001 (Schule 1)", art: "hinzu", grund: "andererTraeger" },
      { id: id(3), label: "071003 (Schule 3)", art: "hinzu", grund: "andereSchulform" },
      { id: id(4), label: "", art: "hinzu", grund: "nichtGefunden" },
      { id: id(2), label: "071002 (Schule 2)", art: "weg", grund: "nichtMehrZugeordnet" },
      { id: id(5), label: "", art: "weg", grund: "nichtGefunden" },
    ]);
  });

  it("nur Schulen werden zugeordnet: eine Klasse mit der Id gilt als nicht gefunden", () => {
    const klasse = { ...schule(1, LAND), typ: "KLASSE" };
    expect(checkVormerkung({ hinzu: [id(1)], weg: [] }, traeger, [], [klasse]).uebersprungen[0].grund).toBe("nichtGefunden");
  });
});

describe("das Ergebnis des Speicherns", () => {
  const ergebnis: SpeicherErgebnis = {
    gespeichert: [
      { id: id(1), label: "A", art: "hinzu" },
      { id: id(2), label: "B", art: "weg" },
      { id: id(3), label: "C", art: "hinzu" },
    ],
    bereits: [{ id: id(7), label: "G", art: "weg" }],
    fehlgeschlagen: [
      { id: id(4), label: "D", art: "weg", code: "SCHULTRAEGER_ERROR" },
      { id: id(5), label: "E", art: "hinzu", code: "ORGANISATION_WECHSELT_TEILBAUM" },
    ],
    uebersprungen: [{ id: id(6), label: "F", art: "hinzu", grund: "andererTraeger" }],
  };

  it("abgelehnte Änderungen bleiben vorgemerkt, übersprungene nicht", () => {
    expect(nachDemSpeichern(ergebnis)).toEqual({ hinzu: [id(5)], weg: [id(4)] });
  });

  it("die Meldung zählt Zuordnungen und Entfernungen getrennt, was schon so war für sich; Teile werden zusammengezählt", () => {
    expect(zaehlung(ergebnis)).toEqual({ hinzu: 2, weg: 1, bereits: 1 });
    expect(zaehlung(zusammen(ergebnis, ergebnis))).toEqual({ hinzu: 4, weg: 2, bereits: 2 });
  });

  it("die Vormerkung wird für den Fortschritt in Teile geteilt", () => {
    const teile = inTeilen({ hinzu: [id(1), id(2), id(3)], weg: [id(4), id(5)] }, 2);
    expect(teile).toEqual([
      { hinzu: [id(1), id(2)], weg: [] },
      { hinzu: [id(3)], weg: [id(4)] },
      { hinzu: [], weg: [id(5)] },
    ]);
  });
});

describe("nacheinander senden", () => {
  it("höchstens so viele Aufrufe zugleich, die Ergebnisse in der Reihenfolge der Schulen", async () => {
    let laufend = 0;
    let hoechstens = 0;
    const ergebnisse = await nachUndNach([5, 1, 4, 2, 3, 0, 2], 3, async (ms) => {
      laufend += 1;
      hoechstens = Math.max(hoechstens, laufend);
      await new Promise((resolve) => setTimeout(resolve, ms));
      laufend -= 1;
      return ms * 10;
    });
    expect(ergebnisse).toEqual([50, 10, 40, 20, 30, 0, 20]);
    expect(hoechstens).toBe(3);
    expect(await nachUndNach([], 3, async () => 1)).toEqual([]);
  });
});
