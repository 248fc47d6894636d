CREATE TABLE "deal_stage_totals" (
	"user_id" uuid NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"deals" integer DEFAULT 0 NOT NULL,
	"value" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "deal_stage_totals_pipeline_id_stage_pk" PRIMARY KEY("pipeline_id","stage")
);
--> statement-breakpoint
CREATE TABLE "task_status_totals" (
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"tasks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "task_status_totals_user_id_status_pk" PRIMARY KEY("user_id","status")
);
--> statement-breakpoint
DROP INDEX "deal_activities_assigned_due_idx";--> statement-breakpoint
DROP INDEX "tasks_assigned_due_idx";--> statement-breakpoint
DROP INDEX "tasks_assigned_created_idx";--> statement-breakpoint
DROP INDEX "tasks_project_idx";--> statement-breakpoint
ALTER TABLE "deal_stage_totals" ADD CONSTRAINT "deal_stage_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_stage_totals" ADD CONSTRAINT "deal_stage_totals_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_status_totals" ADD CONSTRAINT "task_status_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_stage_totals_user_idx" ON "deal_stage_totals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "deal_activities_assigned_due_idx" ON "deal_activities" USING btree ("assigned_user_id","due_date","id") WHERE "deal_activities"."assigned_user_id" <> "deal_activities"."user_id";--> statement-breakpoint
CREATE INDEX "tasks_assigned_due_idx" ON "tasks" USING btree ("assigned_user_id","due_date","id") WHERE "tasks"."assigned_user_id" <> "tasks"."user_id";--> statement-breakpoint
CREATE INDEX "tasks_assigned_created_idx" ON "tasks" USING btree ("assigned_user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tasks"."assigned_user_id" <> "tasks"."user_id";--> statement-breakpoint
CREATE INDEX "tasks_project_idx" ON "tasks" USING btree ("project_id","status") WHERE "tasks"."project_id" is not null;
--> statement-breakpoint
-- deal_stage_totals is kept like user_stats (migration 0009): statement triggers read the transition tables and
-- add each statement's changes per stage in one upsert. A pipeline already gone (deleting it cascades to its deals)
-- is skipped: its rows go with it. Changes that cancel out (an edit of a deal's name) write nothing.
-- Deadlocks: every writer of a user's counters takes that user's user_stats row first (a contact's insert takes
-- only that row), so the stage rows are always locked second; without it, a deal moved between two open stages
-- (no user_stats change) could take a stage row while another transaction of the user holds user_stats and waits
-- for that stage.
CREATE FUNCTION deal_stage_totals_add(deltas deal_stage_totals[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO user_stats AS s (user_id)
  SELECT DISTINCT d.user_id FROM unnest(deltas) d WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
  ORDER BY d.user_id
  ON CONFLICT (user_id) DO UPDATE SET contacts = s.contacts;
  INSERT INTO deal_stage_totals AS t (user_id, pipeline_id, stage, deals, value)
  SELECT d.user_id, d.pipeline_id, d.stage, sum(d.deals), sum(d.value)
  FROM unnest(deltas) d
  WHERE EXISTS (SELECT 1 FROM pipelines p WHERE p.id = d.pipeline_id)
  GROUP BY d.user_id, d.pipeline_id, d.stage
  HAVING sum(d.deals) <> 0 OR sum(d.value) <> 0
  -- One lock order for every writer, so two statements touching the same stages cannot deadlock here.
  ORDER BY d.pipeline_id, d.stage
  ON CONFLICT (pipeline_id, stage) DO UPDATE SET deals = t.deals + excluded.deals, value = t.value + excluded.value;
$$;
--> statement-breakpoint
CREATE FUNCTION deal_stage_totals_of(user_id uuid, pipeline_id uuid, stage text, value numeric, sign int)
RETURNS deal_stage_totals LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(user_id, pipeline_id, stage, sign, sign * coalesce(value, 0))::deal_stage_totals
$$;
--> statement-breakpoint
CREATE FUNCTION deal_stage_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM deal_stage_totals_add(ARRAY(
      SELECT deal_stage_totals_of(user_id, pipeline_id, stage, value, 1) FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM deal_stage_totals_add(ARRAY(
      SELECT deal_stage_totals_of(user_id, pipeline_id, stage, value, -1) FROM old_rows));
  ELSE
    PERFORM deal_stage_totals_add(ARRAY(
      SELECT deal_stage_totals_of(user_id, pipeline_id, stage, value, 1) FROM new_rows
      UNION ALL SELECT deal_stage_totals_of(user_id, pipeline_id, stage, value, -1) FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER deals_insert_stage_totals AFTER INSERT ON "deals"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION deal_stage_totals_changed();
--> statement-breakpoint
CREATE TRIGGER deals_update_stage_totals AFTER UPDATE ON "deals"
REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION deal_stage_totals_changed();
--> statement-breakpoint
CREATE TRIGGER deals_delete_stage_totals AFTER DELETE ON "deals"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION deal_stage_totals_changed();
--> statement-breakpoint
INSERT INTO deal_stage_totals (user_id, pipeline_id, stage, deals, value)
SELECT user_id, pipeline_id, stage, count(*), coalesce(sum(value), 0) FROM deals GROUP BY user_id, pipeline_id, stage;
--> statement-breakpoint
-- task_status_totals the same way: a task counts for its owner and, when another user is assigned, for that user
-- too (the board shows both). Writers take the users' user_stats rows first, in id order, as above.
CREATE FUNCTION task_status_totals_add(deltas task_status_totals[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO user_stats AS s (user_id)
  SELECT DISTINCT d.user_id FROM unnest(deltas) d WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
  ORDER BY d.user_id
  ON CONFLICT (user_id) DO UPDATE SET contacts = s.contacts;
  INSERT INTO task_status_totals AS t (user_id, status, tasks)
  SELECT d.user_id, d.status, sum(d.tasks)
  FROM unnest(deltas) d
  WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
  GROUP BY d.user_id, d.status
  HAVING sum(d.tasks) <> 0
  ORDER BY d.user_id, d.status
  ON CONFLICT (user_id, status) DO UPDATE SET tasks = t.tasks + excluded.tasks;
$$;
--> statement-breakpoint
CREATE FUNCTION task_status_totals_of(user_id uuid, assigned_user_id uuid, status text, sign int)
RETURNS SETOF task_status_totals LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(user_id, status, sign)::task_status_totals
  UNION ALL
  SELECT ROW(assigned_user_id, status, sign)::task_status_totals WHERE assigned_user_id <> user_id
$$;
--> statement-breakpoint
CREATE FUNCTION task_status_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM task_status_totals_add(ARRAY(
      SELECT s FROM new_rows r, task_status_totals_of(r.user_id, r.assigned_user_id, r.status, 1) s));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM task_status_totals_add(ARRAY(
      SELECT s FROM old_rows r, task_status_totals_of(r.user_id, r.assigned_user_id, r.status, -1) s));
  ELSE
    PERFORM task_status_totals_add(ARRAY(
      SELECT s FROM new_rows r, task_status_totals_of(r.user_id, r.assigned_user_id, r.status, 1) s
      UNION ALL SELECT s FROM old_rows r, task_status_totals_of(r.user_id, r.assigned_user_id, r.status, -1) s));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_insert_status_totals AFTER INSERT ON "tasks"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION task_status_totals_changed();
--> statement-breakpoint
CREATE TRIGGER tasks_update_status_totals AFTER UPDATE ON "tasks"
REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION task_status_totals_changed();
--> statement-breakpoint
CREATE TRIGGER tasks_delete_status_totals AFTER DELETE ON "tasks"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION task_status_totals_changed();
--> statement-breakpoint
INSERT INTO task_status_totals (user_id, status, tasks)
SELECT user_id, status, count(*) FROM (
  SELECT user_id, status FROM tasks
  UNION ALL SELECT assigned_user_id, status FROM tasks WHERE assigned_user_id <> user_id
) t GROUP BY user_id, status;
