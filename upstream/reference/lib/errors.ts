import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * A response-ready error. Handlers throw it; the app's error handler renders `body` with `status`.
 * The four body shapes of the upstream (A: i18nKey/code, B: SchulConnex, C: framework default,
 * D: login redirect) are built by the helpers below so every module answers identically.
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.i18nKey === "string" ? body.i18nKey : `HTTP ${status}`);
  }
}

/** Shape A. `status` differs from `code` only for the documented quirks (e.g. code 500 sent with HTTP 400). */
export const dbiamError = (i18nKey: string, code: number, status: ContentfulStatusCode = code as ContentfulStatusCode) =>
  new HttpError(status, { i18nKey, code });

const SCHULCONNEX_TITEL = {
  notFound: "Angefragte Entität existiert nicht",
  internal: "Interner Serverfehler",
  badRequest: "Fehlerhafte Anfrage",
} as const;

/** Shape B, 404 — used for "does not exist" and, on purpose identically, for "not permitted". */
export const notFound = () =>
  new HttpError(404, {
    code: 404,
    subcode: "01",
    titel: SCHULCONNEX_TITEL.notFound,
    beschreibung: "Die angefragte Entität existiert nicht oder ist nicht zugänglich.",
  });

/** Shape B, 500 — unmapped domain errors and unexpected exceptions. */
export const internalError = (beschreibung = "Es ist ein unbekannter Fehler aufgetreten.") =>
  new HttpError(500, { code: 500, subcode: "00", titel: SCHULCONNEX_TITEL.internal, beschreibung });

export const entityAlreadyExists = () =>
  new HttpError(400, {
    code: 400,
    subcode: "00",
    titel: SCHULCONNEX_TITEL.badRequest,
    beschreibung: "Die Entität existiert bereits.",
  });

/** Shape C, plain 401 (no `error` field, like the framework default). */
export const unauthorized = () => new HttpError(401, { statusCode: 401, message: "Unauthorized" });

export const stepUpRequired = () => dbiamError("REQUIRED_STEP_UP_LEVEL_NOT_MET", 403);
export const personVanished = () => dbiamError("KEYCLOAK_USER_NOT_FOUND", 403);

/** Shape D body of the login redirect for accounts without a person. */
export const LOGIN_USER_NOT_FOUND_BODY = {
  DbiamAuthenticationError: { code: 403, i18nKey: "KEYCLOAK_USER_NOT_FOUND" },
} as const;
