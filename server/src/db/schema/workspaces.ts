import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { assignableRoles, recordVisibilities, workspaceRoles } from '../../../../common/workspaces';
import { isOneOf } from './check-helpers';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns';
import { users } from './users';

/**
 * A team's shared space (decisions.md, "Workspaces"). Every account has one from sign-up; a user may belong to
 * several and works in one at a time (`users.current_workspace_id`). An account's workspace made by the migration
 * that brought workspaces has the account's own id.
 */
export const workspaces = pgTable(
  'workspaces',
  {
    id: idColumn(),
    name: text('name').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [check('workspaces_name_not_blank', sql`length(btrim(${t.name})) between 1 and 100`)],
);

/** Who belongs to a workspace, in which role, seeing which records. Exactly one Owner per workspace. */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    visibility: text('visibility').notNull().default('all'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most every few minutes by the request scope (auth/workspace-scope.ts). */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    check('workspace_members_role_check', isOneOf(t.role, workspaceRoles)),
    check('workspace_members_visibility_check', isOneOf(t.visibility, recordVisibilities)),
    uniqueIndex('workspace_members_one_owner_idx')
      .on(t.workspaceId)
      .where(sql`${t.role} = 'owner'`),
    // A user's workspaces, for the switcher and every request's scope.
    index('workspace_members_user_idx').on(t.userId, t.joinedAt),
  ],
);

/**
 * An invitation by e-mail address: a single-use link whose token is stored only as its SHA-256. Accepted, revoked
 * or past `expires_at`, it joins nothing. At most one pending invitation per workspace and address.
 */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: idColumn(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    check('workspace_invitations_role_check', isOneOf(t.role, assignableRoles)),
    uniqueIndex('workspace_invitations_token_idx').on(t.tokenHash),
    uniqueIndex('workspace_invitations_pending_idx')
      .on(t.workspaceId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index('workspace_invitations_workspace_idx').on(t.workspaceId, t.createdAt),
  ],
);

/**
 * The triggers that announce membership changes to every server process (migration 0029, db/membership-cache.ts):
 * schema-integrity.test.ts compares these lists with the database's triggers.
 */
export const workspacesTriggers = ['workspaces_announce'] as const;
export const workspaceMembersTriggers = ['workspace_members_announce', 'workspace_members_announce_update'] as const;
