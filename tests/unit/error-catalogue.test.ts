import { describe, expect, it } from "vitest";
import errors from "../../locales/de/errors.json";
import { CREATE_PERSON_ERROR_KEYS, LANDESBEDIENSTETER_ERROR_KEYS } from "../../upstream/contract";

type Entry = { title: string; message: string };
const catalogue: Record<string, Entry> = errors;

// Product spec, section 8: the error codes named per area, plus the defaults for two-factor calls.
const productSpecCodes = [
  // defaults for two-factor calls
  "TOKEN_STATE_ERROR",
  "UNSPECIFIED_ERROR",
  "SOFTWARE_TOKEN_INITIALIZATION_ERROR",
  "HARDWARE_TOKEN_SERVICE_FEHLER",
  "TOKEN_RESET_ERROR",
  "SOFTWARE_TOKEN_VERIFICATION_ERROR",
  // class
  "KLASSE_ERROR",
  "KLASSENNAME_AN_SCHULE_EINDEUTIG",
  "ORGANISATION_IST_BEREITS_ZUGEWIESEN_ERROR",
  "NEWER_VERSION_ORGANISATION",
  "KLASSE_NUR_VON_SCHULE_ADMINISTRIERT",
  "ORGANISATION_SPECIFICATION_ERROR",
  // user
  "PERSONALNUMMER_NICHT_EINDEUTIG",
  "PERSONALNUMMER_REQUIRED",
  "PERSON_NOT_FOUND",
  "NEWER_VERSION_OF_PERSON_AVAILABLE",
  "PERSON_UEM_PASSWORD_MODIFICATION_ERROR",
  "ERROR_LOADING_USER",
  "404",
  // assignment
  "COUNT_MISMATCHING",
  "NEWER_VERSION_OF_PERSONENKONTEXTE_AVAILABLE",
  "INVALID_PERSONENKONTEXT_FOR_PERSON_WITH_ROLLENART_LERN",
  "GLEICHE_ROLLE_AN_KLASSE_WIE_SCHULE",
  "NUR_LEHR_UND_LERN_AN_KLASSE",
  "PERSONENKONTEXT_SPECIFICATION_ERROR",
  "PERSONENKONTEXTE_UPDATE_ERROR",
  "LERN_HAT_KEINE_KLASSE",
  "500",
  // role
  "ADD_SYSTEMRECHT_ERROR",
  "NEWER_VERSION_OF_ROLLE_AVAILABLE",
  "ROLLE_ERROR",
  "ROLLE_HAT_PERSONENKONTEXTE_ERROR",
  "ROLLE_NAME_UNIQUE_ON_SSK",
  "UPDATE_MERKMALE_ERROR",
  "SERVICE_PROVIDER_NICHT_NACHTRAEGLICH_ZUWEISBAR",
  // school
  "KENNUNG_REQUIRED_FOR_SCHULE",
  "NAME_REQUIRED_FOR_SCHULE",
  "NUR_KLASSE_UNTER_SCHULE",
  "SCHULE_KENNUNG_EINDEUTIG",
  "SCHULE_UNTER_TRAEGER",
  "SCHULTRAEGER_ERROR",
  // Schulträger
  "SCHULTRAEGER_NAME_EINDEUTIG",
  "TRAEGER_IN_TRAEGER",
  // organisation
  "ROOT_ORGANISATION_IMMUTABLE",
  "ZYKLUS_IN_ORGANISATION",
  // step-up
  "REQUIRED_STEP_UP_LEVEL_NOT_MET",
  // notices
  "MISMATCHED_REVISION",
  // import (incl. the per-record errors)
  "CSV_PARSING_ERROR",
  "ERROR_IMPORTING_FILE",
  "ERROR_UPLOADING_FILE",
  "CSV_FILE_INVALID_HEADER_ERROR",
  "IMPORT_MAX_USERS_LIMIT_ERROR",
  "IMPORT_DATA_ITEM_KLASSE_IS_TOO_SHORT",
  "IMPORT_DATA_ITEM_KLASSE_NOT_FOUND",
  "IMPORT_DATA_ITEM_NACHNAME_IS_INVALID",
  "IMPORT_DATA_ITEM_NACHNAME_IS_TOO_SHORT",
  "IMPORT_DATA_ITEM_VORNAME_IS_INVALID",
  "IMPORT_DATA_ITEM_VORNAME_IS_TOO_SHORT",
  // two-factor
  "SERIENNUMMER_NICHT_GEFUNDEN",
  "SERIENNUMMER_IN_VERWENDUNG",
  "OTP_NICHT_GUELTIG",
  "PI_UNAVAILABLE_ERROR",
  "UNKNOWN_ERROR",
  // login
  "KEYCLOAK_CLIENT_ERROR",
  "USER_AUTHENTICATION_FAILED_ERROR",
  "NOT_FOUND",
  "UNKNOWN_USER",
];

// Original client inventory §5.1: call-specific defaults used when a response carries no code.
const clientDefaultCodes = [
  "UNSPECIFIED_ERROR",
  "ERROR_LOADING_USER",
  "PERSONENKONTEXTE_UPDATE_ERROR",
  "ORGANISATION_SPECIFICATION_ERROR",
  "KLASSE_ERROR",
  "SCHULTRAEGER_ERROR",
  "ROLLE_ERROR",
  "ROLLE_UPDATE_ERROR",
  "ERROR_UPLOADING_FILE",
  "ERROR_IMPORTING_FILE",
  "IMPORT_TIMEOUT",
  "TOKEN_STATE_ERROR",
  "SOFTWARE_TOKEN_INITIALIZATION_ERROR",
  "HARDWARE_TOKEN_SERVICE_FEHLER",
  "TOKEN_RESET_ERROR",
  "SOFTWARE_TOKEN_VERIFICATION_ERROR",
  "PERSON_DATA_NOT_FOUND",
];

// Original client inventory §5.2–§5.12 (area tables) and §5.13 (codes the old client never translated).
const clientAreaCodes = [
  "LANDESBEDIENSTETER_SEARCH_NO_PERSON_FOUND",
  "LANDESBEDIENSTETER_SEARCH_MULTIPLE_PERSONS_FOUND",
  "DUPLICATE_KLASSENKONTEXT_FOR_SAME_ROLLE",
  "PERSON_ERROR",
  "VORNAME_ENTHAELT_LEERZEICHEN",
  "FAMILIENNAME_ENTHAELT_LEERZEICHEN",
  "DOWNSTREAM_UNREACHABLE",
  "ORGANISATION_MATCHES_ROLLENART",
  "PERSONENKONTEXT_ANLAGE_ERROR",
  "ROLLE_NUR_AN_PASSENDE_ORGANISATION",
  "PERSONENKONTEXT_NOT_FOUND",
  "INVALID_LAST_MODIFIED_VALUE",
  "PERSON_ID_MISMATCH",
  "BEFRISTUNG_REQUIRED_FOR_PERSONENKONTEXT",
  "NAME_REQUIRED_FOR_KLASSE",
  "NAME_ENTHAELT_LEERZEICHEN",
  "KENNUNG_ENTHAELT_LEERZEICHEN",
  "EMAIL_ADRESS_ON_ORGANISATION_TYP",
  "ORGANISATION_WECHSELT_TEILBAUM",
  "ORGANISATION_ZUWEISUNG_FEHLER",
  "ROLLENNAME_ENTHAELT_LEERZEICHEN",
  "SERVICE_PROVIDER_NICHT_VERFUEGBAR_FUER_ROLLENERWEITERUNG",
  "NO_REDUNDANT_ROLLENERWEITERUNG",
  "IMPORT_ERROR",
  "CSV_FILE_EMPTY_ERROR",
  "CSV_FILE_NO_USERS_ERROR",
  "IMPORT_NUR_LERN_AN_SCHULE_ERROR",
  "IMPORT_TEXT_FILE_CREATION_ERROR",
  "IMPORT_RESULT_QUERY_LIMIT_ERROR",
];

// Upstream ORGANISATIONS_ROLES §11: i18nKey catalogue (incl. declared-only keys and portal-local defaults).
const organisationsRolesI18nKeys = [
  "REQUIRED_STEP_UP_LEVEL_NOT_MET",
  "KEYCLOAK_USER_NOT_FOUND",
  "AUTHENTICATION_ERROR",
  "KENNUNG_REQUIRED_FOR_SCHULE",
  "NAME_REQUIRED_FOR_SCHULE",
  "SCHULE_KENNUNG_EINDEUTIG",
  "NAME_ENTHAELT_LEERZEICHEN",
  "KENNUNG_ENTHAELT_LEERZEICHEN",
  "EMAIL_ADRESS_ON_ORGANISATION_TYP",
  "KLASSE_NUR_VON_SCHULE_ADMINISTRIERT",
  "KLASSENNAME_AN_SCHULE_EINDEUTIG",
  "NAME_REQUIRED_FOR_KLASSE",
  "SCHULTRAEGER_NAME_EINDEUTIG",
  "NEWER_VERSION_ORGANISATION",
  "ORGANISATION_IST_BEREITS_ZUGEWIESEN_ERROR",
  "ORGANISATION_ZUWEISUNG_FEHLER",
  "ORGANISATION_WECHSELT_TEILBAUM",
  "SCHULE_UNTER_TRAEGER",
  "ZYKLUS_IN_ORGANISATION",
  "ORGANISATION_SPECIFICATION_ERROR",
  "ROLLENNAME_ENTHAELT_LEERZEICHEN",
  "ROLLE_NAME_UNIQUE_ON_SSK",
  "UPDATE_MERKMALE_ERROR",
  "SERVICE_PROVIDER_NICHT_NACHTRAEGLICH_ZUWEISBAR",
  "NEWER_VERSION_OF_ROLLE_AVAILABLE",
  "ROLLE_HAT_PERSONENKONTEXTE_ERROR",
  "ADD_SYSTEMRECHT_ERROR",
  "NO_REDUNDANT_ROLLENERWEITERUNG",
  "SERVICE_PROVIDER_NICHT_VERFUEGBAR_FUER_ROLLENERWEITERUNG",
  "ROLLE_ERROR",
  "MELDUNG_INHALT",
  "MELDUNG_ERROR",
  // declared but never produced
  "TRAEGER_IN_TRAEGER",
  "NUR_KLASSE_UNTER_SCHULE",
  "ROOT_ORGANISATION_IMMUTABLE",
  "MISMATCHED_REVISION",
  // portal-local defaults
  "KLASSE_ERROR",
  "SCHULTRAEGER_ERROR",
  "ROLLE_UPDATE_ERROR",
  "UNSPECIFIED_ERROR",
];

// Upstream PERSONS §1.5: SchulConnex numeric codes and every Dbiam*/Landesbediensteter/2FA error family key.
const personsI18nKeys = [
  // SchulConnex bodies surface as their numeric HTTP code
  "400",
  "404",
  "409",
  "500",
  // DbiamPersonError
  "PERSON_ERROR",
  "VORNAME_ENTHAELT_LEERZEICHEN",
  "FAMILIENNAME_ENTHAELT_LEERZEICHEN",
  "PERSON_NOT_FOUND",
  "DOWNSTREAM_UNREACHABLE",
  "PERSONALNUMMER_REQUIRED",
  "NEWER_VERSION_OF_PERSON_AVAILABLE",
  "PERSONALNUMMER_NICHT_EINDEUTIG",
  "PERSON_UEM_PASSWORD_MODIFICATION_ERROR",
  "LANDESBEDIENSTETER_SEARCH_NO_PERSON_FOUND",
  "LANDESBEDIENSTETER_SEARCH_MULTIPLE_PERSONS_FOUND",
  // DbiamPersonenkontextError
  "ROLLE_NUR_AN_PASSENDE_ORGANISATION",
  "LERN_HAT_KEINE_KLASSE",
  "NUR_LEHR_UND_LERN_AN_KLASSE",
  "GLEICHE_ROLLE_AN_KLASSE_WIE_SCHULE",
  "ORGANISATION_MATCHES_ROLLENART",
  "PERSONENKONTEXT_SPECIFICATION_ERROR",
  "PERSONENKONTEXT_ANLAGE_ERROR",
  // DbiamPersonenkontexteUpdateError (the leading space of the Befristung key is trimmed by the app)
  "COUNT_MISMATCHING",
  "NEWER_VERSION_OF_PERSONENKONTEXTE_AVAILABLE",
  "PERSON_ID_MISMATCH",
  "INVALID_PERSONENKONTEXT_FOR_PERSON_WITH_ROLLENART_LERN",
  "BEFRISTUNG_REQUIRED_FOR_PERSONENKONTEXT",
  "DUPLICATE_KLASSENKONTEXT_FOR_SAME_ROLLE",
  "PERSONENKONTEXTE_UPDATE_ERROR",
  "PERSONENKONTEXT_NOT_FOUND",
  "INVALID_LAST_MODIFIED_VALUE",
  // DbiamImportError
  "CSV_PARSING_ERROR",
  "CSV_FILE_EMPTY_ERROR",
  "CSV_FILE_INVALID_HEADER_ERROR",
  "IMPORT_MAX_USERS_LIMIT_ERROR",
  "CSV_FILE_NO_USERS_ERROR",
  "IMPORT_NUR_LERN_AN_SCHULE_ERROR",
  "IMPORT_RESULT_QUERY_LIMIT_ERROR",
  "IMPORT_TEXT_FILE_CREATION_ERROR",
  "IMPORT_ERROR",
  // DbiamAuthenticationError
  "REQUIRED_STEP_UP_LEVEL_NOT_MET",
  "KEYCLOAK_USER_NOT_FOUND",
  "AUTHENTICATION_ERROR",
  // LandesbediensteterError
  "MISSING_PERMISSIONS",
  "NOT_FOUND",
  "LANDESBEDIENSTETER_ERROR",
  "UPDATE_ERROR",
  // DbiamPrivacyIdeaAdministrationError (D2FA)
  "SERIENNUMMER_NICHT_GEFUNDEN",
  "SERIENNUMMER_IN_VERWENDUNG",
  "OTP_NICHT_GUELTIG",
  "HARDWARE_TOKEN_SERVICE_FEHLER",
  "TOKEN_RESET_ERROR",
  "TWO_AUTH_STATE_ERROR",
  "SOFTWARE_TOKEN_VERIFICATION_ERROR",
  "USERNAME_EXISTS_ERROR",
  "DELETE_USER_ERROR",
  "SOFTWARE_TOKEN_INITIALIZATION_ERROR",
  "TOKEN_STATE_ERROR",
  "PI_UNAVAILABLE_ERROR",
  "PRIVACY_IDEA_ADMINISTRATION_ERROR",
  // 2FA permission failure body {"code":"ENTITY_NOT_FOUND"}
  "ENTITY_NOT_FOUND",
];

/**
 * The current upstream (CHANGES-SINCE-PIN §2.4, §2.5, §2.9, §3): keys a call the portal makes today or
 * in a screen of the spec can produce. Left out on purpose, because no such call can produce them:
 * USER_EXTERNAL_DATA_WORKFLOW_ERROR and MULTIPLE_ROLLENARTEN (identity provider's internal callback),
 * MISSING_ATTRIBUTE, VIDIS_API_ERROR, VIDIS_ERROR (VIDIS sync), DUPLICATE_NAME, INVALID_LOGO_COMBINATION,
 * (offer editing, which the spec does not plan), MISSING_MERKMAL_VERFUEGBAR_FUER_ROLLENERWEITERUNG_ERROR and the per-role keys
 * of the bulk Rollenerweiterung endpoint (not planned either).
 */
const currentUpstreamKeys = [
  // shared domain errors (§2.4)
  "ENTITY_NOT_FOUND",
  "MISSING_PERMISSIONS",
  "MISMATCHED_REVISION",
  "INVALID_ATTRIBUTE_LENGTH",
  "INVALID_CHARACTER_SET",
  "INVALID_NAME",
  "ENTITY_ALREADY_EXISTS",
  "PERSON_ALREADY_EXISTS",
  "EXCEEDS_LIMIT",
  "ENTITY_COULD_NOT_BE_CREATED",
  "ENTITY_COULD_NOT_BE_UPDATED",
  "ENTITY_COULD_NOT_BE_DELETED",
  "KEYCLOAK_CLIENT_ERROR",
  "EMAIL_MICROSERVICE_COMMUNICATION_ERROR",
  "INTERNAL",
  // global filter (§2.4)
  "DB_ERROR",
  "INTERNAL_SERVER_ERROR",
  // validation (§2.5)
  "VALIDATION_ERROR",
  "REQUIRED_VALUE",
  "INVALID_DATE",
  "INVALID_ENUM",
  "INVALID_LENGTH",
  // authentication (§2.4, §2.3)
  "UNAUTHORIZED",
  "KEYCLOAK_USER_NOT_FOUND",
  "REQUIRED_STEP_UP_LEVEL_NOT_MET",
  // person-context update (§3.6, §3.8)
  "LERN_NOT_AT_SCHULE_AND_KLASSE",
  // organisation delete (§4)
  "ORGANISATION_HAT_KINDER",
  "ORGANISATION_HAT_ZUGEHOERIGE",
  "ORGANISATION_HAT_ROLLEN",
  "ORGANISATION_HAT_PERSONENKONTEXTE",
  "ORGANISATION_HAT_ANGEBOTE",
  "ORGANISATION_HAT_ROLLENERWEITERUNGEN",
  // roles (§3.10)
  "SERVICE_PROVIDER_PROVIDED_OUT_OF_TREE",
  // offer delete (§4; issue 34 §2)
  "VIDIS_SERVICE_PROVIDER_IMMUTABLE",
  "ATTACHED_ROLLEN",
  "ATTACHED_ROLLENERWEITERUNGEN",
  // offer create and edit (§4; issue 34 §1, §2), the one-step school offers (§4), VIDIS (§4; issue 34 §5)
  "DUPLICATE_NAME",
  "INVALID_LOGO_COMBINATION",
  "MISSING_MERKMAL_VERFUEGBAR_FUER_ROLLENERWEITERUNG_ERROR",
  "MISSING_ATTRIBUTE",
  "VIDIS_API_ERROR",
  "VIDIS_ERROR",
  // offers list (§3.9) and role extension (§3.10): the modules' fallbacks
  "SERVICE_PROVIDER_ERROR",
  "ROLLENERWEITERUNG_ERROR",
  // import execute precondition (§3.5), person errors (§3.7)
  "IMPORT_ERROR",
  "PERSON_ERROR",
];

// Codes the rebuilt portal raises itself (gateway/timeout handling, login, bulk and import fallbacks).
const portalCodes = [
  // an offer's save that would remove Rollenerweiterungen, before it is confirmed (issue 34 §2)
  "ERWEITERUNGEN_WERDEN_ENTFERNT",
  "UPSTREAM_UNAVAILABLE",
  "UPSTREAM_TIMEOUT",
  // what a write that timed out came to after the portal looked again (docs/decisions/011)
  "WRITE_NOT_SAVED",
  "WRITE_OUTCOME_UNKNOWN",
  // a one-time password's confirmation sent a second time (a reload re-posts it)
  "ONE_TIME_ALREADY_DONE",
  // the same for the QR code of a new software token
  "QR_CODE_ALREADY_SHOWN",
  // a found state employee who can no longer be added (the upstream's bare NOT_FOUND of the add call)
  "LANDESBEDIENSTETER_NICHT_HINZUFUEGBAR",
  // a bulk class move reached a person who is no longer only a pupil (app/features/mehrfach/schritte.server.ts)
  "MEHRFACH_NUR_SCHUELER",
  // a bulk run sent a second time (its result page reloaded): it does not run again (app/features/mehrfach/ausfuehren.server.ts)
  "MEHRFACH_BEREITS_AUSGEFUEHRT",
  // a school delete against an upstream without the route (the pinned release; app/.server/upstream/organisationen.server.ts)
  "SCHULE_LOESCHEN_NICHT_ANGEBOTEN",
  // a workflow step without its roles, where the server has no role list for the creation either (personenkontext-workflow.server.ts)
  "WORKFLOW_OHNE_ROLLEN",
  "CROSS_ORIGIN_REQUEST",
  // the front door: TRACE and other methods the portal does not answer (app/.server/front-door.server.tsx)
  "METHOD_NOT_ALLOWED",
  "FORM_ENCODING_UNSUPPORTED",
  "FORM_UNREADABLE",
  "FORM_TOO_LARGE",
  "FORM_INVALID_CHARACTERS",
  // the current upstream kept refusing the session's CSRF token after a fresh one was fetched
  "CSRF_TOKEN_INVALID",
  "NOT_FOUND",
  "UNKNOWN_USER",
  "KEYCLOAK_CLIENT_ERROR",
  "USER_AUTHENTICATION_FAILED_ERROR",
  "IMPORT_TIMEOUT",
  "PERSON_DATA_NOT_FOUND",
  "ROLLE_UPDATE_ERROR",
  "SCHULTRAEGER_ERROR",
  "TWO_AUTH_STATE_ERROR",
  "UNKNOWN_ERROR",
  "400",
  "403",
  "404",
  "409",
  "500",
  "502",
  "503",
];

const allCodes = [
  ...new Set([
    ...productSpecCodes,
    ...clientDefaultCodes,
    ...clientAreaCodes,
    ...organisationsRolesI18nKeys,
    ...personsI18nKeys,
    ...currentUpstreamKeys,
    ...portalCodes,
  ]),
].sort();

// Words that would betray an untranslated or unfinished text.
const placeholderPattern = /\b(TODO|FIXME|TBD|XXX|lorem|ipsum|undefined|null)\b|\{\{|\}\}|__/i;
const englishPattern = /\b(error|failed|please|could not|not found|unknown|try again|invalid|user|password|the|and|or|is)\b/i;
const rawCodePattern = /\b[A-Z0-9]+(?:_[A-Z0-9]+)+\b/;

function expectGermanEntry(code: string) {
  const entry = catalogue[code];
  expect(entry, `no entry for ${code}`).toBeDefined();
  expect(typeof entry.title, `${code}.title`).toBe("string");
  expect(typeof entry.message, `${code}.message`).toBe("string");
  expect(entry.title.trim(), `${code}.title`).not.toBe("");
  expect(entry.message.trim(), `${code}.message`).not.toBe("");
}

describe("German error catalogue", () => {
  it("every error code named in the product specification has a German title and message", () => {
    for (const code of productSpecCodes) expectGermanEntry(code);
  });

  it("every call-specific default code of the old client has a German title and message", () => {
    for (const code of clientDefaultCodes) expectGermanEntry(code);
  });

  it("codes the old client forgot to translate now have a German title and message", () => {
    for (const code of clientAreaCodes) expectGermanEntry(code);
  });

  it("every upstream error code has a German title and message", () => {
    for (const code of [...organisationsRolesI18nKeys, ...personsI18nKeys]) expectGermanEntry(code);
  });

  it("every key of the current upstream that a planned call can produce has a German title and message", () => {
    for (const code of currentUpstreamKeys) expectGermanEntry(code);
  });

  it("every key that creating a person or adding a state employee can answer, in both versions, has a German title and message", () => {
    for (const code of [...CREATE_PERSON_ERROR_KEYS, ...LANDESBEDIENSTETER_ERROR_KEYS]) expectGermanEntry(code.trim());
  });

  it("a refused deletion says what still hangs on the organisation, one text per reason", () => {
    const reasons = currentUpstreamKeys.filter((code) => code.startsWith("ORGANISATION_HAT_"));
    expect(reasons).toHaveLength(6);
    const messages = new Set(reasons.map((code) => catalogue[code].message));
    expect(messages.size).toBe(reasons.length);
  });

  it("a refused CSRF token is explained as a failed security check with a way out, not as a generic failure", () => {
    const { title, message } = catalogue.CSRF_TOKEN_INVALID;
    expect(title).toMatch(/Sicherheitsprüfung/);
    expect(message).toMatch(/nicht gespeichert/);
    expect(message).toMatch(/melden Sie sich ab und wieder an/);
    expect(message).not.toBe(catalogue.UNSPECIFIED_ERROR.message);
  });

  it("errors the portal raises itself (unreachable service, timeouts, login, HTTP status) have a German title and message", () => {
    for (const code of portalCodes) expectGermanEntry(code);
  });

  it("the catalogue holds only codes someone can actually raise", () => {
    expect(Object.keys(catalogue).sort()).toEqual(allCodes);
  });

  it("every entry consists of exactly a title and a message", () => {
    for (const [code, entry] of Object.entries(catalogue)) {
      expect(Object.keys(entry).sort(), code).toEqual(["message", "title"]);
    }
  });

  it("the leading-space upstream key is stored trimmed, and no key has stray whitespace", () => {
    expect(catalogue).toHaveProperty("BEFRISTUNG_REQUIRED_FOR_PERSONENKONTEXT");
    for (const code of Object.keys(catalogue)) expect(code, JSON.stringify(code)).toBe(code.trim());
  });

  it("no text contains an unreplaced placeholder like TODO", () => {
    for (const [code, { title, message }] of Object.entries(catalogue)) {
      expect(title, `${code}.title`).not.toMatch(placeholderPattern);
      expect(message, `${code}.message`).not.toMatch(placeholderPattern);
    }
  });

  it("an administrator never sees English wording or a raw error code", () => {
    for (const [code, { title, message }] of Object.entries(catalogue)) {
      for (const text of [title, message]) {
        expect(text, code).not.toMatch(englishPattern);
        expect(text, code).not.toMatch(rawCodePattern);
        expect(text, code).not.toContain(code);
      }
    }
  });

  it("titles are short headings of two to six words", () => {
    for (const [code, { title }] of Object.entries(catalogue)) {
      const words = title.trim().split(/\s+/).length;
      expect(words, `${code}: ${title}`).toBeGreaterThanOrEqual(2);
      expect(words, `${code}: ${title}`).toBeLessThanOrEqual(6);
    }
  });

  it("messages are complete sentences that address the administrator politely", () => {
    for (const [code, { message }] of Object.entries(catalogue)) {
      expect(message, code).toMatch(/[.!?]$/);
      expect(message, code).not.toMatch(/\b(du|dich|dir|dein|deine)\b/i);
    }
  });

  it("umlauts and ß are written as real characters, not as ae/oe/ue/ss substitutes", () => {
    const substitutes =
      /\b(fuer|ueber|koennen|moeglich|Loeschen|geloescht|ungueltig|aendern|geaendert|Aenderung|Schultraeger|Zurueck|zurueck|muss?\s+gross)\b/i;
    for (const [code, { title, message }] of Object.entries(catalogue)) {
      expect(`${title} ${message}`, code).not.toMatch(substitutes);
    }
  });

  it("texts that need the second factor speak of Zwei-Faktor-Authentifizierung and Einmalpasswort", () => {
    expect(catalogue.REQUIRED_STEP_UP_LEVEL_NOT_MET.title).toContain("Zwei-Faktor-Authentifizierung");
    expect(catalogue.REQUIRED_STEP_UP_LEVEL_NOT_MET.message).toContain("Einmalpasswort");
    expect(catalogue.OTP_NICHT_GUELTIG.title).toContain("Einmalpasswort");
  });

  it("an unreachable or slow identity service is explained and the administrator is told to retry", () => {
    expect(catalogue.UPSTREAM_UNAVAILABLE.message).toMatch(/nicht erreichbar/);
    expect(catalogue.UPSTREAM_UNAVAILABLE.message).toMatch(/zu langsam/);
    expect(catalogue.UPSTREAM_UNAVAILABLE.message).toMatch(/erneut/);
  });
});
