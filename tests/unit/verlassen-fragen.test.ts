import { describe, expect, it } from "vitest";
import { leavesPage } from "~/hooks/use-leave-guard";

// Which navigations ask first ("Seite verlassen?"): the unsaved-changes warning, the import's undownloaded passwords,
// a Schulträger's save in parts all ask through useLeaveGuard, which asks for these only.
const ort = (adresse: string) => {
  const url = new URL(adresse, "http://portal.invalid");
  return { pathname: url.pathname, search: url.search };
};

describe("Verlassen heißt: eine andere Adresse", () => {
  it("eine andere Seite verlässt die Seite", () => {
    expect(leavesPage(ort("/admin/klassen/1"), ort("/admin/klassen"))).toBe(true);
  });

  it("dieselbe Seite mit anderen Parametern verlässt sie auch (ein Dialog, eine andere Suche)", () => {
    expect(leavesPage(ort("/admin/klassen/1"), ort("/admin/klassen/1?loeschen"))).toBe(true);
    expect(leavesPage(ort("/admin/schultraeger/1/schulen?hinzu=a"), ort("/admin/schultraeger/1/schulen?hinzu=a&hinzu=b"))).toBe(true);
  });

  it("dieselbe Adresse ist kein Verlassen (das Verwerfen, die Antwort auf ein Senden an dieselbe Adresse)", () => {
    expect(leavesPage(ort("/admin/personen/1/zuordnungen?zurueck=%2Fadmin"), ort("/admin/personen/1/zuordnungen?zurueck=%2Fadmin"))).toBe(
      false,
    );
  });
});

describe("wo dieselbe Seite mit anderen Parametern bleibt (samePathStays)", () => {
  it("ein GET derselben Seite trägt die Eingaben mit: kein Verlassen", () => {
    expect(leavesPage(ort("/admin/rollen/new"), ort("/admin/rollen/new?rollenart=LERN"), true)).toBe(false);
  });

  it("eine andere Seite bleibt ein Verlassen", () => {
    expect(leavesPage(ort("/admin/rollen/new?rollenart=LERN"), ort("/admin/rollen"), true)).toBe(true);
    expect(leavesPage(ort("/admin/personen/import/1"), ort("/admin/personen/import"), true)).toBe(true);
  });
});
