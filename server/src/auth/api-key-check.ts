import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { accessNeeded, apiKeyAreaOf, apiKeyMessages, grants, outOfScope, type ApiKeyScopes } from '@common/api-keys';
import type { RecordVisibility, WorkspaceRole } from '@common/workspaces';
import type { Db } from '../db/client';
import { apiKeys, authUsers, users, workspaceMembers, workspaces } from '../db/schema';
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
 * Signs a request in by its `Authorization: Bearer` key: one indexed query reads the key with its member, never
 * remembered (a revoked key or a removed member is refused on the next request, on every server process). The
 * cookie is not read on this path. Sets `req.user`, `req.workspace` (the key's own) and `req.member`, then refuses
 * a route outside the key's areas or scopes.
 */
export async function authenticateApiKey(req: FastifyRequest, header: string): Promise<void> {
  const match = /^Bearer ([\x21-\x7e]{1,200})$/i.exec(header.trim());
  if (!match) throw new AppError(401, apiKeyMessages.notBearer);
  const db = req.server.db;
  const [row] = await keyQuery(db).execute({ hash: hashApiKey(match[1]!) });
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
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) await markUsed(db, row.id);
}

async function markUsed(db: Db, id: string): Promise<void> {
  const stale = sql`now() - make_interval(secs => ${LAST_USED_EVERY_MS / 1000})`;
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))));
}

/** The query of every key request, prepared once per database (as the session check's is). */
const prepared = new WeakMap<Db, ReturnType<typeof prepareKeyQuery>>();
function keyQuery(db: Db) {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = prepareKeyQuery(db)));
  return query;
}

function prepareKeyQuery(db: Db) {
  return db
    .select({
      id: apiKeys.id,
      workspaceId: apiKeys.workspaceId,
      userId: apiKeys.userId,
      scopes: sql<ApiKeyScopes>`${apiKeys.scopes}`,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      role: workspaceMembers.role,
      visibility: workspaceMembers.visibility,
      workspaceName: workspaces.name,
      email: authUsers.email,
      profileEmail: users.email,
      profileName: users.name,
      profileAvatarUrl: users.avatarUrl,
    })
    .from(apiKeys)
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, apiKeys.workspaceId), eq(workspaceMembers.userId, apiKeys.userId)),
    )
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .innerJoin(authUsers, eq(authUsers.id, apiKeys.userId))
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.secretHash, sql.placeholder('hash')))
    .prepare('find_api_key_by_hash');
}
