import { index, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { pipelines } from './pipelines';
import { users } from './users';
import { workspaces } from './workspaces';

/**
 * Each stage's deal count and value sum, one row per pipeline, stage and owner, kept exact by the triggers of migration
 * 0011 on deals: the board's column totals and the dashboard's pipeline overview read these few rows instead of
 * aggregating all of a heavy user's deals on every load. A stage with no row has no deals.
 */
export const dealStageTotals = pgTable(
  'deal_stage_totals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    deals: integer('deals').notNull().default(0),
    /** Sum of value over the stage's deals (a deal without a value adds nothing); wide enough for any sum. */
    value: numeric('value', { precision: 20, scale: 2 }).notNull().default('0'),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
  },
  (t) => [
    // Per owner: the workspace's board sums its members' rows, an "own records" member reads theirs.
    primaryKey({ columns: [t.pipelineId, t.stage, t.userId] }),
    // The dashboard's overview: every stage of the workspace's pipelines.
    index('deal_stage_totals_workspace_idx').on(t.workspaceId),
  ],
);

/**
 * Each member's tasks per status, counted as an "own records" member's task board shows them: the member's own tasks
 * and those another member assigned to them. Kept exact by the triggers of migration 0011 on tasks, so the unfiltered board reads
 * three rows instead of counting up to 10,000 tasks a column. A status with no row has no tasks.
 */
export const taskStatusTotals = pgTable(
  'task_status_totals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    /** The member's own tasks and those another member assigned to them. */
    tasks: integer('tasks').notNull().default(0),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Of `tasks`, those another member owns: the workspace's count is the sum of tasks - assigned. */
    assigned: integer('assigned').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId, t.status] })],
);
