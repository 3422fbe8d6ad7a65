import { describe, expect, it } from "vitest";
import { funktionenAus } from "~/.server/upstream/config.server";

const ALLE_AN = { befristungBearbeiten: true, geraetepasswort: true, angeboteErstellen: true };

describe("Schalter des Upstreams (GET /api/config)", () => {
  it("abgeschaltete Funktionen werden verborgen, eingeschaltete gezeigt", () => {
    const flags = { befristungBearbeitenEnabled: false, setUemPasswordEnabled: false, schulischeAngeboteErstellen: true };
    expect(funktionenAus(200, flags)).toEqual({ befristungBearbeiten: false, geraetepasswort: false, angeboteErstellen: true });
  });

  it("ein Upstream ohne die neueren Schalter (ältere Version) behält das heutige Verhalten für sie", () => {
    expect(funktionenAus(200, { rolleBearbeitenEnabled: true, befristungBearbeitenEnabled: true, rolleErweiternEnabled: true })).toEqual(
      ALLE_AN,
    );
  });

  it("ohne Endpunkt, mit unlesbarer Antwort oder falschen Typen bleibt alles, wie es ist", () => {
    expect(funktionenAus(404, { statusCode: 404, message: "Cannot GET /api/config" })).toEqual(ALLE_AN);
    expect(funktionenAus(200, null)).toEqual(ALLE_AN);
    expect(funktionenAus(200, "kein Objekt")).toEqual(ALLE_AN);
    expect(funktionenAus(200, { setUemPasswordEnabled: "false", befristungBearbeitenEnabled: false })).toEqual({
      ...ALLE_AN,
      befristungBearbeiten: false,
    });
  });
});
