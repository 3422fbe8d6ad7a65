import type errorTexts from "../locales/de/errors.json";

/**
 * An error code with a German title and message in locales/de/errors.json. The server turns whatever the upstream
 * answers into one of these (`chooseErrorCode` in .server/error-codes.server.ts); this module only names the texts,
 * and imports the catalogue's type, not the catalogue: the browser loads it with the pages that show errors.
 */
export type ErrorCode = keyof typeof errorTexts;

export function errorTitleKey(code: ErrorCode) {
  return `errors:${code}.title` as const;
}

export function errorMessageKey(code: ErrorCode) {
  return `errors:${code}.message` as const;
}
