import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, ownerColumn, updatedAtColumn } from './columns';

export const contacts = pgTable(
  'contacts',
  {
    id: idColumn(),
    userId: ownerColumn(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    company: text('company'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  // The list is read per user, ordered by name (part 1 §7).
  (t) => [index('contacts_user_name_idx').on(t.userId, t.name, t.id)],
);
