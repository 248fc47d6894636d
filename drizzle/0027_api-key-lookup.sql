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
