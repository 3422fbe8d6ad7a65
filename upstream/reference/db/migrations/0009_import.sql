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
ALTER TABLE "import_data_item" ADD CONSTRAINT "import_data_item_importvorgang_id_importvorgang_id_fk" FOREIGN KEY ("importvorgang_id") REFERENCES "public"."importvorgang"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importvorgang" ADD CONSTRAINT "importvorgang_import_by_person_id_person_id_fk" FOREIGN KEY ("import_by_person_id") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importvorgang" ADD CONSTRAINT "importvorgang_rolle_id_rolle_id_fk" FOREIGN KEY ("rolle_id") REFERENCES "public"."rolle"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importvorgang" ADD CONSTRAINT "importvorgang_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importvorgang" ADD CONSTRAINT "importvorgang_executed_by_person_id_person_id_fk" FOREIGN KEY ("executed_by_person_id") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_data_item_position_uq" ON "import_data_item" USING btree ("importvorgang_id","position");--> statement-breakpoint
CREATE INDEX "import_data_item_status_idx" ON "import_data_item" USING btree ("importvorgang_id","status");--> statement-breakpoint
CREATE INDEX "importvorgang_import_by_idx" ON "importvorgang" USING btree ("import_by_person_id","created_at");--> statement-breakpoint
CREATE INDEX "importvorgang_status_idx" ON "importvorgang" USING btree ("status");