import { describe, expect, it } from "vitest";
import { chooseErrorCode } from "~/.server/error-codes.server";

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
    expect(chooseErrorCode({ statusCode: 413, message: "File too large" }, "ERROR_UPLOADING_FILE")).toBe("ERROR_UPLOADING_FILE");
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

  it("shows the current upstream's string keys rather than the numeric code next to them", () => {
    expect(chooseErrorCode({ i18nKey: "ENTITY_NOT_FOUND", code: 404 }, "KLASSE_ERROR")).toBe("ENTITY_NOT_FOUND");
    expect(chooseErrorCode({ i18nKey: "ORGANISATION_HAT_PERSONENKONTEXTE", code: 400 }, "KLASSE_ERROR")).toBe(
      "ORGANISATION_HAT_PERSONENKONTEXTE",
    );
    expect(chooseErrorCode({ i18nKey: "INTERNAL_SERVER_ERROR", code: 500 })).toBe("INTERNAL_SERVER_ERROR");
    expect(chooseErrorCode({ i18nKey: "VALIDATION_ERROR", code: 400 }, "KLASSE_ERROR")).toBe("VALIDATION_ERROR");
  });

  it("reads the 2FA permission failure with its message as ENTITY_NOT_FOUND", () => {
    expect(chooseErrorCode({ message: "requested Person with the following ID x was not found", code: "ENTITY_NOT_FOUND" })).toBe(
      "ENTITY_NOT_FOUND",
    );
  });

  it("names the refused CSRF token instead of the call's generic fallback", () => {
    const refusal = { message: "Invalid or missing CSRF token", error: "Bad Request", statusCode: 400 };
    expect(chooseErrorCode(refusal, "KLASSE_ERROR")).toBe("CSRF_TOKEN_INVALID");
    // Another NestJS 400 stays with the call's fallback.
    expect(chooseErrorCode({ message: "File is required", error: "Bad Request", statusCode: 400 }, "ERROR_UPLOADING_FILE")).toBe(
      "ERROR_UPLOADING_FILE",
    );
  });

  it("folds every revision conflict into the conflict code of a call that offers to load the current state", () => {
    const rename = (body: unknown) => chooseErrorCode(body, "KLASSE_ERROR", { conflict: "NEWER_VERSION_ORGANISATION" });
    // pinned upstream
    expect(rename({ i18nKey: "NEWER_VERSION_ORGANISATION", code: 400 })).toBe("NEWER_VERSION_ORGANISATION");
    // current upstream
    expect(rename({ i18nKey: "MISMATCHED_REVISION", code: 409 })).toBe("NEWER_VERSION_ORGANISATION");
    // a SchulConneX 409 of the pinned shared errors
    expect(rename({ code: 409, subcode: "00", titel: "Konflikt", beschreibung: "x" })).toBe("NEWER_VERSION_ORGANISATION");
    // other failures keep their own code
    expect(rename({ i18nKey: "KLASSENNAME_AN_SCHULE_EINDEUTIG", code: 400 })).toBe("KLASSENNAME_AN_SCHULE_EINDEUTIG");
    expect(rename({ i18nKey: "MISSING_PERMISSIONS", code: 404 })).toBe("MISSING_PERMISSIONS");
  });

  it("lets a call show its own text for an upstream key whose general text fits it less well", () => {
    const deleteKlasse = (body: unknown) =>
      chooseErrorCode(body, "KLASSE_ERROR", {
        renamed: { ORGANISATION_HAT_PERSONENKONTEXTE: "ORGANISATION_IST_BEREITS_ZUGEWIESEN_ERROR" },
      });
    // current upstream, new delete route
    expect(deleteKlasse({ i18nKey: "ORGANISATION_HAT_PERSONENKONTEXTE", code: 400 })).toBe("ORGANISATION_IST_BEREITS_ZUGEWIESEN_ERROR");
    // pinned upstream, old delete route
    expect(deleteKlasse({ i18nKey: "ORGANISATION_IST_BEREITS_ZUGEWIESEN_ERROR", code: 400 })).toBe(
      "ORGANISATION_IST_BEREITS_ZUGEWIESEN_ERROR",
    );
    expect(deleteKlasse({ i18nKey: "ORGANISATION_HAT_KINDER", code: 400 })).toBe("ORGANISATION_HAT_KINDER");
  });

  it("keeps MISMATCHED_REVISION for calls without a conflict code of their own (the notice form)", () => {
    expect(chooseErrorCode({ i18nKey: "MISMATCHED_REVISION", code: 409 }, "MELDUNG_ERROR")).toBe("MISMATCHED_REVISION");
  });
});
