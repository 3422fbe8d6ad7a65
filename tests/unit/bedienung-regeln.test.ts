import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { hasChanges } from "~/form-changes";
import { CreateKlasseSchema } from "~/features/klassen/klasse-forms";
import { sharedI18nInstance } from "~/.server/i18n.server";

const SCHULE = "3f1c7a52-0d4e-4a8e-9a51-6c2b8e0f4d11";

function nameErrors(name: string): string[] {
  const formData = new FormData();
  formData.set("schule", SCHULE);
  formData.set("name", name);
  const submission = parseWithZod(formData, { schema: CreateKlasseSchema });
  return submission.status === "success" ? [] : (submission.reply().error?.name ?? []);
}

describe("a class name needs a letter from A to Z or a digit, as the upstream counts them", () => {
  it("refuses umlauts and ß alone, and says so in German", () => {
    for (const name of ["Ü", "ß", "Äö"]) expect(nameErrors(name)).toEqual(["klassen:validation.name.letterOrDigit"]);
    const message = sharedI18nInstance.t("klassen:validation.name.letterOrDigit");
    expect(message).toContain("Umlaute und ß allein reichen dafür nicht");
    expect(message).not.toContain("(A–Z)");
  });

  it("accepts umlauts next to a letter from A to Z or a digit", () => {
    for (const name of ["Üb", "5ä", "Straße 1"]) expect(nameErrors(name)).toEqual([]);
  });
});

describe("an edit form saves only a change", () => {
  it("finds no change when the stored fields are submitted as they are", () => {
    expect(hasChanges({ name: "7a", version: 3 }, { name: "7a" })).toBe(false);
  });

  it("finds a change in any stored field, but not in bookkeeping fields such as the version", () => {
    expect(hasChanges({ name: "7b", version: 3 }, { name: "7a" })).toBe(true);
    expect(hasChanges({ name: "7a", version: 4 }, { name: "7a" })).toBe(false);
  });
});
