-- The contacts' sort indexes by a CASE instead of coalesce: see schema/contacts.ts (row-level security below).
DROP INDEX "contacts_workspace_email_sort_idx";--> statement-breakpoint
DROP INDEX "contacts_workspace_phone_sort_idx";--> statement-breakpoint
DROP INDEX "contacts_workspace_company_sort_idx";--> statement-breakpoint
CREATE INDEX "contacts_workspace_email_sort_idx" ON "contacts" USING btree ("workspace_id",("email" is null),(case when "email" is null then '' else "email" end),"id");--> statement-breakpoint
CREATE INDEX "contacts_workspace_phone_sort_idx" ON "contacts" USING btree ("workspace_id",("phone" is null),(case when "phone" is null then '' else "phone" end),"id");--> statement-breakpoint
CREATE INDEX "contacts_workspace_company_sort_idx" ON "contacts" USING btree ("workspace_id",("company" is null),(case when "company" is null then '' else "company" end),"id");--> statement-breakpoint
-- Row-level security, the second wall of the shared tables (issue 29). The services filter every query by the
-- member's workspace (and visibility); these policies hold even where a query forgot to. They apply to the role
-- pipewise_member, which the server takes for a signed-in member's work (`asMember`, server/src/db/member-scope.ts),
-- with the member set for that transaction only. The server's own connection role (the table owner) keeps its
-- access for what is nobody's in particular: migrations, sign-in, public pages, background jobs.
--
-- The role is the cluster's, shared by every database of it; creating it needs CREATEROLE (or a superuser), once.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'pipewise_member') THEN
    CREATE ROLE pipewise_member NOLOGIN;
  END IF;
EXCEPTION
  -- Two databases of one cluster migrating at once: the other created it.
  WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;--> statement-breakpoint
DO $$
BEGIN
  -- The connection's role must be allowed to take it (superusers are; others are granted it).
  IF NOT pg_has_role(current_user, 'pipewise_member', 'MEMBER') THEN
    EXECUTE format('GRANT pipewise_member TO %I', current_user);
  END IF;
END
$$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO pipewise_member;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO pipewise_member;--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO pipewise_member;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO pipewise_member;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO pipewise_member;--> statement-breakpoint
-- The member of the transaction; null when none was set, which matches no row.
CREATE FUNCTION pipewise_workspace_id() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('pipewise.workspace_id', true), '')::uuid
$$;--> statement-breakpoint
CREATE FUNCTION pipewise_user_id() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('pipewise.user_id', true), '')::uuid
$$;--> statement-breakpoint
CREATE FUNCTION pipewise_own_only() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT current_setting('pipewise.own_only', true) IS DISTINCT FROM 'off'
$$;--> statement-breakpoint
-- Every shared table: the rows of the member's workspace, read and written. `(SELECT …)` reads the setting once per
-- query, not once per row.
DO $$
DECLARE
  shared text;
BEGIN
  FOREACH shared IN ARRAY ARRAY['contacts', 'pipelines', 'deals', 'deal_activities', 'projects', 'task_categories',
    'tasks', 'forms', 'form_submissions', 'chatbot_flows', 'chatbot_knowledge', 'chatbot_passages',
    'chatbot_conversations', 'chatbot_messages']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', shared);
    EXECUTE format(
      'CREATE POLICY workspace_rows ON %I TO pipewise_member
         USING (workspace_id = (SELECT pipewise_workspace_id()))
         WITH CHECK (workspace_id = (SELECT pipewise_workspace_id()))',
      shared);
  END LOOP;
END
$$;--> statement-breakpoint
-- "Only records they own or are assigned to", for the records nothing a member sees points at and no one hands on:
-- forms and chatbots. Contacts, deals, projects and categories are named on records the member does see (a deal's
-- contact, a task's project), and an update giving a task assigned to a member to someone else would fail here (an
-- UPDATE … RETURNING's new row is checked against the read policy) instead of being answered by the service; their
-- visibility stays with the services (docs/decisions.md). Restrictive: on top of the workspace; reads only.
CREATE POLICY own_rows ON forms AS RESTRICTIVE TO pipewise_member
  USING ((SELECT NOT pipewise_own_only()) OR user_id = (SELECT pipewise_user_id()))
  WITH CHECK (true);--> statement-breakpoint
CREATE POLICY own_rows ON chatbot_flows AS RESTRICTIVE TO pipewise_member
  USING ((SELECT NOT pipewise_own_only()) OR user_id = (SELECT pipewise_user_id()))
  WITH CHECK (true);
