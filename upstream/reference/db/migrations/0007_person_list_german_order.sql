DROP INDEX "person_list_familienname_idx";--> statement-breakpoint
DROP INDEX "person_list_familienname_desc_idx";--> statement-breakpoint
DROP INDEX "person_list_vorname_idx";--> statement-breakpoint
DROP INDEX "person_list_vorname_desc_idx";--> statement-breakpoint
CREATE INDEX "person_list_familienname_idx" ON "person" USING btree (german_sort_key("familienname"),german_sort_key("vorname"),"username","id") WHERE "person"."ist_technisch" = false;--> statement-breakpoint
CREATE INDEX "person_list_familienname_desc_idx" ON "person" USING btree (german_sort_key("familienname") DESC,german_sort_key("vorname"),"username","id") WHERE "person"."ist_technisch" = false;--> statement-breakpoint
CREATE INDEX "person_list_vorname_idx" ON "person" USING btree (german_sort_key("vorname"),german_sort_key("familienname"),"username","id") WHERE "person"."ist_technisch" = false;--> statement-breakpoint
CREATE INDEX "person_list_vorname_desc_idx" ON "person" USING btree (german_sort_key("vorname") DESC,german_sort_key("familienname"),"username","id") WHERE "person"."ist_technisch" = false;