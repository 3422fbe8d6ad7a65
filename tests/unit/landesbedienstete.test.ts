import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { hinzufuegenSchema, sucheSchema } from "~/features/landesbedienstete/landesbedienstete-forms";
import { erfolgFrom } from "~/features/landesbedienstete/hinzufuegen.server";
import { personIdOrSearch, type GeladenePerson } from "~/features/landesbedienstete/landesbediensteter.server";

function suche(fields: Record<string, string>) {
  const submission = parseWithZod(new URLSearchParams(fields), { schema: sucheSchema });
  return submission.status === "success" ? { value: submission.value } : { errors: submission.reply().error };
}

describe("Suche nach Landesbediensteten (inventory §4.10)", () => {
  it("sucht mit der KoPers-Nummer und lässt die Felder der anderen Sucharten außer Acht", () => {
    expect(suche({ art: "kopers", kopers: " 4711 ", email: "egal", vorname: "Nur" })).toEqual({
      value: { art: "kopers", personalnummer: "4711" },
    });
  });

  it("sucht mit E-Mail-Adresse (auch einer internationalisierten), Benutzername oder beiden Namen", () => {
    expect(suche({ art: "email", email: "a.b@schule.de" }).value).toEqual({ art: "email", primaryEmailAddress: "a.b@schule.de" });
    // An internationalised address is an address: the upstream answers whether someone has it.
    expect(suche({ art: "email", email: "test@spaß.de" }).value).toEqual({ art: "email", primaryEmailAddress: "test@spaß.de" });
    expect(suche({ art: "email", email: "jörg.o'neill+post@schule-sh.de" }).value).toMatchObject({ art: "email" });
    expect(suche({ art: "benutzername", benutzername: "abeispiel" }).value).toEqual({ art: "benutzername", username: "abeispiel" });
    expect(suche({ art: "name", vorname: "Anna", familienname: "Beispiel" }).value).toEqual({
      art: "name",
      vorname: "Anna",
      familienname: "Beispiel",
    });
  });

  it("verlangt die Angabe der gewählten Suchart, auch wenn nur Leerzeichen kamen", () => {
    expect(suche({ art: "kopers", kopers: "   " }).errors?.kopers).toEqual(["landesbedienstete:validation.kopers"]);
    expect(suche({ art: "email" }).errors?.email).toEqual(["landesbedienstete:validation.email"]);
    expect(suche({ art: "benutzername", kopers: "4711" }).errors?.benutzername).toEqual(["landesbedienstete:validation.benutzername"]);
  });

  it("verlangt bei der Namenssuche beide Namen", () => {
    expect(suche({ art: "name", vorname: "Anna" }).errors).toEqual({ familienname: ["landesbedienstete:validation.familiennameAuch"] });
    expect(suche({ art: "name", familienname: "Beispiel" }).errors).toEqual({ vorname: ["landesbedienstete:validation.vornameAuch"] });
    expect(suche({ art: "name" }).errors).toEqual({
      vorname: ["landesbedienstete:validation.vorname"],
      familienname: ["landesbedienstete:validation.familienname"],
    });
  });

  it("weist eine unvollständige E-Mail-Adresse, zu lange Eingaben und eine unbekannte Suchart ab", () => {
    for (const email of ["anna.beispiel", "anna@schule", "anna beispiel@schule.de", "@schule.de", "anna@@schule.de", "anna@schule..de"])
      expect(suche({ art: "email", email }).errors?.email, email).toEqual(["landesbedienstete:validation.emailFormat"]);
    expect(suche({ art: "kopers", kopers: "1".repeat(31) }).errors?.kopers).toEqual(["landesbedienstete:validation.kopersLength"]);
    expect(suche({ art: "name", vorname: "A".repeat(101), familienname: "B" }).errors?.vorname).toEqual([
      "landesbedienstete:validation.nameLength",
    ]);
    expect(suche({ art: "geburtstag" }).errors?.art).toEqual(["landesbedienstete:validation.art"]);
  });
});

describe("Hinzufügen eines Landesbediensteten (inventory §4.9.3)", () => {
  const SCHULE = "3f1c7a52-0d4e-4a8e-9a51-6c2b8e0f4d11";
  const ROLLE = "8a1c7a52-0d4e-4a8e-9a51-6c2b8e0f4d12";
  const parse = (fields: [string, string][], befristungPflicht = false) =>
    parseWithZod(new URLSearchParams(fields), { schema: hinzufuegenSchema({ befristungPflicht }) });

  it("nimmt eine oder mehrere Rollen an einer Organisation", () => {
    const submission = parse([
      ["schule", SCHULE],
      ["rollen", ROLLE],
      ["befristung.art", "unbefristet"],
    ]);
    expect(submission.status).toBe("success");
  });

  it("verlangt Organisation und mindestens eine Rolle", () => {
    const submission = parse([["befristung.art", "unbefristet"]]);
    expect(submission.reply().error).toMatchObject({
      schule: ["landesbedienstete:validation.schule"],
      rollen: ["landesbedienstete:validation.rollen"],
    });
  });

  it("lässt eine Rolle mit Befristungspflicht nicht unbefristet", () => {
    const submission = parse(
      [
        ["schule", SCHULE],
        ["rollen", ROLLE],
        ["befristung.art", "unbefristet"],
      ],
      true,
    );
    expect(submission.reply().error?.["befristung.art"]).toEqual(["validation.befristung.pflicht"]);
  });
});

describe("Seite zum Hinzufügen: Person aus der Adresse, Erfolg nach dem Speichern", () => {
  const PERSON = "0b9e5f0e-3c1d-4e7a-9f59-2a4f8d6c1e01";
  const SCHULE = "3f1c7a52-0d4e-4a8e-9a51-6c2b8e0f4d11";
  const LEHRKRAFT = "8a1c7a52-0d4e-4a8e-9a51-6c2b8e0f4d12";
  const LIV = "8a1c7a52-0d4e-4a8e-9a51-6c2b8e0f4d13";
  const geladen: GeladenePerson = {
    person: {
      id: PERSON,
      vorname: "Kerrin",
      familienname: "Matzen",
      username: "kmatzen",
      personalnummer: "4712801",
      email: null,
      zuordnungen: [],
    },
    zuordnungen: [
      { organisationId: SCHULE, rolleId: LEHRKRAFT, organisation: "0710001 (Schule)", rolle: "Lehrkraft", befristung: null },
      { organisationId: SCHULE, rolleId: LIV, organisation: "0710001 (Schule)", rolle: "LiV", befristung: "2027-07-31T21:59:59.999Z" },
    ],
    stand: { lastModified: null, count: 2 },
  };

  it("führt ohne gültige Person in der Adresse zurück zur Suche", () => {
    for (const search of ["", "?person=", "?person=123", "?person=../../etwas"]) {
      let thrown: unknown;
      try {
        personIdOrSearch(new URL(`http://portal/admin/limited/personen/add${search}`));
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).headers.get("Location")).toBe("/admin/limited/personen/search");
    }
    expect(personIdOrSearch(new URL(`http://portal/admin/limited/personen/add?person=${PERSON}`))).toBe(PERSON);
  });

  it("zeigt nach dem Speichern, was die Person an der Schule in den gespeicherten Rollen jetzt hat", () => {
    const url = new URL(`http://portal/add?person=${PERSON}&gespeichert=${SCHULE}&rolle=${LIV}`);
    expect(erfolgFrom(url, geladen)).toEqual({ schule: "0710001 (Schule)", rollen: "LiV", befristung: "31.07.2027" });
  });

  it("zeigt keinen Erfolg für Zuordnungen, die die Person nicht hat", () => {
    expect(erfolgFrom(new URL(`http://portal/add?person=${PERSON}&gespeichert=${SCHULE}&rolle=${PERSON}`), geladen)).toBeNull();
    expect(erfolgFrom(new URL(`http://portal/add?person=${PERSON}`), geladen)).toBeNull();
  });
});
