CREATE TABLE "email_address" (
	"address" text PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"status" text NOT NULL,
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
ALTER TABLE "user_lock" ADD CONSTRAINT "user_lock_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_address_person_idx" ON "email_address" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "user_lock_locked_until_idx" ON "user_lock" USING btree ("locked_until");