import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { HINWEIS_MAX_LENGTH, HinweisSchema } from "~/features/hinweise/hinweis-forms";
import { wantedPublication, type Hinweis } from "~/features/hinweise/hinweise.server";

function parse(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return parseWithZod(formData, { schema: HinweisSchema });
}

const errorsOf = (fields: Record<string, string>) => {
  const submission = parse(fields);
  return submission.status === "success" ? {} : submission.reply().error;
};

describe("Regeln des Hinweistexts (1 bis 2000 Zeichen)", () => {
  it("nimmt 2000 Zeichen an und lehnt 2001 mit der Meldung zur Länge ab", () => {
    expect(errorsOf({ inhalt: "a".repeat(HINWEIS_MAX_LENGTH), revision: "3" })).toEqual({});
    expect(errorsOf({ inhalt: "a".repeat(HINWEIS_MAX_LENGTH + 1), revision: "3" })?.inhalt).toEqual(["hinweise:validation.inhalt.tooLong"]);
  });

  it("lehnt einen leeren oder nur aus Leerzeichen bestehenden Text ab", () => {
    expect(errorsOf({ inhalt: "", revision: "0" })?.inhalt).toEqual(["hinweise:validation.inhalt.required"]);
    expect(errorsOf({ inhalt: "  \r\n ", revision: "0" })?.inhalt).toEqual(["hinweise:validation.inhalt.required"]);
  });

  it("zählt einen vom Browser gesendeten Zeilenumbruch (CR LF) als ein Zeichen und speichert ihn als LF", () => {
    const text = `${"a".repeat(999)}\r\n${"b".repeat(1000)}`;
    const submission = parse({ inhalt: text, revision: "1" });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.inhalt).toBe(`${"a".repeat(999)}\n${"b".repeat(1000)}`);
  });

  it("ein Post ohne Knopf speichert nur den Text, ein unbekannter Knopf ebenso", () => {
    for (const intent of [undefined, "loeschen"]) {
      const submission = parse({ inhalt: "Text", revision: "1", ...(intent ? { intent } : {}) });
      expect(submission.status === "success" && submission.value.intent).toBe("speichern");
    }
  });

  it("der Browser bekommt die Pflicht als Einschränkung des Felds", () => {
    expect(getZodConstraint(HinweisSchema).inhalt?.required).toBe(true);
  });
});

describe("Veröffentlichungsstand je Knopf", () => {
  const veroeffentlicht: Hinweis = { id: "x", inhalt: "Text", veroeffentlicht: true, revision: 2 };
  const nicht: Hinweis = { ...veroeffentlicht, veroeffentlicht: false };
  it("„Speichern“ lässt den Stand, wie er ist; die anderen Knöpfe setzen ihn", () => {
    expect(wantedPublication("speichern", veroeffentlicht)).toBe(true);
    expect(wantedPublication("speichern", nicht)).toBe(false);
    expect(wantedPublication("veroeffentlichen", nicht)).toBe(true);
    expect(wantedPublication("beenden", veroeffentlicht)).toBe(false);
  });
});
