-- pg_trgm ships with PostgreSQL and PGlite; it is a trusted extension, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "won_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "contacts_user_email_sort_idx" ON "contacts" USING btree ("user_id",("email" is null),coalesce("email", ''),"id");--> statement-breakpoint
CREATE INDEX "contacts_user_phone_sort_idx" ON "contacts" USING btree ("user_id",("phone" is null),coalesce("phone", ''),"id");--> statement-breakpoint
CREATE INDEX "contacts_user_company_sort_idx" ON "contacts" USING btree ("user_id",("company" is null),coalesce("company", ''),"id");--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ((coalesce("name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("company", '') || ' ' || coalesce("phone", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_user_email_lower_idx" ON "contacts" USING btree ("user_id",lower("email")) WHERE "contacts"."email" is not null;