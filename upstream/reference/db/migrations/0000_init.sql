-- Written by hand (drizzle-kit generates no functions), before the tables because the person list's indexes use it.
-- The sort key of person names, as German users expect the list (DIN 5007-1, dictionary order): case and
-- diacritics do not count (ä sorts as a, ö as o, ß as ss). The embedded database compares bytes, which would put
-- "Özdemir" after "Wöhler"; and under the C locale lower() changes only ASCII letters, so both cases are listed.
-- IMMUTABLE, so that the list's sort indexes can be built on it.
CREATE FUNCTION "german_sort_key"("value" text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN translate(
    replace(replace(replace(replace(replace(replace(lower("value"), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'),
    'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆčČďĎđĐèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪįĮłŁľĽĺĹñÑńŃňŇòÒóÓôÔõÕöÖøØōŌőŐřŘŕŔśŚšŠşŞťŤţŢùÙúÚûÛüÜūŪůŮűŰųŲýÝÿŸźŹžŽżŻğĞı',
    'aaaaaaaaaaaaaaaaaaccccccddddeeeeeeeeeeeeeeeeiiiiiiiiiiiillllllnnnnnnoooooooooooooooorrrrssssssttttuuuuuuuuuuuuuuuuyyyyzzzzzzggi'
  );
--> statement-breakpoint
CREATE TABLE "email_address" (
	"address" text PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hardware_token" (
	"serial" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"assigned_person_id" uuid,
	"assigned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_account" (
	"id" uuid PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"password_temporary" boolean DEFAULT false NOT NULL,
	"password_updated_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_account_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "import_data_item" (
	"id" uuid PRIMARY KEY NOT NULL,
	"importvorgang_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"nachname" text,
	"vorname" text,
	"klasse" text,
	"personalnummer" text,
	"validation_errors" jsonb NOT NULL,
	"username" text,
	"password" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "importvorgang" (
	"id" uuid PRIMARY KEY NOT NULL,
	"import_by_person_id" uuid,
	"import_by_username" text,
	"rolle_id" uuid,
	"rollenname" text NOT NULL,
	"organisation_id" uuid,
	"organisationsname" text NOT NULL,
	"data_item_count" integer NOT NULL,
	"status" text NOT NULL,
	"executed_by_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failure" (
	"username" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "meldung" (
	"id" uuid PRIMARY KEY NOT NULL,
	"inhalt" text NOT NULL,
	"status" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation" (
	"id" uuid PRIMARY KEY NOT NULL,
	"administriert_von" uuid,
	"zugehoerig_zu" uuid,
	"kennung" text,
	"name" text NOT NULL,
	"namensergaenzung" text,
	"kuerzel" text,
	"typ" text NOT NULL,
	"traegerschaft" text,
	"email_domain" text,
	"email_adress" text,
	"itslearning_enabled" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person" (
	"id" uuid PRIMARY KEY NOT NULL,
	"keycloak_user_id" text,
	"username" text,
	"mandant" text NOT NULL,
	"stammorganisation" text,
	"familienname" text NOT NULL,
	"vorname" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"personalnummer" text,
	"org_unassignment_date" timestamp with time zone,
	"ist_technisch" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_keycloak_user_id_unique" UNIQUE("keycloak_user_id"),
	CONSTRAINT "person_username_unique" UNIQUE("username"),
	CONSTRAINT "person_personalnummer_unique" UNIQUE("personalnummer")
);
--> statement-breakpoint
CREATE TABLE "personenkontext" (
	"id" uuid PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"rolle_id" uuid NOT NULL,
	"befristung" timestamp with time zone,
	"sichtfreigabe" text DEFAULT 'nein' NOT NULL,
	"personenstatus" text,
	"jahrgangsstufe" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rolle" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"administered_by_schulstrukturknoten" uuid NOT NULL,
	"rollenart" text NOT NULL,
	"ist_technisch" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rolle_merkmal" (
	"rolle_id" uuid NOT NULL,
	"merkmal" text NOT NULL,
	CONSTRAINT "rolle_merkmal_rolle_id_merkmal_pk" PRIMARY KEY("rolle_id","merkmal")
);
--> statement-breakpoint
CREATE TABLE "rolle_service_provider" (
	"rolle_id" uuid NOT NULL,
	"service_provider_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rolle_service_provider_rolle_id_service_provider_id_pk" PRIMARY KEY("rolle_id","service_provider_id")
);
--> statement-breakpoint
CREATE TABLE "rolle_systemrecht" (
	"rolle_id" uuid NOT NULL,
	"systemrecht" text NOT NULL,
	CONSTRAINT "rolle_systemrecht_rolle_id_systemrecht_pk" PRIMARY KEY("rolle_id","systemrecht")
);
--> statement-breakpoint
CREATE TABLE "rollenerweiterung" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"rolle_id" uuid NOT NULL,
	"service_provider_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_provider" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"target" text NOT NULL,
	"url" text,
	"kategorie" text NOT NULL,
	"provided_on_schulstrukturknoten" uuid NOT NULL,
	"logo" "bytea",
	"logo_mime_type" text,
	"keycloak_group" text,
	"keycloak_role" text,
	"external_system" text DEFAULT 'NONE' NOT NULL,
	"requires_2fa" boolean DEFAULT false NOT NULL,
	"vidis_angebot_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_provider_merkmal" (
	"service_provider_id" uuid NOT NULL,
	"merkmal" text NOT NULL,
	CONSTRAINT "service_provider_merkmal_service_provider_id_merkmal_pk" PRIMARY KEY("service_provider_id","merkmal")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_factor_token" (
	"id" uuid PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"serial" text NOT NULL,
	"secret" text NOT NULL,
	"rollout_state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uem_password" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"password_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_lock" (
	"person_id" uuid NOT NULL,
	"locked_by" text NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_occasion" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_lock_person_id_locked_occasion_pk" PRIMARY KEY("person_id","locked_occasion")
);
--> statement-breakpoint
ALTER TABLE "email_address" ADD CONSTRAINT "email_address_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware_token" ADD CONSTRAINT "hardware_token_assigned_person_id_person_id_fk" FOREIGN KEY ("assigned_person_id") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_data_item" ADD CONSTRAINT "import_data_item_importvorgang_id_importvorgang_id_fk" FOREIGN KEY ("importvorgang_id") REFERENCES "public"."importvorgang"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importvorgang" ADD CONSTRAINT "importvorgang_import_by_person_id_person_id_fk" FOREIGN KEY ("import_by_person_id") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importvorgang" ADD CONSTRAINT "importvorgang_rolle_id_rolle_id_fk" FOREIGN KEY ("rolle_id") REFERENCES "public"."rolle"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importvorgang" ADD CONSTRAINT "importvorgang_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importvorgang" ADD CONSTRAINT "importvorgang_executed_by_person_id_person_id_fk" FOREIGN KEY ("executed_by_person_id") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation" ADD CONSTRAINT "organisation_administriert_von_organisation_id_fk" FOREIGN KEY ("administriert_von") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation" ADD CONSTRAINT "organisation_zugehoerig_zu_organisation_id_fk" FOREIGN KEY ("zugehoerig_zu") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personenkontext" ADD CONSTRAINT "personenkontext_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personenkontext" ADD CONSTRAINT "personenkontext_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personenkontext" ADD CONSTRAINT "personenkontext_rolle_id_rolle_id_fk" FOREIGN KEY ("rolle_id") REFERENCES "public"."rolle"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rolle" ADD CONSTRAINT "rolle_administered_by_schulstrukturknoten_organisation_id_fk" FOREIGN KEY ("administered_by_schulstrukturknoten") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rolle_merkmal" ADD CONSTRAINT "rolle_merkmal_rolle_id_rolle_id_fk" FOREIGN KEY ("rolle_id") REFERENCES "public"."rolle"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rolle_service_provider" ADD CONSTRAINT "rolle_service_provider_rolle_id_rolle_id_fk" FOREIGN KEY ("rolle_id") REFERENCES "public"."rolle"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rolle_service_provider" ADD CONSTRAINT "rolle_service_provider_service_provider_id_service_provider_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_provider"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rolle_systemrecht" ADD CONSTRAINT "rolle_systemrecht_rolle_id_rolle_id_fk" FOREIGN KEY ("rolle_id") REFERENCES "public"."rolle"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollenerweiterung" ADD CONSTRAINT "rollenerweiterung_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollenerweiterung" ADD CONSTRAINT "rollenerweiterung_rolle_id_rolle_id_fk" FOREIGN KEY ("rolle_id") REFERENCES "public"."rolle"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollenerweiterung" ADD CONSTRAINT "rollenerweiterung_service_provider_id_service_provider_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_provider"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_provider" ADD CONSTRAINT "service_provider_provided_on_schulstrukturknoten_organisation_id_fk" FOREIGN KEY ("provided_on_schulstrukturknoten") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_provider_merkmal" ADD CONSTRAINT "service_provider_merkmal_service_provider_id_service_provider_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_provider"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_token" ADD CONSTRAINT "two_factor_token_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uem_password" ADD CONSTRAINT "uem_password_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_lock" ADD CONSTRAINT "user_lock_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_address_person_idx" ON "email_address" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "identity_account_lower_username_idx" ON "identity_account" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "import_data_item_position_uq" ON "import_data_item" USING btree ("importvorgang_id","position");--> statement-breakpoint
CREATE INDEX "import_data_item_status_idx" ON "import_data_item" USING btree ("importvorgang_id","status");--> statement-breakpoint
CREATE INDEX "importvorgang_import_by_idx" ON "importvorgang" USING btree ("import_by_person_id","created_at");--> statement-breakpoint
CREATE INDEX "importvorgang_status_idx" ON "importvorgang" USING btree ("status");--> statement-breakpoint
CREATE INDEX "login_failure_last_failure_idx" ON "login_failure" USING btree ("last_failure_at");--> statement-breakpoint
CREATE INDEX "organisation_typ_idx" ON "organisation" USING btree ("typ");--> statement-breakpoint
CREATE INDEX "organisation_administriert_von_idx" ON "organisation" USING btree ("administriert_von");--> statement-breakpoint
CREATE INDEX "organisation_zugehoerig_zu_idx" ON "organisation" USING btree ("zugehoerig_zu");--> statement-breakpoint
CREATE INDEX "organisation_kennung_idx" ON "organisation" USING btree ("kennung");--> statement-breakpoint
CREATE INDEX "organisation_lower_name_idx" ON "organisation" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "person_lower_familienname_idx" ON "person" USING btree (lower("familienname"));--> statement-breakpoint
CREATE INDEX "person_lower_vorname_idx" ON "person" USING btree (lower("vorname"));--> statement-breakpoint
CREATE INDEX "person_list_familienname_idx" ON "person" USING btree (german_sort_key("familienname"),german_sort_key("vorname"),"username","id") WHERE "person"."ist_technisch" = false;--> statement-breakpoint
CREATE INDEX "person_list_familienname_desc_idx" ON "person" USING btree (german_sort_key("familienname") DESC,german_sort_key("vorname"),"username","id") WHERE "person"."ist_technisch" = false;--> statement-breakpoint
CREATE INDEX "person_list_vorname_idx" ON "person" USING btree (german_sort_key("vorname"),german_sort_key("familienname"),"username","id") WHERE "person"."ist_technisch" = false;--> statement-breakpoint
CREATE INDEX "person_list_vorname_desc_idx" ON "person" USING btree (german_sort_key("vorname") DESC,german_sort_key("familienname"),"username","id") WHERE "person"."ist_technisch" = false;--> statement-breakpoint
CREATE INDEX "person_list_personalnummer_idx" ON "person" USING btree ("personalnummer","username","id") WHERE "person"."ist_technisch" = false;--> statement-breakpoint
CREATE INDEX "person_list_personalnummer_desc_idx" ON "person" USING btree ("personalnummer" DESC,"username","id") WHERE "person"."ist_technisch" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "personenkontext_triple_uq" ON "personenkontext" USING btree ("person_id","organisation_id","rolle_id");--> statement-breakpoint
CREATE INDEX "personenkontext_organisation_idx" ON "personenkontext" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "personenkontext_rolle_idx" ON "personenkontext" USING btree ("rolle_id");--> statement-breakpoint
CREATE INDEX "rolle_ssk_idx" ON "rolle" USING btree ("administered_by_schulstrukturknoten");--> statement-breakpoint
CREATE INDEX "rolle_service_provider_sp_idx" ON "rolle_service_provider" USING btree ("service_provider_id");--> statement-breakpoint
CREATE INDEX "rolle_systemrecht_recht_idx" ON "rolle_systemrecht" USING btree ("systemrecht");--> statement-breakpoint
CREATE UNIQUE INDEX "rollenerweiterung_triple_uq" ON "rollenerweiterung" USING btree ("organisation_id","rolle_id","service_provider_id");--> statement-breakpoint
CREATE INDEX "session_expires_at_idx" ON "session" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "two_factor_token_person_idx" ON "two_factor_token" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "user_lock_locked_until_idx" ON "user_lock" USING btree ("locked_until");