import { sql } from 'drizzle-orm';
import { check, foreignKey, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ApiKeyScopes } from '../../../../common/api-keys';
import { createdAtColumn, idColumn, ownerColumn, workspaceColumn } from './columns';
import { workspaceMembers } from './workspaces';

/**
 * A member's API key (issue 30): it acts as its member, in its workspace only. Stored as the SHA-256 of the whole
 * key (32 random bytes: a fast hash is enough), found by that hash. Personal, like mail accounts: no row-level
 * policy; its routes run as the server's role and scope by the member. It goes with its membership (the composite
 * foreign key), so a removed member's keys are gone in the removal's own transaction.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: idColumn(),
    workspaceId: workspaceColumn(),
    userId: ownerColumn(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: jsonb('scopes').$type<ApiKeyScopes>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Written at most once a minute per key, by the requests it makes. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('api_keys_name_not_blank', sql`length(btrim(${t.name})) between 1 and 100`),
    uniqueIndex('api_keys_secret_hash_idx').on(t.secretHash),
    index('api_keys_member_created_idx').on(t.workspaceId, t.userId, t.createdAt),
    foreignKey({
      name: 'api_keys_member_fk',
      columns: [t.workspaceId, t.userId],
      foreignColumns: [workspaceMembers.workspaceId, workspaceMembers.userId],
    }).onDelete('cascade'),
  ],
);

/** The triggers that announce a key revoked or changed to every server process (migration 0029, db/membership-cache.ts). */
export const apiKeysTriggers = ['api_keys_announce', 'api_keys_announce_update'] as const;
