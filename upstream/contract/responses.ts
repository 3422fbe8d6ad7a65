import { z } from "zod";
import {
  EMAIL_ADDRESS_STATUS,
  IMPORT_DATA_ITEM_STATUS,
  IMPORT_STATUS,
  KNOWN_PROVIDER_KATEGORIEN,
  LOCK_OCCASIONS,
  MELDUNG_STATUS,
  ORGANISATIONS_TYPEN,
  PROVIDER_MERKMALE,
  PROVIDER_TARGETS,
  ROLLEN_MERKMALE,
  ROLLENARTEN,
  StepUpLevel,
  TIME_LIMIT_OCCASIONS,
} from "./enums";
import { flag, isoDate, lenientArray, lenientEnum, optionalText } from "./lenient";

/**
 * Answers of the upstream as the portal reads them, tolerant of both the pinned and the current
 * version (CHANGES-SINCE-PIN §2.7, §2.9, §2.11): see `lenient.ts` for the rules. Fields the portal
 * does not read are not modelled and pass unnoticed.
 */

export const OrganisationResponse = z.object({
  id: z.string(),
  administriertVon: optionalText,
  zugehoerigZu: optionalText,
  kennung: optionalText,
  // Nullable in the current upstream's model; the portal shows an empty name rather than failing.
  name: optionalText.transform((name) => name ?? ""),
  namensergaenzung: optionalText,
  kuerzel: optionalText,
  typ: lenientEnum(ORGANISATIONS_TYPEN),
  traegerschaft: optionalText,
  itslearningEnabled: z.boolean().nullish(),
  version: z.number().nullish(),
});
export type OrganisationResponse = z.infer<typeof OrganisationResponse>;

/** GET /api/organisationen/root/children: the two LAND organisations, i.e. the two "Schulformen" (public, Ersatz). */
export const OrganisationRootChildrenResponse = z.object({ oeffentlich: OrganisationResponse, ersatz: OrganisationResponse });
export type OrganisationRootChildrenResponse = z.infer<typeof OrganisationRootChildrenResponse>;

const PersonTimeLimitInfo = z.object({
  // An occasion of a later version has no text here: its entry is dropped from the list.
  occasion: z.enum(TIME_LIMIT_OCCASIONS),
  deadline: isoDate,
  school: optionalText,
  rolle: optionalText,
});

export const UserinfoResponse = z.object({
  sub: z.string(),
  personId: z.string().nullish(),
  name: optionalText,
  given_name: optionalText,
  family_name: optionalText,
  preferred_username: optionalText,
  password_updated_at: optionalText,
  acr: StepUpLevel.catch("none"),
  personenkontexte: lenientArray(
    z.object({
      organisation: OrganisationResponse,
      // Rights stay plain strings: the current upstream added two, a later one may add more.
      rolle: z.object({ systemrechte: lenientArray(z.string()), serviceProviderIds: lenientArray(z.string()) }),
    }),
  ),
  timeLimits: lenientArray(PersonTimeLimitInfo),
});
export type UserinfoResponse = z.infer<typeof UserinfoResponse>;

export const PersonInfoResponse = z.object({
  pid: z.string(),
  person: z.object({
    id: z.string(),
    username: optionalText,
    name: z.object({
      familiennamen: optionalText.transform((name) => name ?? ""),
      vorname: optionalText.transform((name) => name ?? ""),
    }),
    personalnummer: optionalText,
    dienststellen: lenientArray(z.string()),
  }),
  personenkontexte: lenientArray(
    z.object({
      id: z.string(),
      organisation: z.object({ id: z.string(), name: optionalText, typ: optionalText, kennung: optionalText }),
      // SchulConneX role names; the current upstream adds SORGBER, SCHB and NLEHR (§3.2).
      rollenart: optionalText,
      rollenname: optionalText,
    }),
  ),
  email: z.object({ status: z.string(), address: z.string() }).nullish().catch(null),
});
export type PersonInfoResponse = z.infer<typeof PersonInfoResponse>;

export const ServiceProviderResponse = z.object({
  id: z.string(),
  name: z.string(),
  // null: a target this portal cannot open; the tile is shown without a link.
  target: lenientEnum(PROVIDER_TARGETS),
  url: optionalText,
  // null: a category of a later version; the start page shows it under a neutral heading.
  kategorie: lenientEnum(KNOWN_PROVIDER_KATEGORIEN),
  hasLogo: flag(false),
  // Optional in the pinned upstream, required in the current one (§2.11).
  requires2fa: flag(false),
  merkmale: lenientArray(z.enum(PROVIDER_MERKMALE)),
});
export type ServiceProviderResponse = z.infer<typeof ServiceProviderResponse>;

export const MeldungResponse = z.object({
  id: z.string(),
  inhalt: z.string(),
  status: lenientEnum(MELDUNG_STATUS),
  revision: z.number(),
  createdAt: optionalText,
  updatedAt: optionalText,
});
export type MeldungResponse = z.infer<typeof MeldungResponse>;

export const SystemRechtResponse = z.object({ name: z.string(), isTechnical: flag(false) });

export const FeatureFlagResponse = z.object({
  rolleBearbeitenEnabled: flag(false),
  befristungBearbeitenEnabled: flag(false),
  rolleErweiternEnabled: flag(false),
  // current upstream only (§3.2), informational; absent from the pinned one
  setUemPasswordEnabled: z.boolean().nullish(),
  schulischeAngeboteErstellen: z.boolean().nullish(),
});

export const TokenStateResponse = z.object({
  hasToken: z.boolean(),
  // The upstream sends "" for "no token"; anything other than the two kinds means none.
  tokenKind: optionalText.transform((kind) => (kind === "software" || kind === "hardware" ? kind : null)),
  serial: optionalText,
});
export type TokenStateResponse = z.infer<typeof TokenStateResponse>;

export const TokenRequiredResponse = z.object({ required: z.boolean() });

/** GET /api/auth/csrf-token of the current upstream (CHANGES-SINCE-PIN §2.1). */
export const CsrfTokenResponse = z.object({ csrfToken: z.string().min(1) });
export type CsrfTokenResponse = z.infer<typeof CsrfTokenResponse>;

/** One lock of a person (`UserLockParams`); note `lock_occasion` here and `locked_occasion` in the database. */
export const UserLockResponse = z.object({
  personId: optionalText,
  locked_by: optionalText,
  created_at: isoDate.nullish(),
  locked_until: isoDate.nullish(),
  // null: an occasion of a later version; the screen shows the lock without a reason.
  lock_occasion: lenientEnum(LOCK_OCCASIONS),
});
export type UserLockResponse = z.infer<typeof UserLockResponse>;

/** `PersonResponse`: list rows carry no lock and e-mail data; the single-person answer does (PERSONS §2.2.1/2). */
export const PersonResponse = z.object({
  id: z.string(),
  username: optionalText,
  name: z.object({
    familienname: optionalText.transform((name) => name ?? ""),
    vorname: optionalText.transform((name) => name ?? ""),
  }),
  personalnummer: optionalText,
  // The upstream sends the revision as text ("1"); accept a number too.
  revision: z.union([z.string(), z.number()]).transform(String),
  isLocked: z.boolean().nullish(),
  userLock: lenientArray(UserLockResponse),
  lastModified: isoDate,
  email: z
    .object({ status: lenientEnum(EMAIL_ADDRESS_STATUS), address: z.string() })
    .nullish()
    .catch(null),
});
export type PersonResponse = z.infer<typeof PersonResponse>;

export const PersonendatensatzResponse = z.object({ person: PersonResponse });
export type PersonendatensatzResponse = z.infer<typeof PersonendatensatzResponse>;

/** GET /api/personen-frontend (`RawPagedResponse`, body paging). */
export const PersonenFrontendResponse = z.object({
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
  items: lenientArray(PersonendatensatzResponse),
});
export type PersonenFrontendResponse = z.infer<typeof PersonenFrontendResponse>;

/** One Zuordnung of the Personenübersicht (`DBiamPersonenzuordnungResponse`). */
export const PersonenzuordnungResponse = z.object({
  sskId: z.string(),
  rolleId: z.string(),
  sskName: optionalText.transform((name) => name ?? ""),
  sskDstNr: optionalText,
  rolle: optionalText.transform((name) => name ?? ""),
  rollenArt: lenientEnum(ROLLENARTEN),
  administriertVon: optionalText,
  typ: lenientEnum(ORGANISATIONS_TYPEN),
  editable: flag(false),
  befristung: isoDate.nullish(),
  merkmale: lenientArray(z.enum(ROLLEN_MERKMALE)),
  admins: lenientArray(z.string()),
});
export type PersonenzuordnungResponse = z.infer<typeof PersonenzuordnungResponse>;

/** `DBiamPersonenuebersichtResponse`: a person with all its Zuordnungen. */
export const PersonenuebersichtResponse = z.object({
  personId: z.string(),
  vorname: optionalText.transform((name) => name ?? ""),
  nachname: optionalText.transform((name) => name ?? ""),
  benutzername: optionalText,
  lastModifiedZuordnungen: isoDate.nullish(),
  zuordnungen: lenientArray(PersonenzuordnungResponse),
});
export type PersonenuebersichtResponse = z.infer<typeof PersonenuebersichtResponse>;

/** POST /api/dbiam/personenuebersicht (201, `{items}` without paging). */
export const PersonenuebersichtListResponse = z.object({ items: lenientArray(PersonenuebersichtResponse) });

/** A role as the person filter and the person screens read it (`RolleResponse`). */
export const RolleResponse = z.object({
  id: z.string(),
  name: z.string(),
  administeredBySchulstrukturknoten: optionalText,
  rollenart: lenientEnum(ROLLENARTEN),
  // Every merkmal as sent, known or not: a newer upstream's (MPT_ROLLE) must survive a save of the role (issue 34 §9).
  merkmale: lenientArray(z.string()),
  systemrechte: lenientArray(SystemRechtResponse),
  version: z.number().nullish(),
});
export type RolleResponse = z.infer<typeof RolleResponse>;

/** GET /api/person-administration/rollen. */
export const FindRollenResponse = z.object({ moeglicheRollen: lenientArray(RolleResponse), total: z.number() });

/** POST /api/organisationen/parents-by-ids (200). */
export const ParentOrganisationenResponse = z.object({ parents: lenientArray(OrganisationResponse) });

/** PUT /api/personen/{id}/lock-user (202). */
export const PersonLockResponse = z.object({ message: z.string() });

// ── Personenkontext workflow: a person's Zuordnungen (issue 8; PERSONS §2.4, CHANGES-SINCE-PIN §3.8) ─────────────

/**
 * GET /api/personenkontext-workflow/step (`PersonenkontextWorkflowResponse`): organisations (never classes) and the
 * roles assignable at the selected organisation, the echo of the selection, and whether it may be saved.
 */
export const PersonenkontextWorkflowResponse = z.object({
  organisations: lenientArray(OrganisationResponse),
  rollen: lenientArray(RolleResponse),
  selectedOrganisation: optionalText,
  selectedRollen: lenientArray(z.string()),
  canCommit: flag(false),
});
export type PersonenkontextWorkflowResponse = z.infer<typeof PersonenkontextWorkflowResponse>;

/** One Zuordnung of a person as the workflow answers it (`DBiamPersonenkontextResponse`); unlimited = absent/null. */
export const DbiamPersonenkontextResponse = z.object({
  personId: z.string(),
  organisationId: z.string(),
  rolleId: z.string(),
  befristung: isoDate.nullish(),
});
export type DbiamPersonenkontextResponse = z.infer<typeof DbiamPersonenkontextResponse>;

/** PUT /api/personenkontext-workflow/{personId} (200, `PersonenkontexteUpdateResponse`): all Zuordnungen afterwards. */
export const PersonenkontexteUpdateResponse = z.object({
  dBiamPersonenkontextResponses: lenientArray(DbiamPersonenkontextResponse),
});
export type PersonenkontexteUpdateResponse = z.infer<typeof PersonenkontexteUpdateResponse>;

/**
 * The i18nKeys the PUT answers for refused changes (HTTP 400 unless noted), both versions together:
 * `DbiamPersonenkontexteUpdateError` (the Befristung key really starts with a space, quirk Q6; the fallback
 * PERSONENKONTEXTE_UPDATE_ERROR has body code 500 with HTTP 400), `DbiamPersonenkontextError`, and
 * PERSONALNUMMER_NICHT_EINDEUTIG for a KoPers number another person has. LERN_HAT_KEINE_KLASSE is the pinned
 * upstream's pupil rule, LERN_NOT_AT_SCHULE_AND_KLASSE the current one's (CHANGES-SINCE-PIN §2.9).
 */
export const PERSONENKONTEXTE_UPDATE_ERROR_KEYS = [
  "COUNT_MISMATCHING",
  "NEWER_VERSION_OF_PERSONENKONTEXTE_AVAILABLE",
  "PERSON_ID_MISMATCH",
  "PERSON_NOT_FOUND",
  "INVALID_PERSONENKONTEXT_FOR_PERSON_WITH_ROLLENART_LERN",
  " BEFRISTUNG_REQUIRED_FOR_PERSONENKONTEXT",
  "DUPLICATE_KLASSENKONTEXT_FOR_SAME_ROLLE",
  "LERN_NOT_AT_SCHULE_AND_KLASSE",
  "LERN_HAT_KEINE_KLASSE",
  "NUR_LEHR_UND_LERN_AN_KLASSE",
  "GLEICHE_ROLLE_AN_KLASSE_WIE_SCHULE",
  "PERSONALNUMMER_NICHT_EINDEUTIG",
  "PERSONENKONTEXTE_UPDATE_ERROR",
  "PERSONENKONTEXT_SPECIFICATION_ERROR",
] as const;
export type PersonenkontexteUpdateErrorKey = (typeof PERSONENKONTEXTE_UPDATE_ERROR_KEYS)[number];

// ---------------------------------------------------------------------------------------------------------------------
// Two-factor administration (issue 8): PERSONS.md §2.9.5

/**
 * POST /api/2fa-token/assign/hardwareToken (200): the token service's JSON-RPC answer and a fixed success sentence. The
 * portal shows its own text and reads none of it; the schema only says "this is the success answer".
 */
export const AssignHardwareTokenResponse = z
  .object({ id: z.number(), jsonrpc: z.string(), dialogText: z.string().optional() })
  .passthrough();
export type AssignHardwareTokenResponse = z.infer<typeof AssignHardwareTokenResponse>;

// ---------------------------------------------------------------------------------------------------------------------
// Creating persons and adding state employees (issue 9): PERSONS.md §2.2.13, §2.4.2, §2.6

/**
 * POST /api/personenkontext-workflow (201, `DBiamPersonResponse`): the new person with its start password (the only
 * answer that carries it: shown once, never logged or stored) and the Zuordnungen created.
 */
export const CreatedPersonResponse = z.object({
  person: PersonResponse.extend({ startpasswort: z.string().min(1) }),
  dBiamPersonenkontextResponses: lenientArray(DbiamPersonenkontextResponse),
});
export type CreatedPersonResponse = z.infer<typeof CreatedPersonResponse>;

/** One Zuordnung of a found state employee (`PersonLandesbediensteterSearchPersonenkontextResponse`); DstNr = kennung. */
export const LandesbediensteterKontextResponse = z.object({
  rolleId: z.string(),
  rolleName: optionalText.transform((name) => name ?? ""),
  organisationId: z.string(),
  organisationName: optionalText.transform((name) => name ?? ""),
  organisationDstNr: optionalText,
});
export type LandesbediensteterKontextResponse = z.infer<typeof LandesbediensteterKontextResponse>;

/** A found state employee (`PersonLandesbediensteterSearchResponse`) with all Zuordnungen, at any organisation. */
export const LandesbediensteterResponse = z.object({
  id: z.string(),
  vorname: optionalText.transform((name) => name ?? ""),
  familienname: optionalText.transform((name) => name ?? ""),
  username: optionalText,
  personalnummer: optionalText,
  primaryEmailAddress: optionalText,
  personenkontexte: lenientArray(LandesbediensteterKontextResponse),
});
export type LandesbediensteterResponse = z.infer<typeof LandesbediensteterResponse>;

/** GET /api/personen/landesbediensteter (200): an array (empty: no hit); items outside the contract are dropped. */
export const LandesbediensteterSearchResponse = z.array(z.unknown()).pipe(lenientArray(LandesbediensteterResponse));

/** GET /api/landesbediensteter/step (`LandesbediensteterWorkflowStepResponse`): the workflow step's shape. */
export const LandesbediensteterWorkflowStepResponse = PersonenkontextWorkflowResponse;
export type LandesbediensteterWorkflowStepResponse = PersonenkontextWorkflowResponse;

/**
 * The i18nKeys POST /api/personenkontext-workflow answers for refused creations, both versions (PERSONS §2.4.2,
 * CHANGES-SINCE-PIN §2.4, §3.8). The pinned upstream answers validation, username and permission failures with
 * SchulConneX bodies, which the portal reads as their numeric code (400, 404, 500); the current one with these keys.
 * The leading-space Befristung key is trimmed by the portal.
 */
export const CREATE_PERSON_ERROR_KEYS = [
  // body validation (current); pinned: 400
  "VALIDATION_ERROR",
  "REQUIRED_VALUE",
  "INVALID_DATE",
  // names with leading or trailing spaces (a 500 in both versions; the reference may answer these 400s)
  "VORNAME_ENTHAELT_LEERZEICHEN",
  "FAMILIENNAME_ENTHAELT_LEERZEICHEN",
  "INTERNAL_SERVER_ERROR",
  // username generation (current); pinned: 400
  "INVALID_ATTRIBUTE_LENGTH",
  "INVALID_CHARACTER_SET",
  "INVALID_NAME",
  // organisation, role and rights (current); pinned: 404
  "ENTITY_NOT_FOUND",
  "MISSING_PERMISSIONS",
  "ROLLE_NUR_AN_PASSENDE_ORGANISATION",
  "PERSONALNUMMER_NICHT_EINDEUTIG",
  // the Zuordnung rules
  "INVALID_PERSONENKONTEXT_FOR_PERSON_WITH_ROLLENART_LERN",
  "LERN_HAT_KEINE_KLASSE",
  "LERN_NOT_AT_SCHULE_AND_KLASSE",
  "DUPLICATE_KLASSENKONTEXT_FOR_SAME_ROLLE",
  " BEFRISTUNG_REQUIRED_FOR_PERSONENKONTEXT",
  "PERSONENKONTEXTE_UPDATE_ERROR",
  "PERSONENKONTEXT_SPECIFICATION_ERROR",
  "GLEICHE_ROLLE_AN_KLASSE_WIE_SCHULE",
  "NUR_LEHR_UND_LERN_AN_KLASSE",
  "KEYCLOAK_CLIENT_ERROR",
  "DB_ERROR",
  "400",
  "404",
  "500",
] as const;
export type CreatePersonErrorKey = (typeof CREATE_PERSON_ERROR_KEYS)[number];

/**
 * The keys of the state-employee calls (PERSONS §2.2.13, §2.6; CHANGES-SINCE-PIN §3.6): the search's two outcomes
 * that are no failures for the screen, the `LandesbediensteterError` family of the PUT (403 MISSING_PERMISSIONS, 404
 * NOT_FOUND for a person who is no longer searchable, fallback LANDESBEDIENSTETER_ERROR), and the Zuordnung rules it
 * shares with the workflow PUT.
 */
export const LANDESBEDIENSTETER_ERROR_KEYS = [
  "LANDESBEDIENSTETER_SEARCH_NO_PERSON_FOUND",
  "LANDESBEDIENSTETER_SEARCH_MULTIPLE_PERSONS_FOUND",
  "MISSING_PERMISSIONS",
  "NOT_FOUND",
  "LANDESBEDIENSTETER_ERROR",
  "VALIDATION_ERROR",
  "REQUIRED_VALUE",
  "INVALID_DATE",
  "COUNT_MISMATCHING",
  "NEWER_VERSION_OF_PERSONENKONTEXTE_AVAILABLE",
  "PERSON_ID_MISMATCH",
  "PERSON_NOT_FOUND",
  "INVALID_PERSONENKONTEXT_FOR_PERSON_WITH_ROLLENART_LERN",
  " BEFRISTUNG_REQUIRED_FOR_PERSONENKONTEXT",
  "DUPLICATE_KLASSENKONTEXT_FOR_SAME_ROLLE",
  "LERN_NOT_AT_SCHULE_AND_KLASSE",
  "LERN_HAT_KEINE_KLASSE",
  "GLEICHE_ROLLE_AN_KLASSE_WIE_SCHULE",
  "PERSONENKONTEXTE_UPDATE_ERROR",
  "ENTITY_NOT_FOUND",
  "INTERNAL_SERVER_ERROR",
  "DB_ERROR",
  "UNAUTHORIZED",
  "404",
  "500",
] as const;
export type LandesbediensteterErrorKey = (typeof LANDESBEDIENSTETER_ERROR_KEYS)[number];

// ── Roles, offers and notices (issue 12; ORGANISATIONS_ROLES §5–§7, CHANGES-SINCE-PIN §3.9, §3.10) ───────────────

/** `{id, name}` of an offer or a role as lists name them (`ServiceProviderIdNameResponse`, `RolleRefResponse`). */
export const IdNameResponse = z.object({ id: z.string(), name: optionalText.transform((name) => name ?? "") });
export type IdNameResponse = z.infer<typeof IdNameResponse>;

/**
 * A role with its offers (`RolleWithServiceProvidersResponse`): GET/PUT /api/rolle/{id}, the items of GET /api/rolle
 * (only these carry the owner's name and Kennung) and, in the current upstream, the answer of POST /api/rolle.
 */
export const RolleWithServiceProvidersResponse = RolleResponse.extend({
  administeredBySchulstrukturknotenName: optionalText,
  administeredBySchulstrukturknotenKennung: optionalText,
  serviceProviders: lenientArray(IdNameResponse),
});
export type RolleWithServiceProvidersResponse = z.infer<typeof RolleWithServiceProvidersResponse>;

/** GET /api/rolle/{id}/serviceProviders. */
export const RolleServiceProviderResponse = z.object({ serviceProviderIds: lenientArray(z.string()) });

/** POST /api/rolle/erweiterung (201) and the items of the pinned GET /api/provider/{id}/rollenerweiterung. */
export const RollenerweiterungResponse = z.object({
  id: z.string(),
  organisationId: z.string(),
  rolleId: z.string(),
  serviceProviderId: z.string(),
  createdAt: optionalText,
  updatedAt: optionalText,
  // current upstream's list items (`RollenerweiterungWithExtendedDataResponse`)
  rolleName: optionalText,
  organisationName: optionalText,
  organisationKennung: optionalText,
});
export type RollenerweiterungResponse = z.infer<typeof RollenerweiterungResponse>;

/** The owning organisation of an offer (`OrganisationRefResponse`). */
export const OrganisationRefResponse = z.object({ id: z.string(), name: optionalText, kennung: optionalText });

/**
 * An offer the caller administers: the items of GET /api/provider/manageable (pinned `hasRollenerweiterung`, current
 * `hasRollenerweiterungen`, `rollenartenWhitelist`, `hasSomeVerwaltenPermission`) and GET …/manageable/{id} (+ `url`;
 * current + `availableForRollenerweiterung`, `relevantSystemrechte`).
 */
export const ManageableServiceProviderResponse = z.object({
  id: z.string(),
  name: z.string(),
  administrationsebene: OrganisationRefResponse,
  kategorie: lenientEnum(KNOWN_PROVIDER_KATEGORIEN),
  requires2fa: flag(false),
  merkmale: lenientArray(z.enum(PROVIDER_MERKMALE)),
  url: optionalText,
  hasRollenerweiterung: z.boolean().nullish(),
  hasRollenerweiterungen: z.boolean().nullish(),
  rollen: lenientArray(IdNameResponse),
  rollenartenWhitelist: lenientArray(z.enum(ROLLENARTEN)),
  hasSomeVerwaltenPermission: z.boolean().nullish(),
  availableForRollenerweiterung: z.boolean().nullish(),
  relevantSystemrechte: lenientArray(z.string()),
  vidisAngebotId: optionalText,
});
export type ManageableServiceProviderResponse = z.infer<typeof ManageableServiceProviderResponse>;

/** Body paging (`RawPagedResponse`) of the offer lists. */
export const rawPagedResponse = <S extends z.ZodTypeAny>(item: S) =>
  z.object({ total: z.number(), offset: z.number(), limit: z.number(), items: lenientArray(item) });

// ── CSV import (issue 14; PERSONS §2.8, CHANGES-SINCE-PIN §3.5) ─────────────────────────────────────────────────

/** One refused row of an upload (`ImportDataItemResponse`) with its keys (IMPORT_DATA_ITEM_*), in file order. */
export const ImportDataItemResponse = z.object({
  nachname: optionalText.transform((name) => name ?? ""),
  vorname: optionalText.transform((name) => name ?? ""),
  klasse: optionalText,
  validationErrors: lenientArray(z.string()),
});
export type ImportDataItemResponse = z.infer<typeof ImportDataItemResponse>;

/** POST /api/import/upload (201, `ImportUploadResponse`): only the invalid rows are listed. */
export const ImportUploadResponse = z.object({
  importvorgangId: z.string(),
  isValid: z.boolean(),
  totalImportDataItems: z.number(),
  totalInvalidImportDataItems: z.number(),
  invalidImportDataItems: lenientArray(ImportDataItemResponse),
});
export type ImportUploadResponse = z.infer<typeof ImportUploadResponse>;

/** GET /api/import/{id}/status (`ImportVorgangStatusResponse`); an unknown status is null. */
export const ImportVorgangStatusResponse = z.object({
  dataItemCount: z.number(),
  status: lenientEnum(IMPORT_STATUS),
  totalDataItemImported: z.number(),
});
export type ImportVorgangStatusResponse = z.infer<typeof ImportVorgangStatusResponse>;

/** One row of an import's result (`ImportedUserResponse`): `startpasswort` is "" and `benutzername` absent when not created. */
export const ImportedUserResponse = z.object({
  klasse: optionalText.transform((klasse) => klasse ?? ""),
  vorname: optionalText.transform((name) => name ?? ""),
  nachname: optionalText.transform((name) => name ?? ""),
  benutzername: optionalText,
  startpasswort: optionalText.transform((password) => password ?? ""),
  status: lenientEnum(IMPORT_DATA_ITEM_STATUS),
});
export type ImportedUserResponse = z.infer<typeof ImportedUserResponse>;

/**
 * GET /api/import/importedUsers (`ImportResultResponse`): one page of rows; `importvorgandId` is spelled so upstream.
 * Current upstream: sorted by klasse, nachname, vorname, id; pinned: file order.
 */
export const ImportResultResponse = z.object({
  importvorgandId: z.string(),
  rollenname: optionalText.transform((name) => name ?? ""),
  organisationsname: optionalText.transform((name) => name ?? ""),
  importedUsers: lenientArray(ImportedUserResponse),
  total: z.number(),
  pageTotal: z.number(),
});
export type ImportResultResponse = z.infer<typeof ImportResultResponse>;

/** An item of GET /api/import/history (`ImportVorgangResponse`; header paging). */
export const ImportVorgangResponse = z.object({
  id: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
  rollenname: optionalText.transform((name) => name ?? ""),
  organisationsname: optionalText.transform((name) => name ?? ""),
  dataItemCount: z.number(),
  status: lenientEnum(IMPORT_STATUS),
});
export type ImportVorgangResponse = z.infer<typeof ImportVorgangResponse>;

/** GET /api/import/history: the array; items outside the contract are dropped. */
export const ImportHistoryResponse = z.array(z.unknown()).pipe(lenientArray(ImportVorgangResponse));

/**
 * The keys of the import calls (PERSONS §2.8, §1.5.2; CHANGES-SINCE-PIN §3.5): the `DbiamImportError` family (both
 * versions), and the shared and validation keys of the current upstream (pinned: SchulConneX bodies, read as 400, 404,
 * 500). The file pipe's refusals (missing file, wrong type: 400; file too large: 413) have NestJS default bodies.
 */
export const IMPORT_ERROR_KEYS = [
  "IMPORT_ERROR",
  "CSV_PARSING_ERROR",
  "CSV_FILE_EMPTY_ERROR",
  "IMPORT_TEXT_FILE_CREATION_ERROR",
  "IMPORT_NUR_LERN_AN_SCHULE_ERROR",
  "CSV_FILE_INVALID_HEADER_ERROR",
  "IMPORT_MAX_USERS_LIMIT_ERROR",
  "CSV_FILE_NO_USERS_ERROR",
  "IMPORT_RESULT_QUERY_LIMIT_ERROR",
  "ENTITY_NOT_FOUND",
  "MISSING_PERMISSIONS",
  "INTERNAL_SERVER_ERROR",
  "DB_ERROR",
  "VALIDATION_ERROR",
  "REQUIRED_VALUE",
  "INVALID_ENUM",
  "REQUIRED_STEP_UP_LEVEL_NOT_MET",
  "400",
  "404",
  "500",
] as const;
export type ImportErrorKey = (typeof IMPORT_ERROR_KEYS)[number];

/** The per-row keys of an upload's `validationErrors` (a key may appear twice). */
export const IMPORT_DATA_ITEM_ERROR_KEYS = [
  "IMPORT_DATA_ITEM_NACHNAME_IS_INVALID",
  "IMPORT_DATA_ITEM_NACHNAME_IS_TOO_SHORT",
  "IMPORT_DATA_ITEM_VORNAME_IS_INVALID",
  "IMPORT_DATA_ITEM_VORNAME_IS_TOO_SHORT",
  "IMPORT_DATA_ITEM_KLASSE_IS_TOO_SHORT",
  "IMPORT_DATA_ITEM_KLASSE_NOT_FOUND",
] as const;
export type ImportDataItemErrorKey = (typeof IMPORT_DATA_ITEM_ERROR_KEYS)[number];
