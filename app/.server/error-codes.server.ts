import { CSRF_REFUSAL_MESSAGE } from "@contract/csrf";
import errorTexts from "../../locales/de/errors.json";
import type { ErrorCode } from "~/errors";

const knownCodes: ReadonlySet<string> = new Set(Object.keys(errorTexts));

/** Whether `code` has a German title and message. */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === "string" && knownCodes.has(code);
}

/**
 * Keys meaning "someone else changed this record meanwhile": the pinned upstream's per-module keys,
 * the current upstream's shared `MISMATCHED_REVISION` (409) and the SchulConneX 409 that stands for it
 * in pinned person calls (CHANGES-SINCE-PIN §2.4). A call that offers "load the current state" names
 * its own conflict code, and every key of this family is shown as that one.
 */
export const REVISION_CONFLICT_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  "MISMATCHED_REVISION",
  "NEWER_VERSION_ORGANISATION",
  "NEWER_VERSION_OF_PERSON_AVAILABLE",
  "NEWER_VERSION_OF_ROLLE_AVAILABLE",
  "NEWER_VERSION_OF_PERSONENKONTEXTE_AVAILABLE",
  "409",
]);

/** How one call names the errors it shows, beyond its default code. */
export interface CallErrorCodes {
  /** The code shown for every key of the revision-conflict family. */
  conflict?: ErrorCode;
  /**
   * Upstream keys whose general text fits this call less well than one of its own: the current upstream's
   * `ORGANISATION_HAT_PERSONENKONTEXTE` says on a class delete what the pinned class-delete key said.
   */
  renamed?: Readonly<Record<string, ErrorCode>>;
}

/**
 * Error code choice of spec section 8: the body's i18nKey, then its code, then the call's default,
 * then UNSPECIFIED_ERROR. A candidate without German text is skipped, so every code we show has a
 * title and a message. Then the call's own names apply (`CallErrorCodes`).
 */
export function chooseErrorCode(body: unknown, callDefault: ErrorCode = "UNSPECIFIED_ERROR", call: CallErrorCodes = {}): ErrorCode {
  const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  // The CSRF refusal names neither i18nKey nor code (CHANGES-SINCE-PIN §2.1); by the time it reaches
  // the user the upstream client has fetched a fresh token and retried once.
  if (fields.message === CSRF_REFUSAL_MESSAGE && fields.i18nKey === undefined) return "CSRF_TOKEN_INVALID";
  const candidates = [fields.i18nKey, fields.code, callDefault, "UNSPECIFIED_ERROR"]
    .filter((value) => typeof value === "string" || typeof value === "number")
    // One upstream key carries a leading space (PERSONS.md §1.5.2); normalise it.
    .map((value) => String(value).trim());
  const chosen = candidates.find(isErrorCode) ?? "UNSPECIFIED_ERROR";
  const renamed = call.renamed?.[chosen];
  if (renamed) return renamed;
  return call.conflict && REVISION_CONFLICT_CODES.has(chosen) ? call.conflict : chosen;
}
