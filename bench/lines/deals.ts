// The bench's lines of deals: each request beside the SQL its cheapest server would run (see line.ts).
import { count, type Line, type LineContext } from './line';

/**
 * The board's floor: what the API reads in three queries (the pipeline, each stage's count and total, every
 * column's first page with contact names and next activities), as one statement.
 */
const boardFloorSql = `with totals as (
    select stage, count(*)::int as n, coalesce(sum(value), 0)::text as total
    from deals where workspace_id = $1 and pipeline_id = $2 group by stage
  )
  select s.stage as column_stage, t.n, t.total, d.id, d.name, d.pipeline_id, d.stage, d.value::text as value, d.currency,
    d.expected_close_date::text as expected_close_date, d.contact_id,
    (select c.name from contacts c where c.id = d.contact_id) as contact_name, d.created_at,
    na.id as next_id, na.due_date as next_due
  from pipelines p
  cross join lateral unnest(p.stages) with ordinality as s(stage, ord)
  left join totals t on t.stage = s.stage
  left join lateral (
    select * from deals where workspace_id = $1 and pipeline_id = $2 and stage = s.stage
    order by created_at desc, id desc limit 21
  ) d on true
  left join lateral (
    select a.id, a.due_date from deal_activities a where a.deal_id = d.id and a.status = 'pending'
    order by a.due_date, a.id limit 1
  ) na on true
  where p.id = $2 and p.workspace_id = $1
  order by s.ord, d.created_at desc, d.id desc`;

export function dealLines({ f: { userId, pipelineId }, size, headers }: LineContext): Line[] {
  return [
    {
      name: `GET /api/deals/board (largest pipeline, ${count(size.deals * 0.6)} deals)`,
      target: { method: 'GET', path: `/api/deals/board?pipelineId=${pipelineId}`, headers },
      floorSql: boardFloorSql,
      floorParams: [userId, pipelineId],
    },
  ];
}
