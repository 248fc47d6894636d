-- Shared records (issue 29): every record of the areas a team shares gets the workspace it belongs to. An account's
-- records move into the account's own workspace, which migration 0018 gave the account's id. The owner (user_id)
-- stays. The list indexes lead with the workspace instead of the owner.
DROP INDEX "contacts_user_name_idx";--> statement-breakpoint
DROP INDEX "contacts_user_email_sort_idx";--> statement-breakpoint
DROP INDEX "contacts_user_phone_sort_idx";--> statement-breakpoint
DROP INDEX "contacts_user_company_sort_idx";--> statement-breakpoint
DROP INDEX "contacts_user_email_lower_idx";--> statement-breakpoint
DROP INDEX "pipelines_user_created_idx";--> statement-breakpoint
DROP INDEX "pipelines_one_default_per_user_idx";--> statement-breakpoint
DROP INDEX "deals_user_pipeline_stage_created_idx";--> statement-breakpoint
DROP INDEX "deals_user_stage_idx";--> statement-breakpoint
DROP INDEX "deal_activities_user_due_idx";--> statement-breakpoint
DROP INDEX "projects_user_created_idx";--> statement-breakpoint
DROP INDEX "projects_user_status_created_idx";--> statement-breakpoint
DROP INDEX "task_categories_user_name_idx";--> statement-breakpoint
DROP INDEX "tasks_user_status_due_idx";--> statement-breakpoint
DROP INDEX "tasks_user_created_idx";--> statement-breakpoint
DROP INDEX "tasks_user_status_created_idx";--> statement-breakpoint
DROP INDEX "tasks_user_due_idx";--> statement-breakpoint
DROP INDEX "form_submissions_user_created_idx";--> statement-breakpoint
DROP INDEX "forms_user_created_idx";--> statement-breakpoint
DROP INDEX "chatbot_conversations_user_created_idx";--> statement-breakpoint
DROP INDEX "chatbot_flows_user_created_idx";--> statement-breakpoint
DROP INDEX "deal_stage_totals_user_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "contacts" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pipelines" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "pipelines" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "pipelines" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "deals" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "deals" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_activities" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "deal_activities" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "deal_activities" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "projects" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "task_categories" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "task_categories" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "task_categories" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "tasks" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "forms" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "forms" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "form_submissions" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "form_submissions" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbot_flows" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "chatbot_flows" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "chatbot_flows" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbot_knowledge" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "chatbot_knowledge" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "chatbot_knowledge" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbot_passages" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "chatbot_passages" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "chatbot_passages" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbot_conversations" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "chatbot_conversations" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "chatbot_conversations" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbot_messages" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "chatbot_messages" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "chatbot_messages" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
-- The counters are kept per member of a workspace from now on (the triggers below); they are counted again from the
-- rows, so that a task another account assigned counts in the workspace of its owner.
DELETE FROM "user_stats";--> statement-breakpoint
DELETE FROM "deal_stage_totals";--> statement-breakpoint
DELETE FROM "task_status_totals";--> statement-breakpoint
ALTER TABLE "user_stats" DROP CONSTRAINT "user_stats_pkey";--> statement-breakpoint
ALTER TABLE "deal_stage_totals" DROP CONSTRAINT "deal_stage_totals_pipeline_id_stage_pk";--> statement-breakpoint
ALTER TABLE "task_status_totals" DROP CONSTRAINT "task_status_totals_user_id_status_pk";--> statement-breakpoint
ALTER TABLE "user_stats" ADD COLUMN "workspace_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_stage_totals" ADD COLUMN "workspace_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "task_status_totals" ADD COLUMN "workspace_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "task_status_totals" ADD COLUMN "assigned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_stats" ADD CONSTRAINT "user_stats_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id");--> statement-breakpoint
ALTER TABLE "deal_stage_totals" ADD CONSTRAINT "deal_stage_totals_pipeline_id_stage_user_id_pk" PRIMARY KEY("pipeline_id","stage","user_id");--> statement-breakpoint
ALTER TABLE "task_status_totals" ADD CONSTRAINT "task_status_totals_workspace_id_user_id_status_pk" PRIMARY KEY("workspace_id","user_id","status");--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipelines" ADD CONSTRAINT "pipelines_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_activities" ADD CONSTRAINT "deal_activities_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_categories" ADD CONSTRAINT "task_categories_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_conversations" ADD CONSTRAINT "chatbot_conversations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_flows" ADD CONSTRAINT "chatbot_flows_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_knowledge" ADD CONSTRAINT "chatbot_knowledge_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_messages" ADD CONSTRAINT "chatbot_messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_passages" ADD CONSTRAINT "chatbot_passages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_stats" ADD CONSTRAINT "user_stats_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_stage_totals" ADD CONSTRAINT "deal_stage_totals_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_status_totals" ADD CONSTRAINT "task_status_totals_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_workspace_name_idx" ON "contacts" USING btree ("workspace_id","name","id");--> statement-breakpoint
CREATE INDEX "contacts_workspace_email_sort_idx" ON "contacts" USING btree ("workspace_id",("email" is null),coalesce("email", ''),"id");--> statement-breakpoint
CREATE INDEX "contacts_workspace_phone_sort_idx" ON "contacts" USING btree ("workspace_id",("phone" is null),coalesce("phone", ''),"id");--> statement-breakpoint
CREATE INDEX "contacts_workspace_company_sort_idx" ON "contacts" USING btree ("workspace_id",("company" is null),coalesce("company", ''),"id");--> statement-breakpoint
CREATE INDEX "contacts_workspace_email_lower_idx" ON "contacts" USING btree ("workspace_id",lower("email")) WHERE "contacts"."email" is not null;--> statement-breakpoint
CREATE INDEX "pipelines_workspace_created_idx" ON "pipelines" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pipelines_one_default_per_workspace_idx" ON "pipelines" USING btree ("workspace_id") WHERE "pipelines"."is_default";--> statement-breakpoint
CREATE INDEX "deals_workspace_pipeline_stage_created_idx" ON "deals" USING btree ("workspace_id","pipeline_id","stage","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_workspace_stage_idx" ON "deals" USING btree ("workspace_id","stage");--> statement-breakpoint
CREATE INDEX "deal_activities_workspace_due_idx" ON "deal_activities" USING btree ("workspace_id","due_date","id");--> statement-breakpoint
CREATE INDEX "projects_workspace_created_idx" ON "projects" USING btree ("workspace_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_workspace_status_created_idx" ON "projects" USING btree ("workspace_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "task_categories_workspace_name_idx" ON "task_categories" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE INDEX "tasks_workspace_status_due_idx" ON "tasks" USING btree ("workspace_id","status","due_date","id");--> statement-breakpoint
CREATE INDEX "tasks_workspace_created_idx" ON "tasks" USING btree ("workspace_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_workspace_status_created_idx" ON "tasks" USING btree ("workspace_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_workspace_due_idx" ON "tasks" USING btree ("workspace_id","due_date","id") WHERE "tasks"."due_date" is not null;--> statement-breakpoint
CREATE INDEX "form_submissions_workspace_created_idx" ON "form_submissions" USING btree ("workspace_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "forms_workspace_created_idx" ON "forms" USING btree ("workspace_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chatbot_conversations_workspace_created_idx" ON "chatbot_conversations" USING btree ("workspace_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chatbot_flows_workspace_created_idx" ON "chatbot_flows" USING btree ("workspace_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deal_stage_totals_workspace_idx" ON "deal_stage_totals" USING btree ("workspace_id");--> statement-breakpoint
-- The counters' functions of migrations 0009 and 0011, per workspace and member. A row's share goes to its owner in
-- its workspace (and, for a task, to the member assigned, as before); the lock order stays: user_stats rows first, in
-- key order, then the stage or status rows.
DROP FUNCTION user_stats_of_contact(uuid, int);--> statement-breakpoint
DROP FUNCTION user_stats_of_deal(uuid, text, numeric, int);--> statement-breakpoint
DROP FUNCTION user_stats_of_project(uuid, text, int);--> statement-breakpoint
DROP FUNCTION user_stats_of_task(uuid, uuid, text, int);--> statement-breakpoint
DROP FUNCTION deal_stage_totals_of(uuid, uuid, text, numeric, int);--> statement-breakpoint
DROP FUNCTION task_status_totals_of(uuid, uuid, text, int);--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_stats_add(deltas user_stats[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO user_stats AS s
    (workspace_id, user_id, contacts, open_deal_value, active_projects, open_tasks_owned, open_tasks_assigned_by_others)
  SELECT d.workspace_id, d.user_id, sum(d.contacts), sum(d.open_deal_value), sum(d.active_projects),
    sum(d.open_tasks_owned), sum(d.open_tasks_assigned_by_others)
  FROM unnest(deltas) d
  WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
    AND EXISTS (SELECT 1 FROM workspaces w WHERE w.id = d.workspace_id)
  GROUP BY d.workspace_id, d.user_id
  HAVING sum(d.contacts) <> 0 OR sum(d.open_deal_value) <> 0 OR sum(d.active_projects) <> 0
    OR sum(d.open_tasks_owned) <> 0 OR sum(d.open_tasks_assigned_by_others) <> 0
  ORDER BY d.workspace_id, d.user_id
  ON CONFLICT (workspace_id, user_id) DO UPDATE SET
    contacts = s.contacts + excluded.contacts,
    open_deal_value = s.open_deal_value + excluded.open_deal_value,
    active_projects = s.active_projects + excluded.active_projects,
    open_tasks_owned = s.open_tasks_owned + excluded.open_tasks_owned,
    open_tasks_assigned_by_others = s.open_tasks_assigned_by_others + excluded.open_tasks_assigned_by_others
$$;
--> statement-breakpoint
CREATE FUNCTION user_stats_of_contact(workspace_id uuid, user_id uuid, sign int) RETURNS user_stats
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(user_id, sign, 0, 0, 0, 0, workspace_id)::user_stats
$$;
--> statement-breakpoint
CREATE FUNCTION user_stats_of_deal(workspace_id uuid, user_id uuid, stage text, value numeric, sign int)
RETURNS user_stats LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(user_id, 0, CASE WHEN stage <> 'Lost' THEN sign * coalesce(value, 0) ELSE 0 END, 0, 0, 0,
    workspace_id)::user_stats
$$;
--> statement-breakpoint
CREATE FUNCTION user_stats_of_project(workspace_id uuid, user_id uuid, status text, sign int) RETURNS user_stats
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(user_id, 0, 0, CASE WHEN status <> 'Completed' THEN sign ELSE 0 END, 0, 0, workspace_id)::user_stats
$$;
--> statement-breakpoint
CREATE FUNCTION user_stats_of_task(workspace_id uuid, user_id uuid, assigned_user_id uuid, status text, sign int)
RETURNS SETOF user_stats LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(user_id, 0, 0, 0, CASE WHEN status <> 'Done' THEN sign ELSE 0 END, 0, workspace_id)::user_stats
  UNION ALL
  SELECT ROW(assigned_user_id, 0, 0, 0, 0, sign, workspace_id)::user_stats
  WHERE status <> 'Done' AND assigned_user_id <> user_id
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_stats_contacts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM user_stats_add(ARRAY(SELECT user_stats_of_contact(workspace_id, user_id, 1) FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM user_stats_add(ARRAY(SELECT user_stats_of_contact(workspace_id, user_id, -1) FROM old_rows));
  ELSE
    PERFORM user_stats_add(ARRAY(
      SELECT user_stats_of_contact(workspace_id, user_id, 1) FROM new_rows
      UNION ALL SELECT user_stats_of_contact(workspace_id, user_id, -1) FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_stats_deals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM user_stats_add(ARRAY(SELECT user_stats_of_deal(workspace_id, user_id, stage, value, 1) FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM user_stats_add(ARRAY(SELECT user_stats_of_deal(workspace_id, user_id, stage, value, -1) FROM old_rows));
  ELSE
    PERFORM user_stats_add(ARRAY(
      SELECT user_stats_of_deal(workspace_id, user_id, stage, value, 1) FROM new_rows
      UNION ALL SELECT user_stats_of_deal(workspace_id, user_id, stage, value, -1) FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_stats_projects_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM user_stats_add(ARRAY(SELECT user_stats_of_project(workspace_id, user_id, status, 1) FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM user_stats_add(ARRAY(SELECT user_stats_of_project(workspace_id, user_id, status, -1) FROM old_rows));
  ELSE
    PERFORM user_stats_add(ARRAY(
      SELECT user_stats_of_project(workspace_id, user_id, status, 1) FROM new_rows
      UNION ALL SELECT user_stats_of_project(workspace_id, user_id, status, -1) FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_stats_tasks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM user_stats_add(ARRAY(
      SELECT s FROM new_rows r, user_stats_of_task(r.workspace_id, r.user_id, r.assigned_user_id, r.status, 1) s));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM user_stats_add(ARRAY(
      SELECT s FROM old_rows r, user_stats_of_task(r.workspace_id, r.user_id, r.assigned_user_id, r.status, -1) s));
  ELSE
    PERFORM user_stats_add(ARRAY(
      SELECT s FROM new_rows r, user_stats_of_task(r.workspace_id, r.user_id, r.assigned_user_id, r.status, 1) s
      UNION ALL
      SELECT s FROM old_rows r, user_stats_of_task(r.workspace_id, r.user_id, r.assigned_user_id, r.status, -1) s));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION deal_stage_totals_add(deltas deal_stage_totals[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO user_stats AS s (workspace_id, user_id)
  SELECT DISTINCT d.workspace_id, d.user_id FROM unnest(deltas) d
  WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
    AND EXISTS (SELECT 1 FROM workspaces w WHERE w.id = d.workspace_id)
  ORDER BY d.workspace_id, d.user_id
  ON CONFLICT (workspace_id, user_id) DO UPDATE SET contacts = s.contacts;
  INSERT INTO deal_stage_totals AS t (workspace_id, user_id, pipeline_id, stage, deals, value)
  SELECT d.workspace_id, d.user_id, d.pipeline_id, d.stage, sum(d.deals), sum(d.value)
  FROM unnest(deltas) d
  WHERE EXISTS (SELECT 1 FROM pipelines p WHERE p.id = d.pipeline_id)
    AND EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
  GROUP BY d.workspace_id, d.user_id, d.pipeline_id, d.stage
  HAVING sum(d.deals) <> 0 OR sum(d.value) <> 0
  ORDER BY d.pipeline_id, d.stage, d.user_id
  ON CONFLICT (pipeline_id, stage, user_id) DO UPDATE
    SET deals = t.deals + excluded.deals, value = t.value + excluded.value;
$$;
--> statement-breakpoint
CREATE FUNCTION deal_stage_totals_of(workspace_id uuid, user_id uuid, pipeline_id uuid, stage text, value numeric,
  sign int) RETURNS deal_stage_totals LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(user_id, pipeline_id, stage, sign, sign * coalesce(value, 0), workspace_id)::deal_stage_totals
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION deal_stage_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM deal_stage_totals_add(ARRAY(
      SELECT deal_stage_totals_of(workspace_id, user_id, pipeline_id, stage, value, 1) FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM deal_stage_totals_add(ARRAY(
      SELECT deal_stage_totals_of(workspace_id, user_id, pipeline_id, stage, value, -1) FROM old_rows));
  ELSE
    PERFORM deal_stage_totals_add(ARRAY(
      SELECT deal_stage_totals_of(workspace_id, user_id, pipeline_id, stage, value, 1) FROM new_rows
      UNION ALL SELECT deal_stage_totals_of(workspace_id, user_id, pipeline_id, stage, value, -1) FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION task_status_totals_add(deltas task_status_totals[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO user_stats AS s (workspace_id, user_id)
  SELECT DISTINCT d.workspace_id, d.user_id FROM unnest(deltas) d
  WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
    AND EXISTS (SELECT 1 FROM workspaces w WHERE w.id = d.workspace_id)
  ORDER BY d.workspace_id, d.user_id
  ON CONFLICT (workspace_id, user_id) DO UPDATE SET contacts = s.contacts;
  INSERT INTO task_status_totals AS t (workspace_id, user_id, status, tasks, assigned)
  SELECT d.workspace_id, d.user_id, d.status, sum(d.tasks), sum(d.assigned)
  FROM unnest(deltas) d
  WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
    AND EXISTS (SELECT 1 FROM workspaces w WHERE w.id = d.workspace_id)
  GROUP BY d.workspace_id, d.user_id, d.status
  HAVING sum(d.tasks) <> 0 OR sum(d.assigned) <> 0
  ORDER BY d.workspace_id, d.user_id, d.status
  ON CONFLICT (workspace_id, user_id, status) DO UPDATE
    SET tasks = t.tasks + excluded.tasks, assigned = t.assigned + excluded.assigned;
$$;
--> statement-breakpoint
-- A task counts for its owner and, when another member is assigned, for that member too, as assigned.
CREATE FUNCTION task_status_totals_of(workspace_id uuid, user_id uuid, assigned_user_id uuid, status text, sign int)
RETURNS SETOF task_status_totals LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(user_id, status, sign, workspace_id, 0)::task_status_totals
  UNION ALL
  SELECT ROW(assigned_user_id, status, sign, workspace_id, sign)::task_status_totals WHERE assigned_user_id <> user_id
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION task_status_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM task_status_totals_add(ARRAY(SELECT s FROM new_rows r,
      task_status_totals_of(r.workspace_id, r.user_id, r.assigned_user_id, r.status, 1) s));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM task_status_totals_add(ARRAY(SELECT s FROM old_rows r,
      task_status_totals_of(r.workspace_id, r.user_id, r.assigned_user_id, r.status, -1) s));
  ELSE
    PERFORM task_status_totals_add(ARRAY(
      SELECT s FROM new_rows r, task_status_totals_of(r.workspace_id, r.user_id, r.assigned_user_id, r.status, 1) s
      UNION ALL
      SELECT s FROM old_rows r, task_status_totals_of(r.workspace_id, r.user_id, r.assigned_user_id, r.status, -1) s));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The counters of the rows already there, per workspace and member.
INSERT INTO user_stats (workspace_id, user_id, contacts, open_deal_value, active_projects, open_tasks_owned,
  open_tasks_assigned_by_others)
SELECT workspace_id, user_id, sum(contacts), sum(open_deal_value), sum(active_projects), sum(open_tasks_owned),
  sum(open_tasks_assigned_by_others)
FROM (
  SELECT workspace_id, user_id, 1 AS contacts, 0 AS open_deal_value, 0 AS active_projects, 0 AS open_tasks_owned,
    0 AS open_tasks_assigned_by_others FROM contacts
  UNION ALL SELECT workspace_id, user_id, 0, coalesce(value, 0), 0, 0, 0 FROM deals WHERE stage <> 'Lost'
  UNION ALL SELECT workspace_id, user_id, 0, 0, 1, 0, 0 FROM projects WHERE status <> 'Completed'
  UNION ALL SELECT workspace_id, user_id, 0, 0, 0, 1, 0 FROM tasks WHERE status <> 'Done'
  UNION ALL SELECT workspace_id, assigned_user_id, 0, 0, 0, 0, 1 FROM tasks
    WHERE status <> 'Done' AND assigned_user_id <> user_id
) counted
GROUP BY workspace_id, user_id;
--> statement-breakpoint
INSERT INTO deal_stage_totals (workspace_id, user_id, pipeline_id, stage, deals, value)
SELECT workspace_id, user_id, pipeline_id, stage, count(*), coalesce(sum(value), 0) FROM deals
GROUP BY workspace_id, user_id, pipeline_id, stage;
--> statement-breakpoint
INSERT INTO task_status_totals (workspace_id, user_id, status, tasks, assigned)
SELECT workspace_id, user_id, status, count(*), count(*) FILTER (WHERE assigned) FROM (
  SELECT workspace_id, user_id, status, false AS assigned FROM tasks
  UNION ALL SELECT workspace_id, assigned_user_id, status, true FROM tasks WHERE assigned_user_id <> user_id
) t GROUP BY workspace_id, user_id, status;
