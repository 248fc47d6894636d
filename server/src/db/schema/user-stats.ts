import { integer, numeric, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { workspaces } from './workspaces';

/**
 * The dashboard's stat cards, one row per member of a workspace (counting the records they own), kept exact by the triggers of migration 0009 on contacts, deals,
 * projects and tasks, so a dashboard load reads one row instead of counting all of a heavy user's rows.
 * A user with nothing counted yet may have no row: read it as zeros.
 */
export const userStats = pgTable(
  'user_stats',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contacts: integer('contacts').notNull().default(0),
    /** Sum of value over the user's deals not Lost (a deal without a value adds nothing). */
    openDealValue: numeric('open_deal_value', { precision: 14, scale: 2 }).notNull().default('0'),
    /** Projects whose status is not Completed. */
    activeProjects: integer('active_projects').notNull().default(0),
    /** The user's own tasks not Done. */
    openTasksOwned: integer('open_tasks_owned').notNull().default(0),
    /** Tasks not Done that another user owns and assigned to this user. */
    openTasksAssignedByOthers: integer('open_tasks_assigned_by_others').notNull().default(0),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);
