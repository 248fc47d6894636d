import { randomBytes } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_LENGTH,
  API_KEYS_PER_MEMBER,
  apiKeyInputSchema,
  apiKeyMessages,
  type ApiKey,
  type CreatedApiKey,
} from '@common/api-keys';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Member } from '../../db/member-scope';
import { apiKeys, workspaceMembers } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { hashApiKey } from '../../auth/api-key-check';

// A member's API keys in their current workspace: personal rows (no row-level policy), every query scoped by the
// workspace and the member, so another member's key, or the member's own of another workspace, is a 404.

type Row = typeof apiKeys.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

const ofMember = (member: Member) =>
  and(eq(apiKeys.workspaceId, member.workspaceId), eq(apiKeys.userId, member.userId));

export async function listApiKeys(db: Db, member: Member): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(ofMember(member))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(API_KEYS_PER_MEMBER);
  return rows.map(toApiKey);
}

/** A new key, its whole secret answered this once: only its hash is kept. */
export async function createApiKey(
  db: Db,
  member: Member,
  input: z.output<typeof apiKeyInputSchema>,
): Promise<CreatedApiKey> {
  const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  const row = await db.transaction(async (tx) => {
    // The membership's lock: two creations at once count one after the other, and a removal in flight waits.
    const [membership] = await tx
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, member.workspaceId), eq(workspaceMembers.userId, member.userId)))
      .for('update');
    if (!membership) throw notFound();
    const [held] = await tx.select({ n: count() }).from(apiKeys).where(ofMember(member));
    if (held!.n >= API_KEYS_PER_MEMBER) throw new AppError(409, apiKeyMessages.tooManyKeys);
    const [created] = await tx
      .insert(apiKeys)
      .values({
        workspaceId: member.workspaceId,
        userId: member.userId,
        name: input.name,
        prefix: secret.slice(0, API_KEY_SHOWN_LENGTH),
        secretHash: hashApiKey(secret),
        scopes: Object.fromEntries(Object.entries(input.scopes).filter(([, access]) => access)),
        expiresAt: input.expiresInDays === null ? null : new Date(Date.now() + input.expiresInDays * DAY_MS),
      })
      .returning();
    return created!;
  });
  return { ...toApiKey(row), secret };
}

/** Revoking is deleting: the next request with the key, on any server process, finds nothing. */
export async function revokeApiKey(db: Db, member: Member, id: string): Promise<void> {
  const deleted = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), ofMember(member)))
    .returning({ id: apiKeys.id });
  if (!deleted.length) throw notFound();
}

function toApiKey(row: Row): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}
