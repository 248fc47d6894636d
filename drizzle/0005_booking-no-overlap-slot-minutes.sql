DROP INDEX "bookings_user_scheduled_start_unique";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
ALTER TABLE "scheduling_settings" ADD COLUMN "slot_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_user_idempotency_key_unique" ON "bookings" USING btree ("user_id","idempotency_key") WHERE "bookings"."idempotency_key" is not null;--> statement-breakpoint
ALTER TABLE "scheduling_settings" ADD CONSTRAINT "scheduling_settings_slot_minutes_check" CHECK ("scheduling_settings"."slot_minutes" in (15, 30, 45, 60));--> statement-breakpoint
-- No two Scheduled bookings of one user overlap (decisions.md item 15), enforced by the database: replaces the
-- same-start unique index. btree_gist lets the gist index compare user_id by equality; it ships with PostgreSQL
-- and PGlite, and is a trusted extension.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("user_id" WITH =, tstzrange("scheduled_start_time", "scheduled_end_time") WITH &&) WHERE ("status" = 'Scheduled');
