import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { einmalpasswortSchema } from "~/features/zwei-faktor/zwei-faktor-forms";
import { setupTarget } from "~/features/zwei-faktor/zwei-faktor-einrichten.server";

const request = (query: string) => new Request(`http://portal.test/profile/zwei-faktor${query}`);
const otp = (value: string) => {
  const form = new FormData();
  form.set("otp", value);
  return parseWithZod(form, { schema: einmalpasswortSchema });
};
const errorsOf = (value: string) => {
  const submission = otp(value);
  return submission.status === "error" ? submission.error : null;
};

describe("Eigenen zweiten Faktor einrichten", () => {
  it("nach der Einrichtung geht es zur gewünschten Seite des Portals, sonst zum Profil", () => {
    expect(setupTarget(request("?zurueck=%2Fadmin%2Fklassen%3Fseite%3D2"))).toBe("/admin/klassen?seite=2");
    expect(setupTarget(request(""))).toBe("/profile");
    expect(setupTarget(request("?zurueck=https%3A%2F%2Fevil.example%2F"))).toBe("/profile");
    expect(setupTarget(request("?zurueck=%2F%2Fevil.example"))).toBe("/profile");
    // The API is no page to return to (the logout, the login).
    expect(setupTarget(request("?zurueck=%2Fapi%2Fauth%2Flogout"))).toBe("/profile");
    expect(setupTarget(request("?zurueck=%2Fapi"))).toBe("/profile");
  });

  it("das Einmalpasswort hat sechs Ziffern; Leerzeichen aus der App zählen nicht", () => {
    const ok = otp(" 123 456 ");
    expect(ok.status).toBe("success");
    expect(ok.status === "success" ? ok.value.otp : null).toBe("123456");
    expect(errorsOf("")).toEqual({ otp: ["zweiFaktor:self.validation.otp"] });
    expect(errorsOf("12345")).toEqual({ otp: ["zweiFaktor:self.validation.otpFormat"] });
    expect(errorsOf("12ab56")).toEqual({ otp: ["zweiFaktor:self.validation.otpFormat"] });
    expect(errorsOf("1234567")).toEqual({ otp: ["zweiFaktor:self.validation.otpFormat"] });
  });
});
