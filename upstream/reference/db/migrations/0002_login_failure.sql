CREATE TABLE "login_failure" (
	"username" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "login_failure_last_failure_idx" ON "login_failure" USING btree ("last_failure_at");