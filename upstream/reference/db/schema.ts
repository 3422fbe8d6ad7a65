import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** Binary column for logos; drizzle has no built-in bytea helper. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
};

export const organisation = pgTable(
  "organisation",
  {
    id: uuid("id").primaryKey(),
    administriertVon: uuid("administriert_von").references((): AnyPgColumn => organisation.id),
    zugehoerigZu: uuid("zugehoerig_zu").references((): AnyPgColumn => organisation.id),
    kennung: text("kennung"),
    name: text("name").notNull(),
    namensergaenzung: text("namensergaenzung"),
    kuerzel: text("kuerzel"),
    typ: text("typ").notNull(),
    traegerschaft: text("traegerschaft"),
    emailDomain: text("email_domain"),
    emailAdress: text("email_adress"),
    itslearningEnabled: boolean("itslearning_enabled").notNull().default(false),
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index("organisation_typ_idx").on(t.typ),
    index("organisation_administriert_von_idx").on(t.administriertVon),
    index("organisation_zugehoerig_zu_idx").on(t.zugehoerigZu),
    index("organisation_kennung_idx").on(t.kennung),
    index("organisation_lower_name_idx").on(sql`lower(${t.name})`),
  ],
);

export const serviceProvider = pgTable("service_provider", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  target: text("target").notNull(),
  url: text("url"),
  kategorie: text("kategorie").notNull(),
  providedOnSchulstrukturknoten: uuid("provided_on_schulstrukturknoten")
    .notNull()
    .references(() => organisation.id),
  logo: bytea("logo"),
  logoMimeType: text("logo_mime_type"),
  keycloakGroup: text("keycloak_group"),
  keycloakRole: text("keycloak_role"),
  externalSystem: text("external_system").notNull().default("NONE"),
  requires2fa: boolean("requires_2fa").notNull().default(false),
  vidisAngebotId: text("vidis_angebot_id"),
  /** A standard logo's number (current upstream); never together with an uploaded `logo`. */
  logoId: integer("logo_id"),
  /** Rollenarten the offer is meant for (current upstream); empty = every rollenart. Kept in the order it was sent. */
  rollenartenWhitelist: text("rollenarten_whitelist")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  ...timestamps,
});

export const serviceProviderMerkmal = pgTable(
  "service_provider_merkmal",
  {
    serviceProviderId: uuid("service_provider_id")
      .notNull()
      .references(() => serviceProvider.id, { onDelete: "cascade" }),
    merkmal: text("merkmal").notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceProviderId, t.merkmal] })],
);

export const rolle = pgTable(
  "rolle",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    administeredBySchulstrukturknoten: uuid("administered_by_schulstrukturknoten")
      .notNull()
      .references(() => organisation.id),
    rollenart: text("rollenart").notNull(),
    istTechnisch: boolean("ist_technisch").notNull().default(false),
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (t) => [index("rolle_ssk_idx").on(t.administeredBySchulstrukturknoten)],
);

export const rolleSystemrecht = pgTable(
  "rolle_systemrecht",
  {
    rolleId: uuid("rolle_id")
      .notNull()
      .references(() => rolle.id, { onDelete: "cascade" }),
    systemrecht: text("systemrecht").notNull(),
  },
  (t) => [primaryKey({ columns: [t.rolleId, t.systemrecht] }), index("rolle_systemrecht_recht_idx").on(t.systemrecht)],
);

export const rolleMerkmal = pgTable(
  "rolle_merkmal",
  {
    rolleId: uuid("rolle_id")
      .notNull()
      .references(() => rolle.id, { onDelete: "cascade" }),
    merkmal: text("merkmal").notNull(),
  },
  (t) => [primaryKey({ columns: [t.rolleId, t.merkmal] })],
);

/** Providers a role grants; `position` keeps the role's own order (responses list them in that order). */
export const rolleServiceProvider = pgTable(
  "rolle_service_provider",
  {
    rolleId: uuid("rolle_id")
      .notNull()
      .references(() => rolle.id, { onDelete: "cascade" }),
    serviceProviderId: uuid("service_provider_id")
      .notNull()
      .references(() => serviceProvider.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.rolleId, t.serviceProviderId] }), index("rolle_service_provider_sp_idx").on(t.serviceProviderId)],
);

export const rollenerweiterung = pgTable(
  "rollenerweiterung",
  {
    id: uuid("id").primaryKey(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisation.id),
    rolleId: uuid("rolle_id")
      .notNull()
      .references(() => rolle.id),
    serviceProviderId: uuid("service_provider_id")
      .notNull()
      .references(() => serviceProvider.id),
    ...timestamps,
  },
  (t) => [uniqueIndex("rollenerweiterung_triple_uq").on(t.organisationId, t.rolleId, t.serviceProviderId)],
);

export const person = pgTable(
  "person",
  {
    id: uuid("id").primaryKey(),
    /** IdP subject = identity_account.id; nullable because a person may exist before its account. */
    keycloakUserId: text("keycloak_user_id").unique(),
    username: text("username").unique(),
    mandant: text("mandant").notNull(),
    stammorganisation: text("stammorganisation"),
    familienname: text("familienname").notNull(),
    vorname: text("vorname").notNull(),
    revision: integer("revision").notNull().default(1),
    personalnummer: text("personalnummer").unique(),
    orgUnassignmentDate: timestamp("org_unassignment_date", { withTimezone: true, mode: "date" }),
    istTechnisch: boolean("ist_technisch").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("person_lower_familienname_idx").on(sql`lower(${t.familienname})`),
    index("person_lower_vorname_idx").on(sql`lower(${t.vorname})`),
    // The person list's sort orders, complete with their tie-breakers (always ascending) and only over the persons it
    // lists: a page is then a walk along one index, also with 100 000 persons (routes/personen-frontend.ts). Names sort
    // by german_sort_key (a function of the initial migration): ä as a, ß as ss, case ignored, as German users expect.
    index("person_list_familienname_idx")
      .on(sql`german_sort_key(${t.familienname})`, sql`german_sort_key(${t.vorname})`, t.username, t.id)
      .where(sql`${t.istTechnisch} = false`),
    index("person_list_familienname_desc_idx")
      .on(sql`german_sort_key(${t.familienname}) DESC`, sql`german_sort_key(${t.vorname})`, t.username, t.id)
      .where(sql`${t.istTechnisch} = false`),
    index("person_list_vorname_idx")
      .on(sql`german_sort_key(${t.vorname})`, sql`german_sort_key(${t.familienname})`, t.username, t.id)
      .where(sql`${t.istTechnisch} = false`),
    index("person_list_vorname_desc_idx")
      .on(sql`german_sort_key(${t.vorname}) DESC`, sql`german_sort_key(${t.familienname})`, t.username, t.id)
      .where(sql`${t.istTechnisch} = false`),
    index("person_list_personalnummer_idx")
      .on(t.personalnummer, t.username, t.id)
      .where(sql`${t.istTechnisch} = false`),
    index("person_list_personalnummer_desc_idx")
      .on(sql`${t.personalnummer} DESC`, t.username, t.id)
      .where(sql`${t.istTechnisch} = false`),
  ],
);

/** The IdP side of a login (Keycloak in the real system); deliberately separate from `person`. */
export const identityAccount = pgTable(
  "identity_account",
  {
    id: uuid("id").primaryKey(),
    username: text("username").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    passwordTemporary: boolean("password_temporary").notNull().default(false),
    passwordUpdatedAt: timestamp("password_updated_at", { withTimezone: true, mode: "date" }),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  // The login form looks accounts up case-insensitively; without this every login scans all (bulk) accounts.
  (t) => [index("identity_account_lower_username_idx").on(sql`lower(${t.username})`)],
);

export const personenkontext = pgTable(
  "personenkontext",
  {
    id: uuid("id").primaryKey(),
    personId: uuid("person_id")
      .notNull()
      .references(() => person.id, { onDelete: "cascade" }),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisation.id),
    rolleId: uuid("rolle_id")
      .notNull()
      .references(() => rolle.id),
    befristung: timestamp("befristung", { withTimezone: true, mode: "date" }),
    sichtfreigabe: text("sichtfreigabe").notNull().default("nein"),
    personenstatus: text("personenstatus"),
    jahrgangsstufe: text("jahrgangsstufe"),
    revision: integer("revision").notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("personenkontext_triple_uq").on(t.personId, t.organisationId, t.rolleId),
    index("personenkontext_organisation_idx").on(t.organisationId),
    index("personenkontext_rolle_idx").on(t.rolleId),
  ],
);

export const twoFactorToken = pgTable(
  "two_factor_token",
  {
    id: uuid("id").primaryKey(),
    personId: uuid("person_id")
      .notNull()
      .references(() => person.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    serial: text("serial").notNull(),
    /** Base32 TOTP secret (software tokens and simulated hardware tokens). */
    secret: text("secret").notNull(),
    /** "verify" = enrolment started, not confirmed; "enrolled" = active. */
    rolloutState: text("rollout_state").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("two_factor_token_person_idx").on(t.personId)],
);

export const meldung = pgTable("meldung", {
  id: uuid("id").primaryKey(),
  inhalt: text("inhalt").notNull(),
  status: text("status").notNull(),
  revision: integer("revision").notNull().default(1),
  ...timestamps,
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    data: jsonb("data").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("session_expires_at_idx").on(t.expiresAt)],
);

/**
 * Consecutive failed logins per entered username (lower case), also for names without an account, so that the
 * lockout message reveals nothing about which accounts exist (lib/lockout.ts).
 */
export const loginFailure = pgTable(
  "login_failure",
  {
    username: text("username").primaryKey(),
    failures: integer("failures").notNull(),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true, mode: "date" }).notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("login_failure_last_failure_idx").on(t.lastFailureAt)],
);

/**
 * Locks of a person (PERSONS §1.8, §4): at most one per occasion. `locked_by` is, by the portal's convention, the id
 * of the locking organisation, or "Cron" for the automatic KoPers lock. The account stays disabled while any row exists.
 */
export const userLock = pgTable(
  "user_lock",
  {
    personId: uuid("person_id")
      .notNull()
      .references(() => person.id, { onDelete: "cascade" }),
    lockedBy: text("locked_by").notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
    lockedOccasion: text("locked_occasion").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.lockedOccasion] }), index("user_lock_locked_until_idx").on(t.lockedUntil)],
);

/**
 * E-mail addresses of a person, owned by the e-mail module upstream (read-only for the person side). The primary one
 * is the ENABLED address if any, else the most recently updated one.
 */
export const emailAddress = pgTable(
  "email_address",
  {
    address: text("address").primaryKey(),
    personId: uuid("person_id")
      .notNull()
      .references(() => person.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("email_address_person_idx").on(t.personId)],
);

/**
 * The device (UEM) password of a person's LDAP entry (PERSONS §2.2.9). Only persons with a LEHR kontext have such an
 * entry; only a hash is kept, the password itself is answered once and never stored.
 */
export const uemPassword = pgTable("uem_password", {
  personId: uuid("person_id")
    .primaryKey()
    .references(() => person.id, { onDelete: "cascade" }),
  passwordHash: text("password_hash").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * The token service's pool of hardware tokens (PERSONS §2.9.5): each has a serial and the TOTP secret that was
 * loaded into the device. Assigning one to a person also gives the person a `two_factor_token` row of kind
 * "hardware" with that serial and secret, so the login checks it like any token; resetting it clears both and the
 * serial is free again.
 */
export const hardwareToken = pgTable("hardware_token", {
  serial: text("serial").primaryKey(),
  /** Base32 TOTP secret of the device. */
  secret: text("secret").notNull(),
  assignedPersonId: uuid("assigned_person_id").references(() => person.id, { onDelete: "set null" }),
  assignedAt: timestamp("assigned_at", { withTimezone: true, mode: "date" }),
});

/**
 * A CSV import (PERSONS §2.8): who uploaded it, for which role at which school, and where it stands
 * (STARTED → VALID/INVALID → INPROGRESS → FINISHED/FAILED → COMPLETED, or CANCELLED). `executedByPersonId` is the
 * person whose execute request was accepted: the background job creates the persons with his rights, and on start-up
 * the server resumes every import that was accepted for execution but not finished (lib/import-job.ts).
 */
export const importvorgang = pgTable(
  "importvorgang",
  {
    id: uuid("id").primaryKey(),
    importByPersonId: uuid("import_by_person_id").references(() => person.id, { onDelete: "set null" }),
    importByUsername: text("import_by_username"),
    rolleId: uuid("rolle_id").references(() => rolle.id, { onDelete: "set null" }),
    rollenname: text("rollenname").notNull(),
    organisationId: uuid("organisation_id").references(() => organisation.id, { onDelete: "set null" }),
    organisationsname: text("organisationsname").notNull(),
    dataItemCount: integer("data_item_count").notNull(),
    status: text("status").notNull(),
    executedByPersonId: uuid("executed_by_person_id").references(() => person.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("importvorgang_import_by_idx").on(t.importByPersonId, t.createdAt), index("importvorgang_status_idx").on(t.status)],
);

/**
 * One row of an import's CSV file, kept in file order (`position`) with its validation errors. After a successful
 * creation it holds the username and the start password, the latter only encrypted (lib/import-crypto.ts) and only
 * until the result was fetched or the import deleted (then all rows go).
 */
export const importDataItem = pgTable(
  "import_data_item",
  {
    id: uuid("id").primaryKey(),
    importvorgangId: uuid("importvorgang_id")
      .notNull()
      .references(() => importvorgang.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    nachname: text("nachname"),
    vorname: text("vorname"),
    klasse: text("klasse"),
    personalnummer: text("personalnummer"),
    validationErrors: jsonb("validation_errors").$type<string[]>().notNull(),
    username: text("username"),
    password: text("password"),
    status: text("status").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("import_data_item_position_uq").on(t.importvorgangId, t.position),
    index("import_data_item_status_idx").on(t.importvorgangId, t.status),
  ],
);
