import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { isNotBlank, isOneOf } from './check-helpers';
import { projectStatuses } from '../../../../common/constants';
import { createdAtColumn, idColumn, ownerColumn, workspaceColumn } from './columns';

export const projects = pgTable(
  'projects',
  {
    id: idColumn(),
    userId: ownerColumn(),
    workspaceId: workspaceColumn(),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status').notNull().default('Not Started'),
    dueDate: date('due_date'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('projects_name_not_blank', isNotBlank(t.name)),
    check('projects_status_check', isOneOf(t.status, projectStatuses)),
    // The grid, newest first (part 2 §7), by keyset (created_at, id).
    index('projects_workspace_created_idx').on(
      t.workspaceId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A board column, newest first; also the dashboard's "Active Projects" count (part 1 §7).
    index('projects_workspace_status_created_idx').on(
      t.workspaceId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Global search (decisions.md item 17): a contains-match on the name.
    index('projects_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/**
 * The triggers on projects (migration 0009): each statement's rows are counted into user_stats, the dashboard's
 * cards. schema-integrity.test.ts compares this list with the database's triggers, so a new one cannot stay unseen
 * here.
 */
export const projectsTriggers = [
  'projects_insert_user_stats',
  'projects_update_user_stats',
  'projects_delete_user_stats',
] as const;
