CREATE TABLE "hardware_token" (
	"serial" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"assigned_person_id" uuid,
	"assigned_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "hardware_token" ADD CONSTRAINT "hardware_token_assigned_person_id_person_id_fk" FOREIGN KEY ("assigned_person_id") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;