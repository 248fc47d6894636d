import { boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { isNotBlank } from './check-helpers';
import { createdAtColumn, idColumn, ownerColumn } from './columns';

/** The chatbot list (part 2 §3); the builder is "coming soon", so a flow has no steps yet. */
export const chatbotFlows = pgTable(
  'chatbot_flows',
  {
    id: idColumn(),
    userId: ownerColumn(),
    name: text('name').notNull(),
    description: text('description'),
    // No default in the spec: a flow stays off until someone turns it on.
    isActive: boolean('is_active').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('chatbot_flows_name_not_blank', isNotBlank(t.name)),
    // The list, newest first (part 2 §7), by keyset (created_at, id).
    index('chatbot_flows_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
