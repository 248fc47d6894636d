import { and, eq, sql, type SQL } from 'drizzle-orm';
import { BOARD_PAGE_SIZE, type Deal } from '@common/deals';
import type { DealWhose } from '@common/whose';
import type { Db } from '../../db/client';
import { keysetPage } from '../../db/keyset';
import { visibleSql, visibleTo, type Member } from '../../db/member-scope';
import { dealStageTotals, pipelines } from '../../db/schema';
import { jsonRows, selectRows } from '../../db/select-rows';
import { notFound } from '../../errors';
import type { KeysetPage } from '../../http/cursor';
import { pipelineVisibleTo } from '../pipelines/service';
import { dealJoins, dealKey, dealSelect, toDeal, type DealRow } from './read';

export interface BoardColumnPage {
  stage: string;
  count: number;
  total: number;
  page: KeysetPage<Deal>;
}

/**
 * The deals a board shows the member: everyone's they see, or their own ("mine"), which is what an "own records"
 * member sees (deals have no assignee).
 */
export const dealsSeenBy = (member: Member, whose: DealWhose | undefined): Member =>
  whose === 'mine' ? { ...member, ownOnly: true } : member;

/**
 * The whole board in two queries whatever its size: the pipeline with each stage's count and total (kept per owner by
 * the deal_stage_totals triggers, so no deal is counted here: the workspace's totals are the sum of its owners' rows,
 * an "own records" member's, or anyone's "mine", their own row), and
 * every column's first page (one lateral read of the column index per stage, with each deal's contact
 * and next activity joined on).
 */
export async function getBoard(
  db: Db,
  viewer: Member,
  pipelineId: string,
  whose?: DealWhose,
): Promise<{ pipelineId: string; columns: BoardColumnPage[] }> {
  const member = dealsSeenBy(viewer, whose);
  // The pipeline's stages and their totals in one statement (the totals are a few rows of text and numbers, as JSON).
  const [pipeline] = await db
    .select({
      stages: pipelines.stages,
      totals: sql<StageTotal[] | null>`${jsonRows(stageTotalsQuery(db, member, pipelineId).getSQL())}`,
    })
    .from(pipelines)
    .where(and(eq(pipelines.id, pipelineId), pipelineVisibleTo(member)));
  if (!pipeline) throw notFound();
  const totals = pipeline.totals ?? [];
  const rows = await selectRows<DealRow & { column_stage: string }>(db, firstPagesSql(member, pipelineId));

  const byStage = new Map<string, DealRow[]>();
  for (const row of rows) {
    const list = byStage.get(row.column_stage) ?? [];
    list.push(row);
    byStage.set(row.column_stage, list);
  }
  const totalOf = new Map(totals.map((t) => [t.stage, t]));
  return {
    pipelineId,
    columns: pipeline.stages.map((stage) => ({
      stage,
      count: totalOf.get(stage)?.n ?? 0,
      total: Number(totalOf.get(stage)?.total ?? 0),
      page: keysetPage(byStage.get(stage) ?? [], BOARD_PAGE_SIZE, dealKey, toDeal),
    })),
  };
}

interface StageTotal {
  stage: string;
  n: number;
  total: string;
}

/** Each stage's count and total of the pipeline's deals the member sees, from the kept totals. */
export function stageTotalsQuery(db: Pick<Db, 'select'>, member: Member, pipelineId: string) {
  return db
    .select({
      stage: dealStageTotals.stage,
      // Named, so the rows read as JSON (`getBoard`) have these keys.
      n: sql<number>`sum(${dealStageTotals.deals})::int`.as('n'),
      total: sql<string>`sum(${dealStageTotals.value})::text`.as('total'),
    })
    .from(dealStageTotals)
    .where(and(eq(dealStageTotals.pipelineId, pipelineId), visibleTo(dealStageTotals, member)))
    .groupBy(dealStageTotals.stage);
}

/** Every column's first page (and one more row, telling whether there is a next): one index range per stage. */
export function firstPagesSql(member: Member, pipelineId: string): SQL {
  return sql`select s.stage as column_stage, ${dealSelect}
    from pipelines p
    cross join lateral unnest(p.stages) as s(stage)
    cross join lateral (
      select * from deals
      where ${visibleSql(member)} and pipeline_id = ${pipelineId} and stage = s.stage
      order by created_at desc, id desc
      limit ${BOARD_PAGE_SIZE + 1}
    ) d
    ${dealJoins}
    where p.id = ${pipelineId} and p.workspace_id = ${member.workspaceId}
    order by d.created_at desc, d.id desc`;
}
