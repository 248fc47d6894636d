import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { isNotBlank } from './check-helpers';
import { users } from './users';

/** The chatbot list (part 2 §3); the builder is "coming soon", so a flow has no steps yet. */
export const chatbotFlows = pgTable(
  'chatbot_flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    // No default in the spec: a flow stays off until someone turns it on.
    isActive: boolean('is_active').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('chatbot_flows_name_not_blank', isNotBlank(t.name)),
    index('chatbot_flows_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);
