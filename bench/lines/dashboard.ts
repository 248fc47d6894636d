// The bench's lines of the dashboard: each request beside the SQL its cheapest server would run (see line.ts).
import { sql } from 'drizzle-orm';
import {
  emailAccountsSql,
  pipelineOverviewSql,
  recentTasksSql,
  revenueSql,
  scheduleSql,
  statsSql,
} from '../../server/src/modules/dashboard/queries';
import { revenueMonths } from '../../server/src/modules/dashboard/service';
import { dueRange } from '../../server/src/modules/tasks/filters';
import { floorOf, jsonRows, type Line, type LineContext } from './line';
import { soloMember } from '../../server/src/db/member-scope';

/** The dashboard's floor: its six widget queries as one statement. */
const dashboardFloor = (userId: string) => {
  const now = new Date();
  const { from, to } = dueRange('today', 'UTC', now);
  return floorOf(sql`select (select row_to_json(s) from (${statsSql(soloMember(userId))}) s) as stats,
    ${jsonRows(scheduleSql(soloMember(userId), from, to))} as schedule, ${jsonRows(recentTasksSql(soloMember(userId)))} as recent,
    (select n from (${emailAccountsSql(userId)}) e) as email, ${jsonRows(pipelineOverviewSql(soloMember(userId)))} as overview,
    ${jsonRows(revenueSql(soloMember(userId), revenueMonths('UTC', now)))} as revenue`);
};

export function dashboardLines({ f: { userId }, headers }: LineContext): Line[] {
  return [
    {
      name: 'GET /api/dashboard (summary)',
      target: { method: 'GET', path: '/api/dashboard?tz=UTC', headers },
      ...dashboardFloor(userId),
    },
  ];
}
