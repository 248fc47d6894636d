// The bench's lines of deals: each request beside the SQL its cheapest server would run (see line.ts).
import { sql } from 'drizzle-orm';
import { soloMember } from '../../server/src/db/member-scope';
import { firstPagesSql, stageTotalsQuery } from '../../server/src/modules/deals/board';
import { builder, count, floorOf, jsonRows, type Line, type LineContext } from './line';

/**
 * The board's floor: what the API reads in two queries (the pipeline's stages with each stage's kept count and total,
 * every column's first page with contact names and next activities), as one statement.
 */
const boardFloor = (userId: string, pipelineId: string) =>
  floorOf(sql`select (select stages from pipelines where id = ${pipelineId} and workspace_id = ${userId}) as stages,
    ${jsonRows(stageTotalsQuery(builder, soloMember(userId), pipelineId).getSQL())} as totals,
    ${jsonRows(firstPagesSql(soloMember(userId), pipelineId))} as pages`);

export function dealLines({ f: { userId, pipelineId }, size, headers }: LineContext): Line[] {
  return [
    {
      name: `GET /api/deals/board (largest pipeline, ${count(size.deals * 0.6)} deals)`,
      target: { method: 'GET', path: `/api/deals/board?pipelineId=${pipelineId}`, headers },
      ...boardFloor(userId, pipelineId),
    },
  ];
}
