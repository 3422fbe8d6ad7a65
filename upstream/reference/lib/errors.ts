import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiVersion } from "../env.ts";

/**
 * Error bodies of the upstream. Which body an error gets depends on two things known only when the response is
 * rendered: the imitated API version (the current upstream answers Dbiam bodies `{i18nKey, code}` where the pinned
 * one answered SchulConneX bodies) and the controller family of the route (the SchulConneX endpoints keep
 * SchulConneX bodies; the pinned 2FA controller had NestJS default bodies and no authentication filter).
 * Handlers therefore throw an `HttpError` that carries a renderer; `app.ts` renders it with both facts.
 */
export type ControllerFamily = "default" | "schulconnex" | "twoFactor" | "landesbediensteter";

export interface ErrorContext {
  version: ApiVersion;
  family: ControllerFamily;
}

export interface RenderedError {
  status: ContentfulStatusCode;
  body: Record<string, unknown>;
}

export class HttpError extends Error {
  constructor(
    label: string,
    private readonly renderer: (context: ErrorContext) => RenderedError,
  ) {
    super(label);
  }

  render(context: ErrorContext): RenderedError {
    return this.renderer(context);
  }
}

const rendered = (status: number, body: Record<string, unknown>): RenderedError => ({
  status: status as ContentfulStatusCode,
  body,
});

/** Dbiam body; `status` differs from `code` only for the documented quirks (e.g. code 500 sent with HTTP 400). */
const dbiamBody = (i18nKey: string, code: number, status: number = code) => rendered(status, { i18nKey, code });

/** An error whose body is the same in every version and family. */
export const dbiamError = (i18nKey: string, code: number, status: number = code) =>
  new HttpError(i18nKey, () => dbiamBody(i18nKey, code, status));

const SCHULCONNEX_TITEL = {
  notFound: "Angefragte Entität existiert nicht",
  internal: "Interner Serverfehler",
  badRequest: "Fehlerhafte Anfrage",
  unauthorized: "Zugang verweigert",
  forbidden: "Fehlende Rechte",
} as const;

const schulconnexBody = (code: number, subcode: string, titel: string, beschreibung: string) =>
  rendered(code, { code, subcode, titel, beschreibung });

const scNotFound = () =>
  schulconnexBody(404, "01", SCHULCONNEX_TITEL.notFound, "Die angefragte Entität existiert nicht oder ist nicht zugänglich.");
const scInternal = (beschreibung = "Es ist ein unbekannter Fehler aufgetreten.") =>
  schulconnexBody(500, "00", SCHULCONNEX_TITEL.internal, beschreibung);
const scDatabase = () => scInternal("Bei der Verarbeitung in der Datenbank ist ein Fehler aufgetreten.");

/** True where the route answers SchulConneX bodies for shared errors: always on those endpoints, everywhere pinned. */
const schulconnexShared = ({ version, family }: ErrorContext) => family === "schulconnex" || version === "pinned";

/** Entity does not exist. Current: `ENTITY_NOT_FOUND`; pinned: SchulConneX 404/01. */
export const notFound = () =>
  new HttpError("ENTITY_NOT_FOUND", (context) => (schulconnexShared(context) ? scNotFound() : dbiamBody("ENTITY_NOT_FOUND", 404)));

/** Caller lacks the right. Current: `MISSING_PERMISSIONS` (still 404); pinned: indistinguishable from not-found. */
export const missingPermissions = () =>
  new HttpError("MISSING_PERMISSIONS", (context) => (schulconnexShared(context) ? scNotFound() : dbiamBody("MISSING_PERMISSIONS", 404)));

/** Unmapped failure. Current: `INTERNAL_SERVER_ERROR`; pinned: SchulConneX 500 "unknown". */
export const internalError = () =>
  new HttpError("INTERNAL_SERVER_ERROR", (context) =>
    schulconnexShared(context) ? scInternal() : dbiamBody("INTERNAL_SERVER_ERROR", 500),
  );

/** Creation/update failures of shared domain errors: `ENTITY_COULD_NOT_BE_*` now, SchulConneX 500 before. */
export const couldNotBe = (what: "CREATED" | "UPDATED" | "DELETED") =>
  new HttpError(`ENTITY_COULD_NOT_BE_${what}`, (context) =>
    schulconnexShared(context)
      ? scInternal(`Die Entität konnte nicht ${{ CREATED: "angelegt", UPDATED: "aktualisiert", DELETED: "gelöscht" }[what]} werden.`)
      : dbiamBody(`ENTITY_COULD_NOT_BE_${what}`, 500),
  );

/** A database driver error. Current: `DB_ERROR`; pinned (and SchulConneX endpoints): SchulConneX 500 "database". */
export const databaseError = () =>
  new HttpError("DB_ERROR", (context) => (schulconnexShared(context) ? scDatabase() : dbiamBody("DB_ERROR", 500)));

/** Not logged in. Current: `UNAUTHORIZED` (SchulConneX 401 on those endpoints); pinned: NestJS plain 401. */
export const unauthorized = () =>
  new HttpError("UNAUTHORIZED", ({ version, family }) => {
    if (version === "pinned") return rendered(401, { statusCode: 401, message: "Unauthorized" });
    if (family === "schulconnex") {
      return schulconnexBody(401, "00", SCHULCONNEX_TITEL.unauthorized, "Für diese Anfrage ist eine Anmeldung erforderlich.");
    }
    return dbiamBody("UNAUTHORIZED", 401);
  });

/**
 * Logged in but without the right a list endpoint needs (person list, quirk Q8). Current: `UNAUTHORIZED`; pinned: the
 * NestJS default body of an UnauthorizedException("NOT_AUTHORIZED").
 */
export const listNotAuthorized = () =>
  new HttpError("NOT_AUTHORIZED", ({ version }) =>
    version === "pinned"
      ? rendered(401, { message: "NOT_AUTHORIZED", error: "Unauthorized", statusCode: 401 })
      : dbiamBody("UNAUTHORIZED", 401),
  );

export const stepUpRequired = () => dbiamError("REQUIRED_STEP_UP_LEVEL_NOT_MET", 403);

/**
 * The session's person vanished. Current: Dbiam 403 everywhere except the SchulConneX endpoints (SchulConneX 403);
 * pinned: Dbiam 403 where the controller had the authentication filter, a generic 500 on the 2FA controller.
 */
export const personVanished = () =>
  new HttpError("KEYCLOAK_USER_NOT_FOUND", ({ version, family }) => {
    if (version === "current" && family === "schulconnex") {
      return schulconnexBody(403, "00", SCHULCONNEX_TITEL.forbidden, "Zur angemeldeten Kennung gibt es keine Person.");
    }
    if (version === "pinned" && family === "twoFactor") return scInternal();
    return dbiamBody("KEYCLOAK_USER_NOT_FOUND", 403);
  });

/** The CSRF guard of the current upstream answers the NestJS default 400 (no i18nKey, no numeric code). */
export const csrfRejected = () =>
  new HttpError("CSRF", () => rendered(400, { message: "Invalid or missing CSRF token", error: "Bad Request", statusCode: 400 }));

/**
 * The 2FA controller's "target not visible" 403 is the serialised internal error object: pinned `{code}`, current
 * (class fields kept by the newer compiler target) `{message, code}`.
 */
export const twoFactorTargetNotFound = (personId: string) =>
  new HttpError("ENTITY_NOT_FOUND", ({ version }) =>
    version === "pinned"
      ? rendered(403, { code: "ENTITY_NOT_FOUND" })
      : rendered(403, { message: `requested Person with the following ID ${personId} was not found`, code: "ENTITY_NOT_FOUND" }),
  );

/** `PUT /api/organisationen/{id}` of an unknown id: the NestJS default 404 body in both versions (§4.5, shape C). */
export const organisationNotFoundPlain = (organisationId: string) =>
  new HttpError("NOT_FOUND", () =>
    rendered(404, { message: `Organisation ${organisationId} not found`, error: "Not Found", statusCode: 404 }),
  );

/** NestJS default body of an unknown route (both versions). */
export const routeNotFoundBody = (method: string, path: string) => ({
  message: `Cannot ${method} ${path}`,
  error: "Not Found",
  statusCode: 404,
});

/** Shape D body of the login redirect for accounts without a person. */
export const LOGIN_USER_NOT_FOUND_BODY = {
  DbiamAuthenticationError: { code: 403, i18nKey: "KEYCLOAK_USER_NOT_FOUND" },
} as const;
