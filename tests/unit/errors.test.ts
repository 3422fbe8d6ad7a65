import { describe, expect, it } from "vitest";
import { chooseErrorCode } from "~/errors";

describe("choosing the error code to show (spec section 8)", () => {
  it("prefers the upstream's i18nKey", () => {
    expect(chooseErrorCode({ i18nKey: "KLASSENNAME_AN_SCHULE_EINDEUTIG", code: 400 }, "KLASSE_ERROR")).toBe(
      "KLASSENNAME_AN_SCHULE_EINDEUTIG",
    );
  });

  it("falls back to the numeric code of a SchulConnex error", () => {
    expect(chooseErrorCode({ code: 404, subcode: "01", titel: "x", beschreibung: "y" }, "KLASSE_ERROR")).toBe("404");
  });

  it("uses the call's default when the body names nothing", () => {
    expect(chooseErrorCode({ statusCode: 413, message: "File too large" }, "ERROR_UPLOADING_FILE")).toBe(
      "ERROR_UPLOADING_FILE",
    );
    expect(chooseErrorCode(null, "KLASSE_ERROR")).toBe("KLASSE_ERROR");
  });

  it("ends at UNSPECIFIED_ERROR for codes without a German text", () => {
    expect(chooseErrorCode({ i18nKey: "SOMETHING_NEW" })).toBe("UNSPECIFIED_ERROR");
    expect(chooseErrorCode({ i18nKey: "SOMETHING_NEW" }, "KLASSE_ERROR")).toBe("KLASSE_ERROR");
  });

  it("trims the upstream key that carries a leading space", () => {
    expect(chooseErrorCode({ i18nKey: " BEFRISTUNG_REQUIRED_FOR_PERSONENKONTEXT", code: 400 })).toBe(
      "BEFRISTUNG_REQUIRED_FOR_PERSONENKONTEXT",
    );
  });
});
