import { z } from "zod";
import {
  CURRENT_PROVIDER_KATEGORIEN,
  IMPORT_STATUS,
  MELDUNG_STATUS,
  OrganisationsTyp,
  PERSON_SORT_FIELDS,
  PINNED_ROLLENARTEN,
  PINNED_SYSTEMRECHTE,
  PROVIDER_MERKMALE,
  ROLLEN_MERKMALE,
  ROLLENARTEN,
  SYSTEMRECHTE,
  TRAEGERSCHAFTEN,
} from "./enums";

/**
 * What the portal sends: request bodies and queries. Both sides use these schemas: the portal's client
 * functions take the inferred types, the reference upstream validates with the schemas. The rules are
 * the upstream's own (class-validator in its DTOs) as far as they decide between accepted and refused;
 * names and enums follow the upstream's OpenAPI description.
 */

/**
 * Marks the upstream's not-empty rule: it refuses an empty value as a missing one, with another error
 * than a malformed value gets, so the reference upstream needs to tell the two apart.
 */
export const NOT_EMPTY = "NOT_EMPTY";

/** A query number as the upstream converts it, bounded so that every accepted value is exact in JavaScript and a bigint. */
const pagingNumber = (min: number) => z.coerce.number().int().min(min).max(Number.MAX_SAFE_INTEGER);

/** A query list; the upstream refuses repeated values (`@ArrayUnique`). */
const uniqueArray = <T extends z.ZodTypeAny>(item: T) =>
  z.array(item).refine((values) => new Set(values).size === values.length, { message: "UNIQUE" });

/** A query flag: `true`/`1`/`false`/`0` like the upstream's boolean transform; anything else is refused. */
const queryBoolean = z
  .string()
  .refine((value) => ["true", "1", "false", "0"].includes(value))
  .transform((value) => value === "true" || value === "1");

/** POST /api/organisationen (`CreateOrganisationBodyParams`). */
export const CreateOrganisationBody = z.object({
  administriertVon: z.string().min(1, NOT_EMPTY).uuid(),
  zugehoerigZu: z.string().min(1, NOT_EMPTY).uuid(),
  name: z.string(),
  typ: OrganisationsTyp,
  kennung: z.string().optional(),
  namensergaenzung: z.string().optional(),
  kuerzel: z.string().optional(),
  traegerschaft: z.enum(TRAEGERSCHAFTEN).optional(),
  emailAdress: z.string().optional(),
});
export type CreateOrganisationBody = z.infer<typeof CreateOrganisationBody>;

/**
 * PUT /api/organisationen/{id} (`UpdateOrganisationBodyParams`): the same fields and rules as creation, no `version`;
 * optional fields left out are cleared.
 */
export const UpdateOrganisationBody = CreateOrganisationBody;
export type UpdateOrganisationBody = z.infer<typeof UpdateOrganisationBody>;

/** POST /api/organisationen/{id}/zugehoerig (`OrganisationByIdBodyParams`): the school to move below `{id}`. */
export const OrganisationByIdBody = z.object({ organisationId: z.string().min(1, NOT_EMPTY).uuid() });
export type OrganisationByIdBody = z.infer<typeof OrganisationByIdBody>;

/** GET /api/organisationen/{id}/administriert: paging and a case-insensitive search in the children's names. */
export const AdministriertQuery = z.object({
  offset: pagingNumber(0).optional(),
  limit: pagingNumber(1).optional(),
  searchFilter: z.string().optional(),
});
export type AdministriertQuery = z.infer<typeof AdministriertQuery>;

/** PATCH /api/organisationen/{id}/name (`OrganisationByNameBodyParams`). */
export const OrganisationByNameBody = z.object({ name: z.string(), version: z.number().finite() });
export type OrganisationByNameBody = z.infer<typeof OrganisationByNameBody>;

/**
 * GET /api/organisationen (`FindOrganisationQueryParams`) of the current upstream. Lists go as repeated
 * keys (see `query.ts`); `getChildrenRecursively` is new in the current upstream (CHANGES-SINCE-PIN §4).
 */
export const FindOrganisationQuery = z.object({
  offset: pagingNumber(0).optional(),
  limit: pagingNumber(1).optional(),
  kennung: z.string().optional(),
  name: z.string().optional(),
  searchString: z.string().optional(),
  typ: OrganisationsTyp.optional(),
  systemrechte: uniqueArray(z.enum(SYSTEMRECHTE)).optional(),
  excludeTyp: uniqueArray(OrganisationsTyp).optional(),
  administriertVon: uniqueArray(z.string().uuid()).optional(),
  zugehoerigZu: uniqueArray(z.string().uuid()).optional(),
  organisationIds: uniqueArray(z.string().uuid()).optional(),
  sortOrder: z.enum(["asc", "desc"]).optional(),
  sortField: z.enum(["name", "kennung"]).optional(),
  getChildrenRecursively: queryBoolean.optional(),
});
export type FindOrganisationQuery = z.infer<typeof FindOrganisationQuery>;

/** The same query as the pinned upstream reads it: 18 rights, and an unknown parameter is dropped. */
export const PinnedFindOrganisationQuery = FindOrganisationQuery.extend({
  systemrechte: uniqueArray(z.enum(PINNED_SYSTEMRECHTE)).optional(),
  getChildrenRecursively: z.undefined().catch(undefined),
});

/** GET /api/2fa-token/state and /required: whose second factor (the upstream does not validate it). */
export const TwoFactorPersonQuery = z.object({ personId: z.string() });
export type TwoFactorPersonQuery = z.infer<typeof TwoFactorPersonQuery>;

/** Paging headers of header-paged lists (names are case-insensitive). */
export const PAGING_HEADERS = {
  offset: "X-Paging-Offset",
  limit: "X-Paging-Limit",
  total: "X-Paging-Total",
  pageTotal: "X-Paging-pageTotal",
} as const;

/**
 * Characters of names of natural persons (DIN 91379 type A, approximated): Latin letters with their diacritics
 * (also as combining marks), space, apostrophes, comma, hyphen, full stop, backtick and tilde. Test the NFC form.
 */
export const PERSON_NAME_CHARACTERS = /^[\p{Script=Latin}\p{M} '’`´.,\-~]+$/u;

/** A person name as the upstream's DTO checks it: not empty, at least 2 characters, DIN 91379. */
const personName = z
  .string()
  .min(1, NOT_EMPTY)
  .min(2)
  .refine((name) => PERSON_NAME_CHARACTERS.test(name.normalize("NFC")));

/** GET /api/personen-frontend (`PersonenFrontendQueryParams`, PERSONS §2.2.1). */
export const PersonenFrontendQuery = z.object({
  offset: pagingNumber(0).optional(),
  limit: pagingNumber(1).optional(),
  organisationIDs: uniqueArray(z.string().uuid()).optional(),
  rolleIDs: uniqueArray(z.string().uuid()).optional(),
  suchFilter: z.string().optional(),
  vorname: z.string().optional(),
  familienname: z.string().optional(),
  // accepted and validated, but ignored by the upstream
  username: z.string().optional(),
  sichtfreigabe: z.enum(["ja", "nein"]).optional(),
  sortField: z.enum(PERSON_SORT_FIELDS).optional(),
  sortOrder: z.enum(["asc", "desc"]).optional(),
});
export type PersonenFrontendQuery = z.infer<typeof PersonenFrontendQuery>;

/** POST /api/dbiam/personenuebersicht (`PersonenuebersichtBodyParams`); ids are not validated upstream. */
export const PersonenuebersichtBody = z.object({ personIds: z.array(z.string()) });
export type PersonenuebersichtBody = z.infer<typeof PersonenuebersichtBody>;

/** PATCH /api/personen/{id}/metadata (`PersonMetadataBodyParams`, PERSONS §2.2.5). */
export const PersonMetadataBody = z.object({
  familienname: personName,
  vorname: personName,
  personalnummer: z.string().optional(),
  lastModified: z.string().datetime({ offset: true }),
  revision: z.string().min(1, NOT_EMPTY),
});
export type PersonMetadataBody = z.infer<typeof PersonMetadataBody>;

/** PUT /api/personen/{id}/lock-user (`LockUserBodyParams`); `locked_by` is the locking organisation's id. */
export const LockUserBody = z.object({
  lock: z.boolean(),
  locked_by: z.string().min(1, NOT_EMPTY),
  locked_until: z.string().datetime({ offset: true }).optional(),
});
export type LockUserBody = z.infer<typeof LockUserBody>;

/** POST /api/organisationen/parents-by-ids (`ParentOrganisationsByIdsBodyParams`). */
export const ParentsByIdsBody = z.object({ organisationIds: z.array(z.string().uuid()) });
export type ParentsByIdsBody = z.infer<typeof ParentsByIdsBody>;

/** GET /api/person-administration/rollen; `organisationIds` exists in the current upstream only. */
export const PersonAdministrationRollenQuery = z.object({
  rolleName: z.string().optional(),
  limit: pagingNumber(1).optional(),
  organisationIds: uniqueArray(z.string().uuid()).optional(),
});
export type PersonAdministrationRollenQuery = z.infer<typeof PersonAdministrationRollenQuery>;

/** The same query as the pinned upstream reads it: `organisationIds` is unknown there and dropped. */
export const PinnedPersonAdministrationRollenQuery = PersonAdministrationRollenQuery.extend({
  organisationIds: z.undefined().catch(undefined),
});

// ── Personenkontext workflow: a person's Zuordnungen (issue 8; PERSONS §2.4, CHANGES-SINCE-PIN §3.8) ─────────────

/** `OperationContext` of the workflow step: creating a person or changing an existing person's Zuordnungen. */
export const OPERATION_CONTEXTS = ["PERSON_ANLEGEN", "PERSON_BEARBEITEN"] as const;
export type OperationContext = (typeof OPERATION_CONTEXTS)[number];

/**
 * GET /api/personenkontext-workflow/step (`FindDbiamPersonenkontextWorkflowQueryParams`, PERSONS §2.4.1): the
 * organisations and roles a picker may offer. `rollenIds` (repeated keys) are the selected roles; `rolleName` and
 * `organisationName` are search texts; `limit` applies to both lists.
 */
export const PersonenkontextWorkflowStepQuery = z.object({
  operationContext: z.enum(OPERATION_CONTEXTS),
  personId: z.string().uuid().optional(),
  organisationId: z.string().uuid().optional(),
  rollenIds: uniqueArray(z.string().uuid()).optional(),
  rolleName: z.string().optional(),
  organisationName: z.string().optional(),
  limit: pagingNumber(1).optional(),
  requestedWithSystemrecht: z.enum(SYSTEMRECHTE).optional(),
});
export type PersonenkontextWorkflowStepQuery = z.infer<typeof PersonenkontextWorkflowStepQuery>;

/** The same query as the pinned upstream reads it: 18 rights. */
export const PinnedPersonenkontextWorkflowStepQuery = PersonenkontextWorkflowStepQuery.extend({
  requestedWithSystemrecht: z.enum(PINNED_SYSTEMRECHTE).optional(),
});

/** One desired Zuordnung (`DbiamPersonenkontextBodyParams`); `befristung` absent = unlimited. */
export const PersonenkontextBody = z.object({
  personId: z.string().min(1, NOT_EMPTY).uuid(),
  organisationId: z.string().min(1, NOT_EMPTY).uuid(),
  rolleId: z.string().min(1, NOT_EMPTY).uuid(),
  befristung: z.string().datetime({ offset: true }).optional(),
});
export type PersonenkontextBody = z.infer<typeof PersonenkontextBody>;

/**
 * PUT /api/personenkontext-workflow/{personId} (`DbiamUpdatePersonenkontexteBodyParams`, PERSONS §2.4.3): the
 * complete desired set of the person's Zuordnungen, also the unchanged and the non-editable ones. `count` and
 * `lastModified` are `zuordnungen.length` and `lastModifiedZuordnungen` of the Personenübersicht the change is based
 * on (optimistic locking; `lastModified` may be absent only for a person without Zuordnungen).
 */
export const UpdatePersonenkontexteBody = z.object({
  lastModified: z.string().datetime({ offset: true }).optional(),
  count: z.number().finite(),
  personenkontexte: z.array(PersonenkontextBody),
});
export type UpdatePersonenkontexteBody = z.infer<typeof UpdatePersonenkontexteBody>;

/**
 * Query of the same PUT (`DbiamUpdatePersonenkontexteQueryParams`): the KoPers number to store together with the
 * change (empty = none). Storing it lifts a KoPers lock, like PATCH …/metadata.
 */
export const UpdatePersonenkontexteQuery = z.object({ personalnummer: z.string().optional() });
export type UpdatePersonenkontexteQuery = z.infer<typeof UpdatePersonenkontexteQuery>;

// ---------------------------------------------------------------------------------------------------------------------
// Two-factor administration (issue 8): PERSONS.md §2.9.1, §2.9.4, §2.9.5

/** POST /api/2fa-token/init (`TokenInitBodyParams`): whose software token is set up. */
export const TokenInitBody = z.object({ personId: z.string().min(1, NOT_EMPTY) });
export type TokenInitBody = z.infer<typeof TokenInitBody>;

/**
 * POST /api/2fa-token/verify (`TokenVerifyBodyParams`, §2.9.2): the pending software token of `personId` is confirmed
 * with a code of it. The token service keeps the pending token, so the code is all the call needs to name it.
 */
export const TokenVerifyBody = z.object({ personId: z.string().min(1, NOT_EMPTY).uuid(), otp: z.string().min(1, NOT_EMPTY) });
export type TokenVerifyBody = z.infer<typeof TokenVerifyBody>;

/**
 * POST /api/2fa-token/assign/hardwareToken (`AssignHardwareTokenBodyParams`): all four required and not empty;
 * `userId` is the person the device is handed to, `username` is ignored by the upstream (it uses the stored one).
 */
export const AssignHardwareTokenBody = z.object({
  serial: z.string().min(1, NOT_EMPTY),
  otp: z.string().min(1, NOT_EMPTY),
  username: z.string().min(1, NOT_EMPTY),
  userId: z.string().min(1, NOT_EMPTY),
});
export type AssignHardwareTokenBody = z.infer<typeof AssignHardwareTokenBody>;

// ── Creating persons and adding state employees (issue 9; PERSONS §2.2.13, §2.4.2, §2.6) ──────────────────────────

/** Empty text counts as absent where the upstream transforms it so (`personalnummer`, `befristung` of the create). */
const emptyAsAbsent = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** One Zuordnung to create with the person (`DbiamCreatePersonenkontextBodyParams`). */
export const CreatePersonenkontextBody = z.object({
  organisationId: z.string().min(1, NOT_EMPTY).uuid(),
  rolleId: z.string().min(1, NOT_EMPTY).uuid(),
});
export type CreatePersonenkontextBody = z.infer<typeof CreatePersonenkontextBody>;

/**
 * POST /api/personenkontext-workflow (`DbiamCreatePersonWithPersonenkontexteBodyParams`, PERSONS §2.4.2): a new person
 * with its first Zuordnungen. A pupil sends the school and the class with the same role each; `befristung` applies to
 * every Zuordnung; an empty `personalnummer` or `befristung` counts as absent. Leading or trailing spaces pass this
 * schema (they are allowed characters) and are refused by the upstream's domain rules.
 */
export const CreatePersonWithPersonenkontexteBody = z.object({
  familienname: personName,
  vorname: personName,
  personalnummer: emptyAsAbsent(z.string()),
  befristung: emptyAsAbsent(z.string().datetime({ offset: true })),
  createPersonenkontexte: z.array(CreatePersonenkontextBody),
});
export type CreatePersonWithPersonenkontexteBody = z.infer<typeof CreatePersonWithPersonenkontexteBody>;

/**
 * GET /api/personen/landesbediensteter (PERSONS §2.2.13): exactly one criterion, where `vorname` and `familienname`
 * together are one. Which combinations count is the upstream's business rule (LANDESBEDIENSTETER_SEARCH_NO_PERSON_FOUND),
 * not validation; the portal leaves empty criteria out (an empty one present would find nobody).
 */
export const LandesbediensteterSearchQuery = z.object({
  personalnummer: z.string().optional(),
  primaryEmailAddress: z.string().optional(),
  username: z.string().optional(),
  vorname: z.string().optional(),
  familienname: z.string().optional(),
});
export type LandesbediensteterSearchQuery = z.infer<typeof LandesbediensteterSearchQuery>;

/**
 * GET /api/landesbediensteter/step (`LandesbediensteterWorkflowStepBodyParams`, PERSONS §2.6.1): the workflow step
 * without operation context, person and requested right; organisations and roles where the caller may add state
 * employees.
 */
export const LandesbediensteterStepQuery = z.object({
  organisationId: z.string().uuid().optional(),
  rollenIds: uniqueArray(z.string().uuid()).optional(),
  rolleName: z.string().optional(),
  organisationName: z.string().optional(),
  limit: pagingNumber(1).optional(),
});
export type LandesbediensteterStepQuery = z.infer<typeof LandesbediensteterStepQuery>;

/**
 * PUT /api/landesbediensteter/{personId} (`LandesbediensteterWorkflowCommitBodyParams`, PERSONS §2.6.2): only the
 * Zuordnungen to add; `count` and `lastModified` are those of the person's Personenübersicht (optimistic locking as
 * the workflow PUT), `personalnummer` the found person's KoPers number.
 */
export const LandesbediensteterCommitBody = z.object({
  lastModified: z.string().datetime({ offset: true }).nullish(),
  count: z.number().finite(),
  personalnummer: z.string().optional(),
  newPersonenkontexte: z.array(PersonenkontextBody),
});
export type LandesbediensteterCommitBody = z.infer<typeof LandesbediensteterCommitBody>;

// ── Roles, offers and notices (issue 12; ORGANISATIONS_ROLES §5–§7, CHANGES-SINCE-PIN §3.9, §3.10, §3.12) ──────────

/**
 * Characters of role names (ORGANISATIONS_ROLES §5.0): DIN 91379 Latin characters of names, digits and round
 * brackets. Test the NFC form.
 */
export const ROLLE_NAME_CHARACTERS = /^[\p{Script=Latin}\p{M}0-9 '’`´.,\-~()]+$/u;

/** A role name as the upstream's DTO checks it: not empty, at most 200 characters, the characters above (NFC). */
const rolleName = z
  .string()
  .min(1, NOT_EMPTY)
  .transform((name) => name.normalize("NFC"))
  .refine((name) => name.length <= 200 && ROLLE_NAME_CHARACTERS.test(name));

const uniqueEnumArray = <T extends readonly [string, ...string[]]>(values: T) => uniqueArray(z.enum(values));

/** POST /api/rolle of the current upstream (`CreateRolleBodyParams`): the offers come with the role (0e55ce713). */
export const CreateRolleBody = z.object({
  name: rolleName,
  administeredBySchulstrukturknoten: z.string().min(1, NOT_EMPTY).uuid(),
  rollenart: z.enum(ROLLENARTEN),
  merkmale: uniqueEnumArray(ROLLEN_MERKMALE),
  systemrechte: uniqueEnumArray(SYSTEMRECHTE),
  serviceProviderIds: uniqueArray(z.string().uuid()),
});
export type CreateRolleBody = z.infer<typeof CreateRolleBody>;

/** POST /api/rolle of the pinned upstream: six rollenarten, 18 rights, no offers (a follow-up PUT …/serviceProviders). */
export const PinnedCreateRolleBody = CreateRolleBody.omit({ serviceProviderIds: true }).extend({
  rollenart: z.enum(PINNED_ROLLENARTEN),
  systemrechte: uniqueEnumArray(PINNED_SYSTEMRECHTE),
});
export type PinnedCreateRolleBody = z.infer<typeof PinnedCreateRolleBody>;

/** PUT /api/rolle/{id} (`UpdateRolleBodyParams`): the complete new state; owner and rollenart stay. */
export const UpdateRolleBody = z.object({
  name: rolleName,
  merkmale: uniqueEnumArray(ROLLEN_MERKMALE),
  systemrechte: uniqueEnumArray(SYSTEMRECHTE),
  serviceProviderIds: uniqueArray(z.string().uuid()),
  version: z.number().finite(),
});
export type UpdateRolleBody = z.infer<typeof UpdateRolleBody>;

/** The pinned update: 18 rights, and the provider ids are plain strings (an unknown one is not found). */
export const PinnedUpdateRolleBody = UpdateRolleBody.extend({
  systemrechte: uniqueEnumArray(PINNED_SYSTEMRECHTE),
  serviceProviderIds: uniqueArray(z.string()),
});

/** PATCH /api/rolle/{id} (`AddSystemrechtBodyParams`), pinned upstream only. */
export const AddSystemrechtBody = z.object({ systemRecht: z.enum(PINNED_SYSTEMRECHTE) });
export type AddSystemrechtBody = z.infer<typeof AddSystemrechtBody>;

/** PUT and DELETE /api/rolle/{id}/serviceProviders (`RolleServiceProviderBodyParams`), pinned upstream only. */
export const RolleServiceProviderBody = z.object({
  serviceProviderIds: z.array(z.string().uuid()).min(1, NOT_EMPTY),
  version: z.number().finite(),
});
export type RolleServiceProviderBody = z.infer<typeof RolleServiceProviderBody>;

/** POST /api/rolle/erweiterung (`CreateRollenerweiterungBodyParams`). */
export const CreateRollenerweiterungBody = z.object({
  organisationId: z.string().min(1, NOT_EMPTY).uuid(),
  rolleId: z.string().min(1, NOT_EMPTY).uuid(),
  serviceProviderId: z.string().min(1, NOT_EMPTY).uuid(),
});
export type CreateRollenerweiterungBody = z.infer<typeof CreateRollenerweiterungBody>;

/**
 * POST /api/rollen-erweiterung/angebot/{angebotId}/organisation/{organisationId}/apply (current upstream,
 * CHANGES-SINCE-PIN §4): the roles that get the offer at the organisation, and those that lose it, in one step.
 */
export const ApplyRollenerweiterungBody = z.object({
  addErweiterungenForRolleIds: z.array(z.string().uuid()),
  removeErweiterungenForRolleIds: z.array(z.string().uuid()),
});
export type ApplyRollenerweiterungBody = z.infer<typeof ApplyRollenerweiterungBody>;

/** The logo types POST /api/provider accepts with `logoBase64` (`ALLOWED_LOGO_MIME_TYPES`). */
export const LOGO_MIME_TYPES = ["image/png", "image/jpeg", "image/webp", "image/svg+xml"] as const;

/**
 * Marks the upstream's length rules (`@MaxLength`): their failure is `INVALID_LENGTH`, not `VALIDATION_ERROR`. It
 * wins over the property's other rules (the upstream's validation filter looks at `isMaxLength` first).
 */
export const TOO_LONG = "TOO_LONG";

/**
 * An offer's name (`@IsDIN91379AEXT() @MaxLength(50)`, NFC): the role name's characters (DIN 91379 A with digits and
 * brackets). Unlike a role name it may be empty: the upstream's pattern admits the empty string and nothing else
 * refuses it.
 */
const angebotName = z
  .string()
  .transform((name) => name.normalize("NFC"))
  .refine((name) => name.length <= 50, { message: TOO_LONG })
  .refine((name) => name === "" || ROLLE_NAME_CHARACTERS.test(name));
/** An offer's link (`@MaxLength(2000)`): any text, the upstream checks no URL syntax. */
const angebotUrl = z.string().max(2000, TOO_LONG);
/** A standard logo's number (`logoId`): 1 … 2³¹ − 1. */
const logoId = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);
type LogoMimeType = (typeof LOGO_MIME_TYPES)[number];
/** `@IsIn(ALLOWED_LOGO_MIME_TYPES)`: unlike `@IsEnum` a plain VALIDATION_ERROR when refused. */
const logoMimeType = z.string().refine((type): type is LogoMimeType => (LOGO_MIME_TYPES as readonly string[]).includes(type));

/**
 * POST /api/provider (current upstream, CHANGES-SINCE-PIN §4, `CreateServiceProviderBodyParams`): a standard logo
 * (`logoId`) or an uploaded one (`logoBase64` with `logoMimeType`), never both (the server's 400
 * `INVALID_LOGO_COMBINATION`, so not refused here). `organisationId` is only `@IsUUID` (an empty one is malformed,
 * not missing); the optional fields are `@IsOptional`, which lets `null` through as "not sent".
 */
export const CreateServiceProviderBody = z.object({
  organisationId: z.string().uuid(),
  name: angebotName,
  url: angebotUrl,
  logoId: logoId.nullish(),
  logoBase64: z.string().nullish(),
  logoMimeType: logoMimeType.nullish(),
  kategorie: z.enum(CURRENT_PROVIDER_KATEGORIEN),
  requires2fa: z.boolean(),
  merkmale: z.array(z.enum(PROVIDER_MERKMALE)),
  rollenartenWhitelist: z.array(z.enum(ROLLENARTEN)).nullish(),
});
export type CreateServiceProviderBody = z.infer<typeof CreateServiceProviderBody>;

/** PATCH /api/provider/{id} (`UpdateServiceProviderBodyParams`): every field optional; `logoId: null` clears the logo. */
export const UpdateServiceProviderBody = z.object({
  name: angebotName.optional(),
  url: angebotUrl.optional(),
  kategorie: z.enum(CURRENT_PROVIDER_KATEGORIEN).optional(),
  logoId: logoId.nullable().optional(),
  merkmale: z.array(z.enum(PROVIDER_MERKMALE)).optional(),
  rollenartenWhitelist: z.array(z.enum(ROLLENARTEN)).optional(),
});
export type UpdateServiceProviderBody = z.infer<typeof UpdateServiceProviderBody>;

/** The rights `GET /api/rolle` accepts in `systemrechte` (current upstream, CHANGES-SINCE-PIN §3.10). */
export const ROLLEN_LISTE_SYSTEMRECHTE = ["ROLLEN_VERWALTEN", "ROLLEN_ERWEITERN", "IMPORT_DURCHFUEHREN"] as const;

/**
 * GET /api/rolle of the current upstream (`FindRollenQueryParams`). `organisationContextForOperation` only together
 * with `systemrechte` ROLLEN_ERWEITERN or IMPORT_DURCHFUEHREN and never with `organisationenForFilter`.
 */
export const FindRollenQueryFields = z.object({
  offset: pagingNumber(0).optional(),
  limit: pagingNumber(1).optional(),
  searchStr: z.string().optional(),
  organisationenForFilter: uniqueArray(z.string().uuid()).optional(),
  rolleIds: uniqueArray(z.string().uuid()).optional(),
  rollenarten: uniqueEnumArray(ROLLENARTEN).optional(),
  merkmale: uniqueEnumArray(ROLLEN_MERKMALE).optional(),
  systemrechte: uniqueEnumArray(ROLLEN_LISTE_SYSTEMRECHTE).optional(),
  organisationContextForOperation: z.string().uuid().optional(),
});
export const FindRollenQuery = FindRollenQueryFields.refine(
  (query) =>
    query.organisationContextForOperation === undefined ||
    (!query.organisationenForFilter?.length &&
      (query.systemrechte ?? []).some((recht) => recht === "ROLLEN_ERWEITERN" || recht === "IMPORT_DURCHFUEHREN")),
  { message: "organisationContextForOperation" },
);
export type FindRollenQuery = z.infer<typeof FindRollenQuery>;

/** GET /api/rolle of the pinned upstream: paging and a name search only; the other parameters are dropped. */
export const PinnedFindRollenQuery = z.object({
  offset: pagingNumber(0).optional(),
  limit: pagingNumber(1).optional(),
  searchStr: z.string().optional(),
});
export type PinnedFindRollenQuery = z.infer<typeof PinnedFindRollenQuery>;

/** GET /api/provider/manageable: paging; the current upstream adds `kategorien`. */
export const ManageableProvidersQuery = z.object({
  offset: pagingNumber(0).optional(),
  limit: pagingNumber(1).optional(),
  kategorien: uniqueEnumArray(CURRENT_PROVIDER_KATEGORIEN).optional(),
});
export type ManageableProvidersQuery = z.infer<typeof ManageableProvidersQuery>;
export const PinnedManageableProvidersQuery = ManageableProvidersQuery.extend({ kategorien: z.undefined().catch(undefined) });

/**
 * GET /api/provider/manageable-by-organisation (current upstream, CHANGES-SINCE-PIN §4): the offers a school may extend
 * its roles with; body paging.
 */
export const ManageableByOrganisationQuery = z.object({
  organisationId: z.string().min(1, NOT_EMPTY).uuid(),
  offset: pagingNumber(0).optional(),
  limit: pagingNumber(1).optional(),
});
export type ManageableByOrganisationQuery = z.infer<typeof ManageableByOrganisationQuery>;

/** GET /api/provider/assignable-for-rolle (current upstream): the owner organisation of the role being edited. */
export const AssignableForRolleQuery = z.object({ schulstrukturknotenOfRolle: z.string().min(1, NOT_EMPTY).uuid() });
export type AssignableForRolleQuery = z.infer<typeof AssignableForRolleQuery>;

/** GET /api/provider/{id}/rollenerweiterung: paging; the current upstream adds `organisationIds` and `rolleIds`. */
export const RollenerweiterungenQuery = z.object({
  offset: pagingNumber(0).optional(),
  limit: pagingNumber(1).optional(),
  organisationIds: uniqueArray(z.string().uuid()).optional(),
  rolleIds: uniqueArray(z.string().uuid()).optional(),
});
export type RollenerweiterungenQuery = z.infer<typeof RollenerweiterungenQuery>;
export const PinnedRollenerweiterungenQuery = RollenerweiterungenQuery.extend({
  organisationIds: z.undefined().catch(undefined),
  rolleIds: z.undefined().catch(undefined),
});

/**
 * PUT /api/portal/meldung (`CreateOrUpdateMeldungBodyParams`): without `id` a new notice, with `id` (even "") an
 * update of that notice at `revision`. The text's length (1–2000) is a domain rule (`MELDUNG_INHALT`).
 */
export const CreateOrUpdateMeldungBody = z.object({
  id: z.string().optional(),
  inhalt: z.string(),
  status: z.enum(MELDUNG_STATUS),
  revision: z.number().finite(),
});
export type CreateOrUpdateMeldungBody = z.infer<typeof CreateOrUpdateMeldungBody>;

// ── CSV import (issue 14; PERSONS §2.8, CHANGES-SINCE-PIN §3.5) ─────────────────────────────────────────────────

/** The form field names of POST /api/import/upload (`multipart/form-data`, `DbiamPersonenkontextImportBodyParams`). */
export const IMPORT_UPLOAD_FIELDS = { file: "file", organisationId: "organisationId", rolleId: "rolleId" } as const;

/**
 * POST /api/import/upload: the text fields of the form; the file goes as field `file` (MIME type `text/csv` or
 * `application/vnd.ms-excel`, at most 5 MB, at most 2000 rows).
 */
export const ImportUploadBody = z.object({
  organisationId: z.string().min(1, NOT_EMPTY).uuid(),
  rolleId: z.string().min(1, NOT_EMPTY).uuid(),
});
export type ImportUploadBody = z.infer<typeof ImportUploadBody>;

/** POST /api/import/execute (`ImportvorgangByIdBodyParams`). */
export const ImportvorgangByIdBody = z.object({ importvorgangId: z.string().min(1, NOT_EMPTY).uuid() });
export type ImportvorgangByIdBody = z.infer<typeof ImportvorgangByIdBody>;

/** The path of GET /api/import/{id}/status, GET /api/import/{id}/download and DELETE /api/import/{id}. */
export const ImportvorgangByIdParams = ImportvorgangByIdBody;
export type ImportvorgangByIdParams = ImportvorgangByIdBody;

/** The largest page of GET /api/import/importedUsers (a larger `limit` is IMPORT_RESULT_QUERY_LIMIT_ERROR). */
export const IMPORT_RESULT_MAX_LIMIT = 100;

/** GET /api/import/importedUsers: one page (default and maximum 100) of an import's rows. */
export const ImportedUsersQuery = z.object({
  importvorgangId: z.string().min(1, NOT_EMPTY).uuid(),
  offset: pagingNumber(0).optional(),
  limit: pagingNumber(1).optional(),
});
export type ImportedUsersQuery = z.infer<typeof ImportedUsersQuery>;

/** GET /api/import/history (header paging): the caller's own imports; all filters AND-combined, no default status. */
export const ImportHistoryQuery = z.object({
  offset: pagingNumber(0).optional(),
  limit: pagingNumber(1).optional(),
  status: z.enum(IMPORT_STATUS).optional(),
  rolleIds: uniqueArray(z.string().uuid()).optional(),
  organisationIds: uniqueArray(z.string().uuid()).optional(),
});
export type ImportHistoryQuery = z.infer<typeof ImportHistoryQuery>;
