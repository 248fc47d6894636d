import { sql } from 'drizzle-orm';
import { type AnyPgColumn, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth';
import { workspaces } from './workspaces';

/** The spec's profile row (part 1 §3 users): same id as the auth user. E-mail is unique case-insensitively. */
export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name'),
    avatarUrl: text('avatar_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The workspace the user last chose (auth/workspace-scope.ts); null or a left one falls back to the first. */
    currentWorkspaceId: uuid('current_workspace_id').references((): AnyPgColumn => workspaces.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

/**
 * The triggers that announce a change of current workspace, and of the profile an API key's request carries
 * (migration 0029, db/membership-cache.ts).
 */
export const usersTriggers = ['users_announce_current_workspace', 'users_announce_profile'] as const;
