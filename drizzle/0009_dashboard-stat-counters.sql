CREATE TABLE "user_stats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	"open_deal_value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"active_projects" integer DEFAULT 0 NOT NULL,
	"open_tasks_owned" integer DEFAULT 0 NOT NULL,
	"open_tasks_assigned_by_others" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_stats" ADD CONSTRAINT "user_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- user_stats is kept by statement triggers reading the transition tables: a bulk insert (a CSV import) or a
-- cascade adds its changes per user in one upsert, whose row lock also serialises concurrent writers of one
-- user. A user already gone (deleting a user cascades to their rows) is skipped: their row goes with them.
CREATE FUNCTION user_stats_add(deltas user_stats[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO user_stats AS s
    (user_id, contacts, open_deal_value, active_projects, open_tasks_owned, open_tasks_assigned_by_others)
  SELECT d.user_id, sum(d.contacts), sum(d.open_deal_value), sum(d.active_projects), sum(d.open_tasks_owned),
    sum(d.open_tasks_assigned_by_others)
  FROM unnest(deltas) d
  WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
  GROUP BY d.user_id
  HAVING sum(d.contacts) <> 0 OR sum(d.open_deal_value) <> 0 OR sum(d.active_projects) <> 0
    OR sum(d.open_tasks_owned) <> 0 OR sum(d.open_tasks_assigned_by_others) <> 0
  -- One lock order for every writer, so two statements touching the same users cannot deadlock here.
  ORDER BY d.user_id
  ON CONFLICT (user_id) DO UPDATE SET
    contacts = s.contacts + excluded.contacts,
    open_deal_value = s.open_deal_value + excluded.open_deal_value,
    active_projects = s.active_projects + excluded.active_projects,
    open_tasks_owned = s.open_tasks_owned + excluded.open_tasks_owned,
    open_tasks_assigned_by_others = s.open_tasks_assigned_by_others + excluded.open_tasks_assigned_by_others
$$;
--> statement-breakpoint
-- Each row's share of its users' counters, times sign (1 for a new version of the row, -1 for an old one).
CREATE FUNCTION user_stats_of_contact(user_id uuid, sign int) RETURNS user_stats LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(user_id, sign, 0, 0, 0, 0)::user_stats
$$;
--> statement-breakpoint
CREATE FUNCTION user_stats_of_deal(user_id uuid, stage text, value numeric, sign int) RETURNS user_stats
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(user_id, 0, CASE WHEN stage <> 'Lost' THEN sign * coalesce(value, 0) ELSE 0 END, 0, 0, 0)::user_stats
$$;
--> statement-breakpoint
CREATE FUNCTION user_stats_of_project(user_id uuid, status text, sign int) RETURNS user_stats
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(user_id, 0, 0, CASE WHEN status <> 'Completed' THEN sign ELSE 0 END, 0, 0)::user_stats
$$;
--> statement-breakpoint
-- A task not Done counts for its owner and, when another user is assigned, for that user too.
CREATE FUNCTION user_stats_of_task(user_id uuid, assigned_user_id uuid, status text, sign int)
RETURNS SETOF user_stats LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(user_id, 0, 0, 0, CASE WHEN status <> 'Done' THEN sign ELSE 0 END, 0)::user_stats
  UNION ALL
  SELECT ROW(assigned_user_id, 0, 0, 0, 0, sign)::user_stats
  WHERE status <> 'Done' AND assigned_user_id <> user_id
$$;
--> statement-breakpoint
-- PostgreSQL gives transition tables to one event per trigger: each table has three triggers on one function,
-- which reads the tables its event has (an update subtracts the old rows and adds the new ones).
CREATE FUNCTION user_stats_contacts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM user_stats_add(ARRAY(SELECT user_stats_of_contact(user_id, 1) FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM user_stats_add(ARRAY(SELECT user_stats_of_contact(user_id, -1) FROM old_rows));
  ELSE
    PERFORM user_stats_add(ARRAY(
      SELECT user_stats_of_contact(user_id, 1) FROM new_rows
      UNION ALL SELECT user_stats_of_contact(user_id, -1) FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION user_stats_deals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM user_stats_add(ARRAY(SELECT user_stats_of_deal(user_id, stage, value, 1) FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM user_stats_add(ARRAY(SELECT user_stats_of_deal(user_id, stage, value, -1) FROM old_rows));
  ELSE
    PERFORM user_stats_add(ARRAY(
      SELECT user_stats_of_deal(user_id, stage, value, 1) FROM new_rows
      UNION ALL SELECT user_stats_of_deal(user_id, stage, value, -1) FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION user_stats_projects_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM user_stats_add(ARRAY(SELECT user_stats_of_project(user_id, status, 1) FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM user_stats_add(ARRAY(SELECT user_stats_of_project(user_id, status, -1) FROM old_rows));
  ELSE
    PERFORM user_stats_add(ARRAY(
      SELECT user_stats_of_project(user_id, status, 1) FROM new_rows
      UNION ALL SELECT user_stats_of_project(user_id, status, -1) FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION user_stats_tasks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM user_stats_add(ARRAY(
      SELECT s FROM new_rows r, user_stats_of_task(r.user_id, r.assigned_user_id, r.status, 1) s));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM user_stats_add(ARRAY(
      SELECT s FROM old_rows r, user_stats_of_task(r.user_id, r.assigned_user_id, r.status, -1) s));
  ELSE
    PERFORM user_stats_add(ARRAY(
      SELECT s FROM new_rows r, user_stats_of_task(r.user_id, r.assigned_user_id, r.status, 1) s
      UNION ALL SELECT s FROM old_rows r, user_stats_of_task(r.user_id, r.assigned_user_id, r.status, -1) s));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contacts_insert_user_stats AFTER INSERT ON "contacts"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_stats_contacts_changed();
--> statement-breakpoint
CREATE TRIGGER contacts_update_user_stats AFTER UPDATE ON "contacts"
REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_stats_contacts_changed();
--> statement-breakpoint
CREATE TRIGGER contacts_delete_user_stats AFTER DELETE ON "contacts"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_stats_contacts_changed();
--> statement-breakpoint
CREATE TRIGGER deals_insert_user_stats AFTER INSERT ON "deals"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_stats_deals_changed();
--> statement-breakpoint
CREATE TRIGGER deals_update_user_stats AFTER UPDATE ON "deals"
REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_stats_deals_changed();
--> statement-breakpoint
CREATE TRIGGER deals_delete_user_stats AFTER DELETE ON "deals"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_stats_deals_changed();
--> statement-breakpoint
CREATE TRIGGER projects_insert_user_stats AFTER INSERT ON "projects"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_stats_projects_changed();
--> statement-breakpoint
CREATE TRIGGER projects_update_user_stats AFTER UPDATE ON "projects"
REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_stats_projects_changed();
--> statement-breakpoint
CREATE TRIGGER projects_delete_user_stats AFTER DELETE ON "projects"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_stats_projects_changed();
--> statement-breakpoint
CREATE TRIGGER tasks_insert_user_stats AFTER INSERT ON "tasks"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_stats_tasks_changed();
--> statement-breakpoint
CREATE TRIGGER tasks_update_user_stats AFTER UPDATE ON "tasks"
REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_stats_tasks_changed();
--> statement-breakpoint
CREATE TRIGGER tasks_delete_user_stats AFTER DELETE ON "tasks"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_stats_tasks_changed();
--> statement-breakpoint
-- The counters of the rows already there.
INSERT INTO user_stats
  (user_id, contacts, open_deal_value, active_projects, open_tasks_owned, open_tasks_assigned_by_others)
SELECT u.id,
  (SELECT count(*) FROM contacts c WHERE c.user_id = u.id),
  (SELECT coalesce(sum(d.value), 0) FROM deals d WHERE d.user_id = u.id AND d.stage <> 'Lost'),
  (SELECT count(*) FROM projects p WHERE p.user_id = u.id AND p.status <> 'Completed'),
  (SELECT count(*) FROM tasks t WHERE t.user_id = u.id AND t.status <> 'Done'),
  (SELECT count(*) FROM tasks t WHERE t.assigned_user_id = u.id AND t.user_id <> u.id AND t.status <> 'Done')
FROM users u;
