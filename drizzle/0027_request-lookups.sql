-- The key of an API request with its member, workspace and profile, in a PL/pgSQL function: its plan is kept per
-- connection after the first calls, where the same five-table join sent as a statement is planned anew each time on
-- the embedded database (about 0.8 ms of a request there; PostgreSQL keeps a prepared statement's plan either way).
CREATE FUNCTION api_key_of(hash text)
RETURNS TABLE (
  id uuid,
  workspace_id uuid,
  user_id uuid,
  scopes jsonb,
  expires_at timestamptz,
  last_used_at timestamptz,
  role text,
  visibility text,
  workspace_name text,
  email text,
  profile_email text,
  profile_name text,
  profile_avatar_url text
)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT k.id, k.workspace_id, k.user_id, k.scopes, k.expires_at, k.last_used_at, m.role, m.visibility, w.name,
    a.email, u.email, u.name, u.avatar_url
  FROM api_keys k
  JOIN workspace_members m ON m.workspace_id = k.workspace_id AND m.user_id = k.user_id
  JOIN workspaces w ON w.id = k.workspace_id
  JOIN auth_users a ON a.id = k.user_id
  JOIN users u ON u.id = k.user_id
  WHERE k.secret_hash = hash;
END
$$;
--> statement-breakpoint
-- The member's current workspace, read by every signed-in request of a session (modules/workspaces/current-workspace.ts):
-- the one chosen if they are still a member of it, else the first they joined. A function for the same reason.
CREATE FUNCTION membership_of(member uuid)
RETURNS TABLE (
  id uuid,
  name text,
  role text,
  visibility text,
  last_active_at timestamptz,
  webhooks boolean
)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT m.workspace_id, w.name, m.role, m.visibility, m.last_active_at,
    EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.workspace_id = m.workspace_id AND e.enabled)
  FROM workspace_members m
  JOIN workspaces w ON w.id = m.workspace_id
  JOIN users u ON u.id = m.user_id
  WHERE m.user_id = member
  ORDER BY m.workspace_id IS NOT DISTINCT FROM u.current_workspace_id DESC, m.joined_at, m.workspace_id
  LIMIT 1;
END
$$;
