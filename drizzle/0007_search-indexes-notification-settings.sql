CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"form_submissions" boolean DEFAULT true NOT NULL,
	"bookings" boolean DEFAULT true NOT NULL,
	"overdue" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "source_id" uuid;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deals_name_trgm_idx" ON "deals" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_name_trgm_idx" ON "projects" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_search_trgm_idx" ON "tasks" USING gin ((coalesce("name", '') || ' ' || coalesce("description", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "forms_name_trgm_idx" ON "forms" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_kind_source_idx" ON "notifications" USING btree ("user_id","kind","source_id") WHERE "notifications"."source_id" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('form_submission', 'booking', 'booking_cancelled', 'task_overdue', 'activity_overdue'));