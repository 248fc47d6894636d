-- Every change to what membership_of(user) answers is announced on the channel `membership_changed`, after its
-- commit, to every server process listening: 'user:<id>' for one user's memberships, 'workspace:<id>' for everyone
-- in a workspace. A process keeps the memberships its requests read only while it hears these
-- (db/membership-cache.ts), so a removed member loses access on every process at once.
CREATE FUNCTION announce_member_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('membership_changed', 'user:' || OLD.user_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('membership_changed', 'user:' || NEW.user_id); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER workspace_members_announce AFTER INSERT OR DELETE ON workspace_members
  FOR EACH ROW EXECUTE FUNCTION announce_member_change();
--> statement-breakpoint
-- Last activity is written every few minutes a member and changes nothing a request is allowed.
CREATE TRIGGER workspace_members_announce_update AFTER UPDATE ON workspace_members
  FOR EACH ROW WHEN (
    (OLD.workspace_id, OLD.user_id, OLD.role, OLD.visibility, OLD.joined_at)
      IS DISTINCT FROM (NEW.workspace_id, NEW.user_id, NEW.role, NEW.visibility, NEW.joined_at)
  ) EXECUTE FUNCTION announce_member_change();
--> statement-breakpoint
CREATE FUNCTION announce_current_workspace_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('membership_changed', 'user:' || NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_announce_current_workspace AFTER UPDATE OF current_workspace_id ON users
  FOR EACH ROW WHEN (OLD.current_workspace_id IS DISTINCT FROM NEW.current_workspace_id)
  EXECUTE FUNCTION announce_current_workspace_change();
--> statement-breakpoint
CREATE FUNCTION announce_workspace_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('membership_changed', 'workspace:' || OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER workspaces_announce AFTER UPDATE OF name OR DELETE ON workspaces
  FOR EACH ROW EXECUTE FUNCTION announce_workspace_change();
--> statement-breakpoint
-- membership_of also says whether the workspace has an endpoint turned on (webhooks/emit.ts).
CREATE FUNCTION announce_endpoint_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('membership_changed', 'workspace:' || OLD.workspace_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('membership_changed', 'workspace:' || NEW.workspace_id); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER webhook_endpoints_announce AFTER INSERT OR DELETE OR UPDATE OF enabled, workspace_id
  ON webhook_endpoints FOR EACH ROW EXECUTE FUNCTION announce_endpoint_change();
--> statement-breakpoint
-- An API key's request reads the key with its membership, workspace, account and profile (api_key_of): kept the
-- same way, so a revoked key, and a changed profile or account address, are announced too.
CREATE FUNCTION announce_key_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('membership_changed', 'key:' || OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER api_keys_announce AFTER DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION announce_key_change();
--> statement-breakpoint
-- Its last use is written once a minute a key and changes nothing a request is allowed.
CREATE TRIGGER api_keys_announce_update AFTER UPDATE ON api_keys
  FOR EACH ROW WHEN (
    (OLD.workspace_id, OLD.user_id, OLD.secret_hash, OLD.scopes, OLD.expires_at)
      IS DISTINCT FROM (NEW.workspace_id, NEW.user_id, NEW.secret_hash, NEW.scopes, NEW.expires_at)
  ) EXECUTE FUNCTION announce_key_change();
--> statement-breakpoint
CREATE FUNCTION announce_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('membership_changed', 'user:' || NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_announce_profile AFTER UPDATE OF email, name, avatar_url ON users
  FOR EACH ROW WHEN ((OLD.email, OLD.name, OLD.avatar_url) IS DISTINCT FROM (NEW.email, NEW.name, NEW.avatar_url))
  EXECUTE FUNCTION announce_account_change();
--> statement-breakpoint
CREATE TRIGGER auth_users_announce AFTER UPDATE OF email ON auth_users
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION announce_account_change();
