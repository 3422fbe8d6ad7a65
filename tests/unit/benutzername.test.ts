import { describe, expect, it } from "vitest";
import { HttpError } from "../../upstream/reference/lib/errors.ts";
import { cleanName, firstFreeUsername, usernameCandidate } from "../../upstream/reference/lib/personen.ts";

/**
 * Issue 9: the username a new person gets, by the upstream's rule (PERSONS §1.9): first letter of the cleaned first
 * name and the whole cleaned last name; cleaning writes DIN 91379 letters in their search form and keeps only a–z;
 * a taken name gets the first free number.
 */
const keyOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof HttpError) return error.message;
    throw error;
  }
  return null;
};

describe("Benutzername aus Vor- und Nachname", () => {
  it("Umlaute werden zu ae, oe, ue; Großbuchstaben klein", () => {
    expect(usernameCandidate("Jörg", "Müller")).toBe("jmueller");
    expect(usernameCandidate("Ärne", "Özdemir")).toBe("aoezdemir");
    expect(usernameCandidate("Ute", "Übel")).toBe("uuebel");
    expect(usernameCandidate("ANNA", "SCHULZE")).toBe("aschulze");
  });

  it("ß wird zu ss, auch das große ẞ", () => {
    expect(usernameCandidate("Ulrike", "Weiß")).toBe("uweiss");
    expect(usernameCandidate("Olaf", "GROẞMANN")).toBe("ogrossmann");
  });

  it("Akzente fallen weg, skandinavische Buchstaben bekommen ihre Suchform", () => {
    expect(usernameCandidate("Élodie", "Crémieux")).toBe("ecremieux");
    expect(usernameCandidate("Åse", "Bjørnstad")).toBe("abjoernstad");
    expect(usernameCandidate("Þóra", "Ægisdóttir")).toBe("taegisdottir");
    // also when the accent comes as a combining mark (NFD input)
    expect(usernameCandidate("Rene\u0301", "Blum")).toBe("rblum");
  });

  it("Doppelnamen: Bindestrich, Leerzeichen, Apostroph und Punkt verschwinden", () => {
    expect(usernameCandidate("Jörg", "Müller-Lüdenscheidt")).toBe("jmuellerluedenscheidt");
    expect(usernameCandidate("Marie-Luise", "Fuchs")).toBe("mfuchs");
    expect(usernameCandidate("Henrike", "von der Heide")).toBe("hvonderheide");
    expect(usernameCandidate("Seán", "O'Brien")).toBe("sobrien");
    expect(usernameCandidate("Dr. Anna", "St. Clair")).toBe("dstclair");
    expect(cleanName(" Ole ")).toBe("ole");
  });

  it("zu kurze Namen, unzulässige Zeichen und Namen ohne Buchstaben ergeben die Fehler des Upstreams", () => {
    expect(keyOf(() => usernameCandidate("A", "Kurz"))).toBe("INVALID_ATTRIBUTE_LENGTH");
    expect(keyOf(() => usernameCandidate("Anna", "R2D2"))).toBe("INVALID_CHARACTER_SET");
    expect(keyOf(() => usernameCandidate("Анна", "Müller"))).toBe("INVALID_CHARACTER_SET");
    expect(keyOf(() => usernameCandidate("Anna", "--"))).toBe("INVALID_NAME");
  });
});

describe("Belegte Benutzernamen", () => {
  it("ein freier Name bleibt, wie er ist", () => {
    expect(firstFreeUsername("jmueller", new Set(["jmueller1", "amueller"]))).toBe("jmueller");
  });

  it("ein belegter Name bekommt die erste freie Zahl, auch über Lücken hinweg", () => {
    expect(firstFreeUsername("jmueller", new Set(["jmueller"]))).toBe("jmueller1");
    expect(firstFreeUsername("jmueller", new Set(["jmueller", "jmueller1", "jmueller2"]))).toBe("jmueller3");
    expect(firstFreeUsername("jmueller", new Set(["jmueller", "jmueller2"]))).toBe("jmueller1");
  });
});
