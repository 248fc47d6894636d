import { check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { isNotBlank, isOneOf } from './check-helpers';
import { users } from './users';
import { projectStatuses } from '../../../../common/constants';

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status').notNull().default('Not Started'),
    dueDate: date('due_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('projects_name_not_blank', isNotBlank(t.name)),
    check('projects_status_check', isOneOf(t.status, projectStatuses)),
    // Board and grid, newest first (part 2 §7).
    index('projects_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    // Dashboard "Active Projects" count (part 1 §7).
    index('projects_user_status_idx').on(t.userId, t.status),
  ],
);
