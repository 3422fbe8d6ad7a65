import errorTexts from "../locales/de/errors.json";

export type ErrorCode = string;
const knownCodes = new Set(Object.keys(errorTexts));

/**
 * Error code choice of spec section 8: the body's i18nKey, then its code, then the call's default,
 * then UNSPECIFIED_ERROR. A candidate without German text is skipped, so every code we show has a
 * title and a message.
 */
export function chooseErrorCode(body: unknown, callDefault = "UNSPECIFIED_ERROR"): ErrorCode {
  const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const candidates = [fields.i18nKey, fields.code, callDefault, "UNSPECIFIED_ERROR"]
    .filter((value) => typeof value === "string" || typeof value === "number")
    // One upstream key carries a leading space (PERSONS.md §1.5.2); normalise it.
    .map((value) => String(value).trim());
  return candidates.find((code) => knownCodes.has(code)) ?? "UNSPECIFIED_ERROR";
}

export function errorTitleKey(code: ErrorCode): string {
  return `errors:${knownCodes.has(code) ? code : "UNSPECIFIED_ERROR"}.title`;
}

export function errorMessageKey(code: ErrorCode): string {
  return `errors:${knownCodes.has(code) ? code : "UNSPECIFIED_ERROR"}.message`;
}
