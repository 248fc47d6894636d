import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { isNotBlank } from './check-helpers';
import { defaultPipelineStages } from '../../../../common/constants';
import { createdAtColumn, idColumn, ownerColumn, workspaceColumn } from './columns';

const defaultStagesSql = sql.raw(
  `ARRAY[${defaultPipelineStages.map((s) => `'${s.replaceAll("'", "''")}'`).join(', ')}]::text[]`,
);

export const pipelines = pgTable(
  'pipelines',
  {
    id: idColumn(),
    userId: ownerColumn(),
    workspaceId: workspaceColumn(),
    name: text('name').notNull(),
    /** Ordered stage names; the board shows one column per entry. */
    stages: text('stages').array().notNull().default(defaultStagesSql),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('pipelines_name_not_blank', isNotBlank(t.name)),
    // Stage names are trimmed and non-blank when added (part 1 §5); a null element would break the board.
    check('pipelines_stages_not_blank', sql`array_position(${t.stages}, null) is null and '' <> all(${t.stages})`),
    // Listed per user in creation order (part 1 §7, part 2 §7).
    index('pipelines_workspace_created_idx').on(t.workspaceId, t.createdAt, t.id),
    // "Only one pipeline is default" (part 1 §4): setting a new default must clear the old one first.
    uniqueIndex('pipelines_one_default_per_workspace_idx')
      .on(t.workspaceId)
      .where(sql`${t.isDefault}`),
  ],
);
