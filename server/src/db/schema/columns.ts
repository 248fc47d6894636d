import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// The columns every user-owned table shares.

export const idColumn = () => uuid('id').primaryKey().defaultRandom();

/** The owner: every user-owned row goes when its user goes. */
export const ownerColumn = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAtColumn = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
