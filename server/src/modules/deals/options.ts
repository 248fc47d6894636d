import { sql, type SQL } from 'drizzle-orm';
import { visibleSql, type Member } from '../../db/member-scope';
import { selectRows } from '../../db/select-rows';
import type { Db } from '../../db/client';

/** How many deals the task form's picker offers at a time. */
export const DEAL_OPTIONS_LIMIT = 20;

/** LIKE's wildcards in `q` match themselves. */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The task form's deal picker: the newest deals whose name contains `q`, whatever the case. There is no index on
 * the workspace's deals by date alone, so each board column (pipeline and stage) is read newest first through
 * deals_workspace_pipeline_stage_created_idx, cut at the limit, and the few rows merged: no sort of all its deals.
 * Only the deals the member sees are offered, in any of the workspace's pipelines.
 * A deal's stage is always one of its pipeline's (a stage with deals cannot be removed).
 */
export function dealOptionsSql(member: Member, q: string | undefined): SQL {
  return sql`select d.id, d.name, d.stage
    from pipelines p
    cross join lateral (select distinct unnest(p.stages) as stage) s
    cross join lateral (
      select id, name, stage, created_at from deals
      where ${visibleSql(member)} and pipeline_id = p.id and stage = s.stage
        ${q ? sql`and name ilike ${containsPattern(q)}` : sql``}
      order by created_at desc, id desc
      limit ${DEAL_OPTIONS_LIMIT}
    ) d
    where p.workspace_id = ${member.workspaceId}
    order by d.created_at desc, d.id desc
    limit ${DEAL_OPTIONS_LIMIT}`;
}

export function dealOptions(
  db: Db,
  member: Member,
  q: string | undefined,
): Promise<Array<{ id: string; name: string; stage: string }>> {
  return selectRows(db, dealOptionsSql(member, q || undefined));
}
