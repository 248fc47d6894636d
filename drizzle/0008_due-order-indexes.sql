DROP INDEX "deal_activities_user_due_idx";--> statement-breakpoint
DROP INDEX "deal_activities_assigned_due_idx";--> statement-breakpoint
DROP INDEX "tasks_user_status_due_idx";--> statement-breakpoint
DROP INDEX "tasks_assigned_due_idx";--> statement-breakpoint
DROP INDEX "tasks_user_due_idx";--> statement-breakpoint
CREATE INDEX "deal_activities_user_due_idx" ON "deal_activities" USING btree ("user_id","due_date","id");--> statement-breakpoint
CREATE INDEX "deal_activities_assigned_due_idx" ON "deal_activities" USING btree ("assigned_user_id","due_date","id");--> statement-breakpoint
CREATE INDEX "tasks_user_status_due_idx" ON "tasks" USING btree ("user_id","status","due_date","id");--> statement-breakpoint
CREATE INDEX "tasks_assigned_due_idx" ON "tasks" USING btree ("assigned_user_id","due_date","id");--> statement-breakpoint
CREATE INDEX "tasks_user_due_idx" ON "tasks" USING btree ("user_id","due_date","id") WHERE "tasks"."due_date" is not null;