import { z } from "zod";

/** The 18 system rights of the pinned upstream in its own order (ORGANISATIONS_ROLES.md §0.8, `RollenSystemRechtEnum`). */
export const PINNED_SYSTEMRECHTE = [
  "ROLLEN_VERWALTEN",
  "PERSONEN_SOFORT_LOESCHEN",
  "PERSONEN_VERWALTEN",
  "LANDESBEDIENSTETE_SUCHEN_UND_HINZUFUEGEN",
  "EINGESCHRAENKT_NEUE_BENUTZER_ERSTELLEN",
  "SCHULEN_VERWALTEN",
  "KLASSEN_VERWALTEN",
  "SCHULTRAEGER_VERWALTEN",
  "PERSON_SYNCHRONISIEREN",
  "CRON_DURCHFUEHREN",
  "PERSONEN_ANLEGEN",
  "IMPORT_DURCHFUEHREN",
  "PERSONEN_LESEN",
  "BULK_VERWALTEN",
  "SCHULPORTAL_VERWALTEN",
  "HINWEISE_BEARBEITEN",
  "ROLLEN_ERWEITERN",
  "ANGEBOTE_VERWALTEN",
] as const;
/**
 * The system rights of the current upstream: the pinned 18, then the two it added (CHANGES-SINCE-PIN §2.8).
 * Answers may still carry names not listed here; the portal reads rights as plain strings and ignores
 * those it does not know.
 */
export const SYSTEMRECHTE = [...PINNED_SYSTEMRECHTE, "ANGEBOTE_EINGESCHRAENKT_VERWALTEN", "SCHULISCHE_VIDIS_ANGEBOTE_ABRUFEN"] as const;
export type Systemrecht = (typeof SYSTEMRECHTE)[number];
export const TECHNICAL_SYSTEMRECHTE: readonly Systemrecht[] = ["CRON_DURCHFUEHREN", "PERSONEN_LESEN"];

export const ORGANISATIONS_TYPEN = [
  "ROOT",
  "LAND",
  "TRAEGER",
  "SCHULE",
  "KLASSE",
  "ANBIETER",
  "SONSTIGE ORGANISATION / EINRICHTUNG",
  "UNBESTAETIGT",
] as const;
export const OrganisationsTyp = z.enum(ORGANISATIONS_TYPEN);
export type OrganisationsTyp = z.infer<typeof OrganisationsTyp>;

/** `TraegerschaftTyp`: 01 Bund, 02 Land, 03 Kommune, 04 privat, 05 kirchlich, 06 sonstige (ORGANISATIONS_ROLES.md §4.0). */
export const TRAEGERSCHAFTEN = ["01", "02", "03", "04", "05", "06"] as const;

/** Pinned six, then the current upstream's Sorgeberechtigte, Schulbegleitung and nicht-lehrendes Personal (§2.9). */
export const ROLLENARTEN = ["LERN", "LEHR", "EXTERN", "ORGADMIN", "LEIT", "SYSADMIN", "SORGBER", "SCHB", "NLEHR"] as const;
export type Rollenart = (typeof ROLLENARTEN)[number];
/** The pinned upstream's six rollenarten (ORGANISATIONS_ROLES.md §5.0). */
export const PINNED_ROLLENARTEN = ["LERN", "LEHR", "EXTERN", "ORGADMIN", "LEIT", "SYSADMIN"] as const;

export const ROLLEN_MERKMALE = ["BEFRISTUNG_PFLICHT", "KOPERS_PFLICHT"] as const;
export type RollenMerkmal = (typeof ROLLEN_MERKMALE)[number];

/** The pinned upstream's categories (ORGANISATIONS_ROLES.md §6.0), the ones the reference upstream seeds. */
export const PROVIDER_KATEGORIEN = ["EMAIL", "UNTERRICHT", "VERWALTUNG", "HINWEISE", "ANGEBOTE"] as const;
export type ProviderKategorie = (typeof PROVIDER_KATEGORIEN)[number];
/**
 * Every category either upstream version sends, in start page order: the current upstream replaced
 * ANGEBOTE by SCHULISCH (CHANGES-SINCE-PIN §2.9); both come after HINWEISE in their version's order.
 */
export const KNOWN_PROVIDER_KATEGORIEN = ["EMAIL", "UNTERRICHT", "VERWALTUNG", "HINWEISE", "SCHULISCH", "ANGEBOTE"] as const;
export type KnownProviderKategorie = (typeof KNOWN_PROVIDER_KATEGORIEN)[number];

/** The current upstream's categories in its code order (CHANGES-SINCE-PIN §2.9): ANGEBOTE became SCHULISCH. */
export const CURRENT_PROVIDER_KATEGORIEN = ["EMAIL", "UNTERRICHT", "VERWALTUNG", "SCHULISCH", "HINWEISE"] as const;

export const PROVIDER_TARGETS = ["URL", "EMAIL", "SCHULPORTAL_ADMINISTRATION"] as const;
export const PROVIDER_MERKMALE = [
  "NACHTRAEGLICH_ZUWEISBAR",
  "VERFUEGBAR_FUER_ROLLENERWEITERUNG",
  // current upstream (CHANGES-SINCE-PIN §2.9)
  "ANBIETEN_IN_SCHULISCHER_ANGEBOTSVERWALTUNG",
  "ANBIETEN_IN_SCHULISCHER_ROLLENVERWALTUNG",
] as const;

const STEP_UP_LEVELS = ["none", "silver", "gold"] as const;
export const StepUpLevel = z.enum(STEP_UP_LEVELS);
export type StepUpLevel = z.infer<typeof StepUpLevel>;

export const TIME_LIMIT_OCCASIONS = ["KOPERS", "NO_KONTEXTE", "PERSONENKONTEXT_EXPIRES"] as const;

export const MELDUNG_STATUS = ["VEROEFFENTLICHT", "NICHT_VEROEFFENTLICHT"] as const;

/** The fixed id of the ROOT organisation in every known environment. */
export const ROOT_ORGANISATION_ID = "d39cb7cf-2f9b-45f1-849f-973661f2f057";

/** E-mail address states of the e-mail module (PERSONS §1.8). */
export const EMAIL_ADDRESS_STATUS = ["ENABLED", "DISABLED", "REQUESTED", "FAILED", "DELETED_LDAP", "DELETED_OX", "DELETED"] as const;
export type EmailAddressStatus = (typeof EMAIL_ADDRESS_STATUS)[number];

/** Why a person is locked (PERSONS §4): by an administrator, or automatically for a missing KoPers number. */
export const LOCK_OCCASIONS = ["MANUELL_GESPERRT", "KOPERS_GESPERRT"] as const;
export type LockOccasion = (typeof LOCK_OCCASIONS)[number];

/** `locked_by` of a lock the KoPers timer set. */
export const CRON_LOCKED_BY = "Cron";

/** Sortable columns of `GET /api/personen-frontend` (`SortFieldPerson`). */
export const PERSON_SORT_FIELDS = ["vorname", "familienname", "personalnummer", "username"] as const;
export type PersonSortField = (typeof PERSON_SORT_FIELDS)[number];

/** Status of an import (`ImportStatus`, PERSONS §2.8): STARTED → VALID/INVALID → INPROGRESS → FINISHED/FAILED → COMPLETED, or CANCELLED. */
export const IMPORT_STATUS = ["STARTED", "VALID", "INVALID", "INPROGRESS", "FINISHED", "FAILED", "COMPLETED", "CANCELLED"] as const;
export type ImportStatus = (typeof IMPORT_STATUS)[number];

/** Status of one row of an import (`ImportDataItemStatus`). */
export const IMPORT_DATA_ITEM_STATUS = ["PENDING", "SUCCESS", "FAILED"] as const;
export type ImportDataItemStatus = (typeof IMPORT_DATA_ITEM_STATUS)[number];
