import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { personBearbeitenSchema } from "~/features/person/person-forms";
import { zuordnungLines } from "~/features/person/person-details.server";
import type { PersonenzuordnungResponse } from "../../upstream/contract";
import { cleanName, generateStartPassword, renameNeedsNewUsername, usernameCandidate } from "../../upstream/reference/lib/personen.ts";

const RECORD = { revision: "1", lastModified: "2026-01-01T00:00:00.000Z" };

function editErrors(fields: Record<string, string>, kopersVorhanden = true) {
  const formData = new FormData();
  for (const [name, value] of Object.entries({ ...RECORD, ...fields })) formData.set(name, value);
  const submission = parseWithZod(formData, { schema: personBearbeitenSchema({ kopersVorhanden }) });
  return submission.status === "success" ? {} : submission.reply().error;
}

describe("Regeln des Formulars „Persönliche Daten bearbeiten“ (Spezifikation Abschnitt 5)", () => {
  it("nimmt übliche Namen mit Akzenten, Bindestrich und Apostroph an", () => {
    expect(editErrors({ vorname: "Zoë-Anaïs", familienname: "O’Brien de la Cruz", personalnummer: "4711" })).toEqual({});
  });

  it("verlangt beide Namen mit mindestens zwei Zeichen ohne Leerzeichen am Rand", () => {
    const errors = editErrors({ vorname: "", familienname: "A", personalnummer: "1" });
    expect(errors?.vorname).toEqual(["person:validation.vorname.required"]);
    expect(errors?.familienname).toEqual(["person:validation.familienname.tooShort"]);
    expect(editErrors({ vorname: " Anna", familienname: "Berg " })).toMatchObject({
      vorname: ["person:validation.vorname.outerSpaces"],
      familienname: ["person:validation.familienname.outerSpaces"],
    });
  });

  it("weist Zeichen außerhalb von DIN 91379 ab", () => {
    expect(editErrors({ vorname: "R2D2", familienname: "Berg", personalnummer: "1" })?.vorname).toEqual([
      "person:validation.vorname.characters",
    ]);
    expect(editErrors({ vorname: "Anna", familienname: "Берг", personalnummer: "1" })?.familienname).toEqual([
      "person:validation.familienname.characters",
    ]);
  });

  it("eine vorhandene KoPers-Nummer lässt sich ändern, aber nicht löschen; ohne eine bleibt das Feld frei", () => {
    expect(editErrors({ vorname: "Anna", familienname: "Berg", personalnummer: "" })?.personalnummer).toEqual([
      "person:validation.personalnummer.required",
    ]);
    expect(editErrors({ vorname: "Anna", familienname: "Berg", personalnummer: "" }, false)).toEqual({});
    expect(editErrors({ vorname: "Anna", familienname: "Berg", personalnummer: " 12" }, false)?.personalnummer).toEqual([
      "person:validation.personalnummer.outerSpaces",
    ]);
  });
});

const zuordnung = (fields: Partial<PersonenzuordnungResponse>): PersonenzuordnungResponse => ({
  sskId: "schule",
  rolleId: "rolle",
  sskName: "Schule",
  sskDstNr: null,
  rolle: "Rolle",
  rollenArt: "LEHR",
  administriertVon: null,
  typ: "SCHULE",
  editable: true,
  befristung: null,
  merkmale: [],
  admins: [],
  ...fields,
});

describe("Schulzuordnungen auf der Detailseite (Inventar §4.8.4)", () => {
  it("führt Klassen in die Zeile ihrer Schule mit derselben Rolle und sortiert nach Dienststellennummer, Rolle, Klasse", () => {
    const lines = zuordnungLines([
      zuordnung({ sskId: "ohne", sskName: "Ohne Nummer", rolle: "Lehrkraft" }),
      zuordnung({ sskId: "b", sskName: "Schule B", sskDstNr: "0710008", rolle: "Lehrkraft", befristung: "2027-07-31T22:00:00.000Z" }),
      zuordnung({ sskId: "a", sskName: "Schule A", sskDstNr: "0710001", rolleId: "lern", rolle: "Schüler", rollenArt: "LERN" }),
      zuordnung({ sskId: "k", sskName: "7b", typ: "KLASSE", administriertVon: "a", rolleId: "lern", rolle: "Schüler", rollenArt: "LERN" }),
      zuordnung({ sskId: "a", sskName: "Schule A", sskDstNr: "0710001", rolleId: "admin", rolle: "Admin" }),
    ]);
    expect(lines.map(({ schule, rolle, klassen, befristung }) => ({ schule, rolle, klassen, befristung }))).toEqual([
      { schule: "0710001 (Schule A)", rolle: "Admin", klassen: [], befristung: null },
      { schule: "0710001 (Schule A)", rolle: "Schüler", klassen: ["7b"], befristung: null },
      { schule: "0710008 (Schule B)", rolle: "Lehrkraft", klassen: [], befristung: "31.07.2027" },
      { schule: "Ohne Nummer", rolle: "Lehrkraft", klassen: [], befristung: null },
    ]);
  });

  it("eine Klasse ohne Zeile ihrer Schule steht für sich", () => {
    const lines = zuordnungLines([zuordnung({ sskId: "k", sskName: "9a", typ: "KLASSE", administriertVon: "x", rolle: "Schüler" })]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ schule: "9a", klassen: [] });
  });
});

describe("Benutzernamen und Startpasswörter der Referenz (PERSONS §1.9)", () => {
  it("bildet den Benutzernamen aus dem ersten Buchstaben des Vornamens und dem ganzen Nachnamen in Suchform", () => {
    expect(usernameCandidate("Jörg", "Müller-Lüdenscheidt")).toBe("jmuellerluedenscheidt");
    expect(cleanName("Øster Æbelø-Straße")).toBe("oesteraebeloestrasse");
    expect(cleanName("José")).toBe("jose");
  });

  it("ein neuer Benutzername nur bei neuem Anfangsbuchstaben oder neuem Nachnamen", () => {
    expect(renameNeedsNewUsername({ vorname: "Tom", familienname: "Tester" }, { vorname: "Thomas", familienname: "Téster" })).toBe(false);
    expect(renameNeedsNewUsername({ vorname: "Tom", familienname: "Tester" }, { vorname: "Sam", familienname: "Tester" })).toBe(true);
    expect(renameNeedsNewUsername({ vorname: "Tom", familienname: "Tester" }, { vorname: "Tom", familienname: "Tester-Neu" })).toBe(true);
  });

  it("ein Startpasswort ist ein Wort, zwei Ziffern und ein Sonderzeichen", () => {
    for (let i = 0; i < 50; i++) expect(generateStartPassword()).toMatch(/^\p{Lu}\p{Ll}{3,}\d{2}[+\-*/%&!?@$#]$/u);
  });
});
