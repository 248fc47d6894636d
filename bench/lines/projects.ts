// The bench's lines of projects: each request beside the SQL its cheapest server would run (see line.ts).
import { sql } from 'drizzle-orm';
import {
  boardCountsSql as projectCountsSql,
  boardFirstPagesSql as projectPagesSql,
} from '../../server/src/modules/projects/service';
import { count, floorOf, jsonRows, type Line, type LineContext } from './line';
import { soloMember } from '../../server/src/db/member-scope';

/** The project board's floor: its three queries (counts, first pages, their task progress) as one statement. */
const projectBoardFloor = (userId: string) =>
  floorOf(sql`with pages as (${projectPagesSql(soloMember(userId))})
    select ${jsonRows(projectCountsSql(soloMember(userId)))} as counts, ${jsonRows(sql`select pages.*, progress.n as task_count,
        progress.done as done_task_count
      from pages left join (
        select project_id, count(*) as n, count(*) filter (where status = 'Done') as done from tasks
        where project_id in (select id from pages) group by project_id
      ) progress on progress.project_id = pages.id`)} as pages`);

export function projectLines({ f: { userId }, size, headers }: LineContext): Line[] {
  return [
    {
      name: `GET /api/projects/board (${count(size.projects)} projects)`,
      target: { method: 'GET', path: '/api/projects/board', headers },
      ...projectBoardFloor(userId),
    },
  ];
}
