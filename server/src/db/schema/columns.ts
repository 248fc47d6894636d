import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { workspaces } from './workspaces';

// The columns every user-owned table shares.

export const idColumn = () => uuid('id').primaryKey().defaultRandom();

/** The owner: every user-owned row goes when its user goes. */
export const ownerColumn = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * The workspace a shared record belongs to (contacts, deals, tasks…): every query reads and writes within one, and
 * the row goes when its workspace goes. The owner (`user_id`) stays the member who made it, or who took it over.
 */
export const workspaceColumn = () =>
  uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });

export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAtColumn = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
