import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { entsperrenSchema, kopersSchema, sperrenSchema } from "~/features/person/person-sperre-forms";

const SCHULE_B = "3f1c7a52-0d4e-4a8e-9a51-6c2b8e0f4d11";
const SCHULE_C = "7a2d9e41-5b3c-4f6a-8e10-2c4b6d8f0a12";
const today = () => "2026-11-23";

function parse(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return parseWithZod(formData, { schema });
}
const errorsOf = (submission: ReturnType<typeof parse>) => (submission.status === "success" ? {} : submission.reply().error);

describe("Sperren: Formularregeln", () => {
  const neu = sperrenSchema({ aendern: false, organisationen: [SCHULE_B, SCHULE_C], today });
  const aendern = sperrenSchema({ aendern: true, organisationen: [], today });

  it("sperrt unbefristet oder bis zu einem Tag nach heute, im Namen einer der eigenen Organisationen", () => {
    expect(parse(neu, { lockedBy: SCHULE_B, dauer: "unbefristet" })).toMatchObject({ value: { lockedBy: SCHULE_B, bis: null } });
    expect(parse(neu, { lockedBy: SCHULE_C, dauer: "befristet", datum: "24.11.2026" })).toMatchObject({
      value: { lockedBy: SCHULE_C, bis: "2026-11-24" },
    });
  });

  it("verlangt eine sperrende Organisation, und zwar eine der angebotenen", () => {
    expect(errorsOf(parse(neu, { dauer: "unbefristet" }))?.lockedBy).toEqual(["personAktionen:lock.validation.organisation"]);
    expect(errorsOf(parse(neu, { lockedBy: "3f1c7a52-0000-4a8e-9a51-6c2b8e0f4d11", dauer: "unbefristet" }))?.lockedBy).toEqual([
      "personAktionen:lock.validation.organisation",
    ]);
  });

  it("das Datum: Pflicht, gültig, nicht heute und nicht in der Vergangenheit", () => {
    const datum = (text?: string) =>
      errorsOf(parse(neu, { lockedBy: SCHULE_B, dauer: "befristet", ...(text === undefined ? {} : { datum: text }) }))?.datum;
    expect(datum()).toEqual(["validation.date.required"]);
    expect(datum("2026-12-01")).toEqual(["validation.date.format"]);
    expect(datum("31.02.2027")).toEqual(["validation.date.noSuchDay"]);
    expect(datum("23.11.2026")).toEqual(["validation.date.notInFuture"]);
    expect(datum("01.01.2020")).toEqual(["validation.date.notInFuture"]);
  });

  it("ein Datum neben „Unbefristet“ wird nachgefragt, keine Dauer gewählt ebenso", () => {
    expect(errorsOf(parse(neu, { lockedBy: SCHULE_B, dauer: "unbefristet", datum: "01.12.2026" }))?.datum).toEqual([
      "personAktionen:lock.validation.datumOhneBefristung",
    ]);
    expect(errorsOf(parse(neu, { lockedBy: SCHULE_B }))?.dauer).toEqual(["personAktionen:lock.validation.dauer"]);
  });

  it("eine Sperre ändern: keine Organisation, aber die Bestätigung", () => {
    expect(errorsOf(parse(aendern, { dauer: "unbefristet" }))?.bestaetigt).toEqual(["personAktionen:lock.validation.bestaetigt"]);
    expect(parse(aendern, { dauer: "befristet", datum: "05.01.2027", bestaetigt: "ja" })).toMatchObject({ value: { bis: "2027-01-05" } });
  });
});

describe("Entsperren und KoPers-Nummer: Formularregeln", () => {
  it("entsperren nur mit Bestätigung", () => {
    expect(errorsOf(parse(entsperrenSchema, {}))?.bestaetigt).toEqual(["personAktionen:lock.validation.bestaetigt"]);
    expect(parse(entsperrenSchema, { bestaetigt: "ja" }).status).toBe("success");
  });

  it("die KoPers-Nummer ist Pflicht und ohne Leerzeichen am Rand", () => {
    expect(errorsOf(parse(kopersSchema, {}))?.personalnummer).toEqual(["personAktionen:kopers.validation.required"]);
    expect(errorsOf(parse(kopersSchema, { personalnummer: " 4711" }))?.personalnummer).toEqual([
      "personAktionen:kopers.validation.outerSpaces",
    ]);
    expect(parse(kopersSchema, { personalnummer: "4711999" })).toMatchObject({ value: { personalnummer: "4711999" } });
  });
});
