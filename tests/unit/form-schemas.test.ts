import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { CreateKlasseSchema, RenameKlasseSchema } from "~/features/klassen/klasse-forms";

const SCHULE = "3f1c7a52-0d4e-4a8e-9a51-6c2b8e0f4d11";

function createErrors(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  const submission = parseWithZod(formData, { schema: CreateKlasseSchema });
  return submission.status === "success" ? {} : submission.reply().error;
}

describe("class form rules (spec section 5)", () => {
  it("accepts a usual class name", () => {
    expect(createErrors({ schule: SCHULE, name: "10b (Profil Sport)" })).toEqual({});
  });

  it("requires a school and a name", () => {
    const errors = createErrors({});
    expect(errors?.schule).toEqual(["validation.schule.required"]);
    expect(errors?.name).toEqual(["klassen:validation.name.required"]);
  });

  it("refuses leading and trailing spaces", () => {
    expect(createErrors({ schule: SCHULE, name: " 5a" })?.name).toContain("validation.noOuterSpaces");
    expect(createErrors({ schule: SCHULE, name: "5a " })?.name).toContain("validation.noOuterSpaces");
  });

  it("refuses a name of punctuation only", () => {
    expect(createErrors({ schule: SCHULE, name: "--" })?.name).toContain("klassen:validation.name.letterOrDigit");
  });

  it("refuses characters outside names", () => {
    expect(createErrors({ schule: SCHULE, name: "5a<script>" })?.name).toContain("validation.invalidCharacters");
  });

  it("accepts umlauts next to a letter or digit", () => {
    expect(createErrors({ schule: SCHULE, name: "Übergang 2" })).toEqual({});
  });

  it("needs the version the rename form was rendered from", () => {
    const formData = new FormData();
    formData.set("name", "6c");
    expect(parseWithZod(formData, { schema: RenameKlasseSchema }).status).toBe("error");
    formData.set("version", "3");
    const submission = parseWithZod(formData, { schema: RenameKlasseSchema });
    expect(submission.status === "success" && submission.value).toEqual({ name: "6c", version: 3 });
  });
});
