DROP INDEX "projects_user_status_idx";--> statement-breakpoint
DROP INDEX "projects_user_created_idx";--> statement-breakpoint
DROP INDEX "tasks_user_created_idx";--> statement-breakpoint
CREATE INDEX "projects_user_status_created_idx" ON "projects" USING btree ("user_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_user_status_created_idx" ON "tasks" USING btree ("user_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_assigned_created_idx" ON "tasks" USING btree ("assigned_user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tasks"."assigned_user_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_user_due_idx" ON "tasks" USING btree ("user_id","due_date") WHERE "tasks"."due_date" is not null;--> statement-breakpoint
CREATE INDEX "projects_user_created_idx" ON "projects" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_user_created_idx" ON "tasks" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);