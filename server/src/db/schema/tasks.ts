import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { isNotBlank, isOneOf, matchesPattern } from './check-helpers';
import { deals } from './deals';
import { projects } from './projects';
import { users } from './users';
import { defaultTaskCategoryColor, taskStatuses } from '../../../../common/constants';
import { createdAtColumn, idColumn, ownerColumn, workspaceColumn } from './columns';

/** `#RRGGBB`, as the colour input produces. */
export const hexColorPattern = '^#[0-9A-Fa-f]{6}$';

export const taskCategories = pgTable(
  'task_categories',
  {
    id: idColumn(),
    userId: ownerColumn(),
    workspaceId: workspaceColumn(),
    name: text('name').notNull(),
    color: text('color').notNull().default(defaultTaskCategoryColor),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('task_categories_name_not_blank', isNotBlank(t.name)),
    check('task_categories_color_check', matchesPattern(t.color, hexColorPattern)),
    // Listed per user by name (part 2 §7).
    index('task_categories_workspace_name_idx').on(t.workspaceId, t.name),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: idColumn(),
    userId: ownerColumn(),
    workspaceId: workspaceColumn(),
    assignedUserId: uuid('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status').notNull().default('To Do'),
    /** Date and time: the dashboard reads "today" from local midnight to midnight and marks past times overdue. */
    dueDate: timestamp('due_date', { withTimezone: true }),
    isMilestone: boolean('is_milestone').notNull().default(false),
    // Deleting a project, deal or category leaves its tasks in place, unlinked.
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    categoryId: uuid('category_id').references(() => taskCategories.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('tasks_name_not_blank', isNotBlank(t.name)),
    check('tasks_status_check', isOneOf(t.status, taskStatuses)),
    // "A task links to a project or to a deal, never both" (part 2 §4).
    check('tasks_project_or_deal_check', sql`${t.projectId} is null or ${t.dealId} is null`),
    // Global search (decisions.md item 17): a contains-match on name and description together.
    index('tasks_search_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.name}, '') || ' ' || coalesce(${t.description}, '')) gin_trgm_ops`,
    ),
    // Dashboard today / recent / open count; calendar by due date (part 1 §7, part 2 §7). The id completes
    // the order (due_date, id) those lists read, so tasks sharing a due time need no sort.
    index('tasks_workspace_status_due_idx').on(t.workspaceId, t.status, t.dueDate, t.id),
    // Tasks another user assigned (a task assigned to its owner is read through the owner's indexes).
    index('tasks_assigned_due_idx')
      .on(t.assignedUserId, t.dueDate, t.id)
      .where(sql`${t.assignedUserId} <> ${t.userId}`),
    // The task list, newest first (part 2 §7), by keyset (created_at, id); a board column by status.
    index('tasks_workspace_created_idx').on(t.workspaceId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('tasks_workspace_status_created_idx').on(
      t.workspaceId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The same for the tasks other users assigned to the user.
    index('tasks_assigned_created_idx')
      .on(t.assignedUserId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.assignedUserId} <> ${t.userId}`),
    // The overdue reminders' job (notifications/overdue.ts): every workspace's open tasks that came due in its window.
    // Keyed by the due time in UTC, an expression only that statement names: keyed by due_date itself, it would tempt
    // the planner to read one workspace's day of tasks out of every workspace's (the dashboard, the calendar).
    index('tasks_open_due_utc_idx')
      .on(sql`(${t.dueDate} at time zone 'UTC')`)
      .where(sql`${t.status} <> 'Done' and ${t.dueDate} is not null`),
    // The calendar and the .ics feed: the user's tasks in a range of due dates.
    index('tasks_workspace_due_idx')
      .on(t.workspaceId, t.dueDate, t.id)
      .where(sql`${t.dueDate} is not null`),
    // Behind the SET NULL foreign keys, so deleting a project, deal or category does not scan all tasks.
    // (With the status, the project board's progress, tasks and tasks Done per project, is read from the index alone.)
    index('tasks_project_idx')
      .on(t.projectId, t.status)
      .where(sql`${t.projectId} is not null`),
    index('tasks_deal_idx')
      .on(t.dealId)
      .where(sql`${t.dealId} is not null`),
    index('tasks_category_idx')
      .on(t.categoryId)
      .where(sql`${t.categoryId} is not null`),
  ],
);

/**
 * The triggers on tasks: each statement's rows are counted into user_stats, the dashboard's cards (migration 0009),
 * and into task_status_totals, the board's column counts (migration 0011). schema-integrity.test.ts compares this
 * list with the database's triggers, so a new one cannot stay unseen here.
 */
export const tasksTriggers = [
  'tasks_insert_user_stats',
  'tasks_update_user_stats',
  'tasks_delete_user_stats',
  'tasks_insert_status_totals',
  'tasks_update_status_totals',
  'tasks_delete_status_totals',
] as const;
