import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { befristungFromUpstream, befristungToUpstream, endOfSchoolYear, formatGermanDay, germanToday, parseGermanDay } from "~/dates";
import { befristungSchema, futureGermanDay } from "~/features/zuordnungen/befristung";
import { defaultBefristungArt, startsFromDefaultBefristung } from "~/features/zuordnungen/befristung-wahl";
import { sharedI18nInstance as i18n } from "~/.server/i18n.server";

const TODAY = "2026-03-15";
const today = () => TODAY;

function dayErrors(text: string | undefined): string[] {
  const formData = new FormData();
  if (text !== undefined) formData.set("bis", text);
  const submission = parseWithZod(formData, { schema: z.object({ bis: futureGermanDay({ today }) }) });
  return submission.status === "success" ? [] : (submission.reply().error?.bis ?? []);
}

function befristung(fields: { art?: string; datum?: string }, pflicht: boolean) {
  const formData = new FormData();
  if (fields.art !== undefined) formData.set("befristung.art", fields.art);
  if (fields.datum !== undefined) formData.set("befristung.datum", fields.datum);
  const submission = parseWithZod(formData, { schema: z.object({ befristung: befristungSchema({ pflicht, today }) }) });
  return submission.status === "success"
    ? { value: submission.value.befristung, errors: {} }
    : { value: null, errors: submission.reply().error ?? {} };
}

describe("ein Datum wird als TT.MM.JJJJ eingegeben", () => {
  it("liest Tag, Monat und Jahr, auch ohne führende Null und mit Leerzeichen außen", () => {
    expect(parseGermanDay("31.07.2026")).toEqual({ day: "2026-07-31" });
    expect(parseGermanDay("1.8.2026")).toEqual({ day: "2026-08-01" });
    expect(parseGermanDay(" 01.08.2026 ")).toEqual({ day: "2026-08-01" });
    // Das Ziffernfeld eines Telefons mit deutscher Sprache bietet nur das Komma.
    expect(parseGermanDay("01,08,2026")).toEqual({ day: "2026-08-01" });
  });

  it("erkennt eine andere Schreibweise als Formatfehler", () => {
    for (const text of ["2026-07-31", "31/07/2026", "31.07.26", "31.07.", "heute", "31.07.2026x", ""]) {
      expect(parseGermanDay(text)).toEqual({ problem: "format" });
    }
  });

  it("kennt keine Tage, die es nicht gibt: 31.02., 29.02. außerhalb von Schaltjahren, Monat 13, Tag 0", () => {
    for (const text of ["31.02.2026", "29.02.2026", "31.04.2026", "01.13.2026", "00.05.2026", "32.01.2026"]) {
      expect(parseGermanDay(text)).toEqual({ problem: "noSuchDay" });
    }
    expect(parseGermanDay("29.02.2028")).toEqual({ day: "2028-02-29" });
  });

  it("nimmt nur Jahre von 1900 bis 2099 an, wie der alte Client", () => {
    expect(parseGermanDay("01.01.1899")).toEqual({ problem: "year" });
    expect(parseGermanDay("01.01.2100")).toEqual({ problem: "year" });
    expect(parseGermanDay("31.12.2099")).toEqual({ day: "2099-12-31" });
  });

  it("zeigt einen Tag wieder als TT.MM.JJJJ", () => {
    expect(formatGermanDay("2026-08-01")).toBe("01.08.2026");
  });
});

describe("ein Ablaufdatum liegt in der Zukunft (Spezifikation §5)", () => {
  it("lehnt heute und gestern ab und nimmt morgen an", () => {
    expect(dayErrors("15.03.2026")).toEqual(["validation.date.notInFuture"]);
    expect(dayErrors("14.03.2026")).toEqual(["validation.date.notInFuture"]);
    expect(dayErrors("16.03.2026")).toEqual([]);
  });

  it("sagt bei jedem Fehler auf Deutsch, was zu tun ist", () => {
    expect(dayErrors(undefined)).toEqual(["validation.date.required"]);
    expect(dayErrors("")).toEqual(["validation.date.required"]);
    expect(dayErrors("2026-04-01")).toEqual(["validation.date.format"]);
    expect(dayErrors("31.04.2026")).toEqual(["validation.date.noSuchDay"]);
    expect(dayErrors("01.01.2100")).toEqual(["validation.date.year"]);
    for (const key of ["required", "format", "noSuchDay", "year", "notInFuture"] as const) {
      const text = i18n.t(`validation.date.${key}`);
      expect(text, key).not.toBe(`validation.date.${key}`);
    }
    expect(i18n.t("validation.date.format")).toContain("TT.MM.JJJJ");
    expect(i18n.t("validation.date.notInFuture")).toContain("morgen");
  });

  it("fragt „heute“ bei jeder Prüfung neu, nicht einmal beim Laden", () => {
    let day = "2026-03-15";
    const schema = z.object({ bis: futureGermanDay({ today: () => day }) });
    const check = () => {
      const formData = new FormData();
      formData.set("bis", "16.03.2026");
      return parseWithZod(formData, { schema }).status;
    };
    expect(check()).toBe("success");
    day = "2026-03-16";
    expect(check()).toBe("error");
  });
});

describe("Schuljahresende", () => {
  it("ist der nächste 31. Juli; am 31. Juli selbst schon der im nächsten Jahr", () => {
    expect(endOfSchoolYear("2026-01-01")).toBe("2026-07-31");
    expect(endOfSchoolYear("2026-07-30")).toBe("2026-07-31");
    expect(endOfSchoolYear("2026-07-31")).toBe("2027-07-31");
    expect(endOfSchoolYear("2026-12-31")).toBe("2027-07-31");
  });

  it("rechnet mit dem deutschen Kalendertag, nicht mit dem des Servers", () => {
    // 30.07. 23:30 UTC ist in Deutschland schon der 31.07.
    expect(germanToday(new Date("2026-07-30T23:30:00Z"))).toBe("2026-07-31");
    expect(endOfSchoolYear(germanToday(new Date("2026-07-30T23:30:00Z")))).toBe("2027-07-31");
    // 31.12. 23:30 UTC ist im Winter in Deutschland schon Neujahr.
    expect(germanToday(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
  });
});

describe("Befristung: Schuljahresende, ein Datum oder unbefristet", () => {
  it("Schuljahresende ergibt den nächsten 31. Juli", () => {
    expect(befristung({ art: "schuljahresende" }, true).value).toEqual({ bis: "2026-07-31" });
  });

  it("ein Datum muss gültig und nach heute sein", () => {
    expect(befristung({ art: "datum", datum: "01.09.2026" }, false).value).toEqual({ bis: "2026-09-01" });
    expect(befristung({ art: "datum", datum: "15.03.2026" }, false).errors).toEqual({
      "befristung.datum": ["validation.date.notInFuture"],
    });
    expect(befristung({ art: "datum" }, false).errors).toEqual({ "befristung.datum": ["validation.date.required"] });
  });

  it("unbefristet geht nur bei Rollen ohne Befristungspflicht", () => {
    expect(befristung({ art: "unbefristet" }, false).value).toEqual({ bis: null });
    expect(befristung({ art: "unbefristet" }, true).errors).toEqual({ "befristung.art": ["validation.befristung.pflicht"] });
  });

  it("ohne Auswahl wird nach der Art gefragt", () => {
    expect(befristung({}, false).errors).toEqual({ "befristung.art": ["validation.befristung.chooseArt"] });
  });

  it("ein eingegebenes Datum neben einer anderen Auswahl wird nicht erraten, sondern nachgefragt", () => {
    expect(befristung({ art: "unbefristet", datum: "01.09.2026" }, false).errors).toEqual({
      "befristung.datum": ["validation.befristung.datumWithoutArt"],
    });
  });

  it("vorausgewählt ist bei Befristungspflicht das Schuljahresende, sonst unbefristet", () => {
    expect(defaultBefristungArt(true)).toBe("schuljahresende");
    expect(defaultBefristungArt(false)).toBe("unbefristet");
  });

  it("eine andere Rolle mit oder ohne Befristungspflicht bringt ihre eigene Vorauswahl, eine gleichartige behält die Wahl", () => {
    // LiV (the school year's end preselected) → a role without the duty: the time limit does not stay behind.
    expect(startsFromDefaultBefristung({ art: "schuljahresende", pflichtBisher: "ja" }, false)).toBe(true);
    // A role without the duty → one with it: the school year's end, also over a chosen date.
    expect(startsFromDefaultBefristung({ art: "datum", pflichtBisher: "nein" }, true)).toBe(true);
    // The duty unchanged: what the user chose stays.
    expect(startsFromDefaultBefristung({ art: "datum", pflichtBisher: "ja" }, true)).toBe(false);
    expect(startsFromDefaultBefristung({ art: "schuljahresende", pflichtBisher: "nein" }, false)).toBe(false);
    // Nothing chosen yet, at the start, or "unbefristet" where it is no longer allowed: the default.
    expect(startsFromDefaultBefristung({ art: null, pflichtBisher: null }, false)).toBe(true);
    expect(startsFromDefaultBefristung({ art: "datum", pflichtBisher: "nein" }, false, true)).toBe(true);
    expect(startsFromDefaultBefristung({ art: "unbefristet", pflichtBisher: "ja" }, true)).toBe(true);
  });

  it("jede Meldung hat einen deutschen Text", () => {
    for (const key of ["chooseArt", "pflicht", "datumWithoutArt"] as const) {
      expect(i18n.t(`validation.befristung.${key}`), key).not.toBe(`validation.befristung.${key}`);
    }
  });
});

describe("Befristung im Upstream: gespeichert wird der Beginn des Folgetags in deutscher Zeit", () => {
  it("„bis 31.07.2026“ wird im Sommer zu 2026-07-31T22:00Z, im Winter „bis 15.01.2027“ zu 2027-01-15T23:00Z", () => {
    expect(befristungToUpstream("2026-07-31")).toBe("2026-07-31T22:00:00.000Z");
    expect(befristungToUpstream("2027-01-15")).toBe("2027-01-15T23:00:00.000Z");
  });

  it("über Monats-, Jahres- und Zeitumstellungsgrenzen hinweg", () => {
    expect(befristungToUpstream("2026-12-31")).toBe("2026-12-31T23:00:00.000Z");
    // Sommerzeit beginnt am 29.03.2026, endet am 25.10.2026.
    expect(befristungToUpstream("2026-03-28")).toBe("2026-03-28T23:00:00.000Z");
    expect(befristungToUpstream("2026-03-29")).toBe("2026-03-29T22:00:00.000Z");
    expect(befristungToUpstream("2026-10-24")).toBe("2026-10-24T22:00:00.000Z");
    expect(befristungToUpstream("2026-10-25")).toBe("2026-10-25T23:00:00.000Z");
  });

  it("ein gespeicherter Wert zeigt wieder den letzten Tag, hin und zurück", () => {
    for (const day of ["2026-07-31", "2027-01-15", "2026-03-29", "2026-10-25", "2028-02-29"]) {
      expect(befristungFromUpstream(befristungToUpstream(day))).toBe(day);
    }
    expect(befristungFromUpstream("kein Datum")).toBeNull();
  });
});
