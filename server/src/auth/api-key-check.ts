import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { accessNeeded, apiKeyAreaOf, apiKeyMessages, grants, outOfScope, type ApiKeyScopes } from '@common/api-keys';
import type { RecordVisibility, WorkspaceRole } from '@common/workspaces';
import type { Db } from '../db/client';
import { apiKeys } from '../db/schema';
import { membershipCacheOf, type KeyRow } from '../db/membership-cache';
import { selectRows } from '../db/select-rows';
import { AppError } from '../errors';

/** `last_used_at` is written at most this often per key: a request costs no write. */
const LAST_USED_EVERY_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a request was sent with; unset on a session's request. */
    apiKey: { id: string } | null;
  }
}

/** The stored form of a key: its SHA-256 (the key is 32 random bytes, so no slow hash is needed). */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/**
 * Signs a request in by its `Authorization: Bearer` key: one indexed query reads the key with its member, or on
 * PostgreSQL a read keeps it while the database announces every change to it (db/membership-cache.ts), so a revoked
 * key or a removed member is refused on the next request, on every server process. A change (any method but GET)
 * reads it fresh. The cookie is not read on this path. Sets `req.user`, `req.workspace` (the key's own) and
 * `req.member`, then refuses a route outside the key's areas or scopes.
 */
export async function authenticateApiKey(req: FastifyRequest, header: string): Promise<void> {
  const match = /^Bearer ([\x21-\x7e]{1,200})$/i.exec(header.trim());
  if (!match) throw new AppError(401, apiKeyMessages.notBearer);
  const db = req.server.db;
  const hash = hashApiKey(match[1]!);
  const fresh = req.method !== 'GET' && req.method !== 'HEAD';
  const row = await findKey(db, hash, fresh);
  if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now()))
    throw new AppError(401, apiKeyMessages.invalidKey);

  const area = apiKeyAreaOf(req.routeOptions.url ?? '');
  if (!area) throw new AppError(403, apiKeyMessages.notForKeys);
  const needed = accessNeeded(req.method);
  if (!grants(row.scopes, area, needed)) throw new AppError(403, outOfScope(area, needed));

  req.apiKey = { id: row.id };
  req.user = {
    id: row.userId,
    email: row.email,
    profile: { id: row.userId, email: row.profileEmail, name: row.profileName, avatarUrl: row.profileAvatarUrl },
  };
  req.workspace = {
    id: row.workspaceId,
    name: row.workspaceName,
    role: row.role as WorkspaceRole,
    visibility: row.visibility as RecordVisibility,
  };
  req.member = { workspaceId: row.workspaceId, userId: row.userId, ownOnly: row.visibility === 'own' };
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
    membershipCacheOf(db)?.keyUsed(hash, new Date());
    await markUsed(db, row.id);
  }
}

async function markUsed(db: Db, id: string): Promise<void> {
  const stale = sql`now() - make_interval(secs => ${LAST_USED_EVERY_MS / 1000})`;
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))));
}

interface ApiKeyRow extends KeyRow {
  scopes: ApiKeyScopes;
  expires_at: Date | string | null;
  role: string;
  visibility: string;
  workspace_name: string;
  email: string;
  profile_email: string;
  profile_name: string;
  profile_avatar_url: string | null;
}

const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * The key with its member, workspace and profile: one call of the database's `api_key_of` (migration 0027), whose
 * plan the database keeps, where a five-table join sent as a statement is planned anew on every request on the
 * embedded database.
 */
async function findKey(db: Db, hash: string, fresh: boolean) {
  const cache = membershipCacheOf(db);
  let row = fresh ? undefined : cache?.getKey<ApiKeyRow>(hash);
  if (!row) {
    const mark = cache?.mark ?? 0;
    [row] = await selectRows<ApiKeyRow>(db, sql`select * from api_key_of(${hash})`);
    if (row) cache?.keepKey(hash, row, mark);
  }
  if (!row) return null;
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    userId: row.user_id,
    scopes: row.scopes,
    expiresAt: dateOf(row.expires_at),
    lastUsedAt: dateOf(row.last_used_at),
    role: row.role,
    visibility: row.visibility,
    workspaceName: row.workspace_name,
    email: row.email,
    profileEmail: row.profile_email,
    profileName: row.profile_name,
    profileAvatarUrl: row.profile_avatar_url,
  };
}
