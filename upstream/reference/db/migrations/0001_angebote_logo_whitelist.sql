ALTER TABLE "service_provider" ADD COLUMN "logo_id" integer;--> statement-breakpoint
ALTER TABLE "service_provider" ADD COLUMN "rollenarten_whitelist" text[] DEFAULT '{}'::text[] NOT NULL;