import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { isNotBlank, isOneOf } from './check-helpers';
import { deals } from './deals';
import { users } from './users';
import { activityPriorities, activityStatuses, activityTypes } from '../../../../common/constants';
import { createdAtColumn, idColumn, ownerColumn, workspaceColumn } from './columns';

/** Follow-up activities of a deal (part 2 §3 deal_activities). */
export const dealActivities = pgTable(
  'deal_activities',
  {
    id: idColumn(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    userId: ownerColumn(),
    workspaceId: workspaceColumn(),
    activityType: text('activity_type').notNull(),
    description: text('description').notNull(),
    /** Date and time, both required by the form (part 2 §5). */
    dueDate: timestamp('due_date', { withTimezone: true }).notNull(),
    priority: text('priority').notNull().default('medium'),
    status: text('status').notNull().default('pending'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    assignedUserId: uuid('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('deal_activities_type_check', isOneOf(t.activityType, activityTypes)),
    check('deal_activities_priority_check', isOneOf(t.priority, activityPriorities)),
    check('deal_activities_status_check', isOneOf(t.status, activityStatuses)),
    check('deal_activities_description_not_blank', isNotBlank(t.description)),
    // Completing sets completed_at (part 2 §4); a pending activity has none.
    check('deal_activities_completed_at_check', sql`(${t.status} = 'completed') = (${t.completedAt} is not null)`),
    // A deal's activities by due date, and its next (oldest pending) activity (part 2 §7).
    index('deal_activities_deal_status_due_idx').on(t.dealId, t.status, t.dueDate),
    // Calendar and today's schedule: owned or assigned (part 1 §7, part 2 §7), in (due_date, id) order.
    index('deal_activities_workspace_due_idx').on(t.workspaceId, t.dueDate, t.id),
    // The overdue reminders' job (notifications/overdue.ts): every workspace's pending activities due in its window,
    // keyed by the due time in UTC for the reason tasks_open_due_utc_idx is.
    index('deal_activities_pending_due_utc_idx')
      .on(sql`(${t.dueDate} at time zone 'UTC')`)
      .where(sql`${t.status} = 'pending'`),
    // Assigned by another user only: an activity is assigned to its creator by default, and those rows are read
    // through user_due above; in this index they would be skipped one by one.
    index('deal_activities_assigned_due_idx')
      .on(t.assignedUserId, t.dueDate, t.id)
      .where(sql`${t.assignedUserId} <> ${t.userId}`),
  ],
);
