import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { adminNavigation, mayOpen } from "~/permissions";
import { KEINE_REGELN, personAnlegenSchema, type AnlegenRegeln } from "~/features/person-anlegen/person-anlegen-forms";

const SCHULE = "3f1c7a52-0d4e-4a8e-9a51-6c2b8e0f4d11";
const LEHRKRAFT = "9b2d7c10-1111-4a8e-9a51-6c2b8e0f4d22";
const LIV = "9b2d7c10-2222-4a8e-9a51-6c2b8e0f4d22";
const KLASSE = "5e6f7a80-3333-4a8e-9a51-6c2b8e0f4d33";

const valid = {
  organisation: SCHULE,
  rollen: LEHRKRAFT,
  "befristung.art": "unbefristet",
  vorname: "Jörg",
  familienname: "Müller-Lüdenscheidt",
};

function parse(fields: Record<string, string | string[]>, regeln: AnlegenRegeln = KEINE_REGELN) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) formData.append(name, one);
  return parseWithZod(formData, { schema: personAnlegenSchema(regeln) });
}
const errorsOf = (fields: Record<string, string | string[]>, regeln?: AnlegenRegeln) => {
  const submission = parse(fields, regeln);
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
};

describe("Benutzer anlegen: the form's rules (spec section 5, inventory §4.9)", () => {
  it("accepts one role as well as several, names with umlauts and hyphens", () => {
    const one = parse(valid);
    expect(one.status).toBe("success");
    if (one.status === "success") expect(one.value.rollen).toEqual([LEHRKRAFT]);
    const two = parse({ ...valid, rollen: [LEHRKRAFT, LIV] });
    expect(two.status === "success" && two.value.rollen).toEqual([LEHRKRAFT, LIV]);
  });

  it("needs an organisation and at least one role", () => {
    const errors = errorsOf({ ...valid, organisation: "", rollen: [] });
    expect(errors.organisation).toEqual(["person:anlegen.validation.organisation"]);
    expect(errors.rollen).toEqual(["person:anlegen.validation.rollen"]);
  });

  it("refuses names with spaces at either end, of one character, or with digits", () => {
    expect(errorsOf({ ...valid, vorname: " Jörg" }).vorname).toContain("person:validation.vorname.outerSpaces");
    expect(errorsOf({ ...valid, familienname: "Müller " }).familienname).toContain("person:validation.familienname.outerSpaces");
    expect(errorsOf({ ...valid, vorname: "J" }).vorname).toContain("person:validation.vorname.tooShort");
    expect(errorsOf({ ...valid, familienname: "Müller2" }).familienname).toContain("person:validation.familienname.characters");
    expect(errorsOf({ ...valid, vorname: "" }).vorname).toContain("person:validation.vorname.required");
  });

  it("asks a pupil for a class", () => {
    const pupil = { ...KEINE_REGELN, klassePflicht: true };
    expect(errorsOf(valid, pupil).klasse).toEqual(["person:anlegen.validation.klasse"]);
    expect(errorsOf({ ...valid, klasse: KLASSE }, pupil)).toEqual({});
  });

  it("refuses “unbefristet” and a day in the past for a role with mandatory Befristung", () => {
    const liv = { ...KEINE_REGELN, befristungPflicht: true };
    expect(errorsOf(valid, liv)["befristung.art"]).toEqual(["validation.befristung.pflicht"]);
    expect(errorsOf({ ...valid, "befristung.art": "datum", "befristung.datum": "01.01.2020" }, liv)["befristung.datum"]).toEqual([
      "validation.date.notInFuture",
    ]);
    expect(errorsOf({ ...valid, "befristung.art": "schuljahresende" }, liv)).toEqual({});
  });

  it("asks for a KoPers number, or the confirmation that there is none, where a role requires one", () => {
    const lehrkraft = { ...KEINE_REGELN, kopersPflicht: true };
    expect(errorsOf(valid, lehrkraft).kopers).toEqual(["person:anlegen.validation.kopers"]);
    expect(errorsOf({ ...valid, kopers: "4711999" }, lehrkraft)).toEqual({});
    expect(errorsOf({ ...valid, ohneKopers: "on" }, lehrkraft)).toEqual({});
    expect(errorsOf({ ...valid, kopers: " 4711999" }, lehrkraft).kopers).toEqual(["person:validation.personalnummer.outerSpaces"]);
  });
});

describe("Person hinzufügen in the side navigation", () => {
  const targets = (rights: string[]) => adminNavigation(new Set(rights)).flatMap((section) => section.entries.map((entry) => entry.to));

  it("appears with either of its rights, each entry with its own", () => {
    const limited = adminNavigation(new Set(["EINGESCHRAENKT_NEUE_BENUTZER_ERSTELLEN"]));
    expect(limited).toEqual([
      { label: "nav.hinzufuegen.section", entries: [{ label: "nav.hinzufuegen.new", to: "/admin/limited/personen/new" }] },
    ]);
    expect(targets(["PERSONEN_VERWALTEN", "LANDESBEDIENSTETE_SUCHEN_UND_HINZUFUEGEN"])).not.toContain("/admin/limited/personen/new");
  });

  it("offers the full creation only with person administration and PERSONEN_ANLEGEN", () => {
    expect(targets(["PERSONEN_VERWALTEN"])).not.toContain("/admin/personen/new");
    expect(targets(["PERSONEN_VERWALTEN", "PERSONEN_ANLEGEN"])).toContain("/admin/personen/new");
    expect(mayOpen(new Set(["PERSONEN_VERWALTEN", "PERSONEN_ANLEGEN"]), "/admin/personen/new")).toBe(true);
  });

  it("opens the restricted creation only together with person administration, as the spec's route table says", () => {
    expect(mayOpen(new Set(["EINGESCHRAENKT_NEUE_BENUTZER_ERSTELLEN"]), "/admin/limited/personen/new")).toBe(false);
    expect(mayOpen(new Set(["EINGESCHRAENKT_NEUE_BENUTZER_ERSTELLEN", "PERSONEN_VERWALTEN"]), "/admin/limited/personen/new")).toBe(true);
  });
});
