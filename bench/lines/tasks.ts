// The bench's lines of tasks: each request beside the SQL its cheapest server would run (see line.ts).
import { sql } from 'drizzle-orm';
import {
  boardCountsOf as taskCounts,
  boardFirstPagesSql as taskPagesSql,
  listSql as taskListSql,
} from '../../server/src/modules/tasks/service';
import { count, floorOf, jsonRows, type Line, type LineContext } from './line';
import { soloMember } from '../../server/src/db/member-scope';

/** The task board's floor: its two queries (each column's kept count, every column's first page) as one statement. */
const taskBoardFloor = (userId: string) => {
  const statuses = ['To Do', 'In Progress', 'Done'] as const;
  const filter = { tz: 'UTC' };
  return floorOf(sql`select ${jsonRows(taskCounts(soloMember(userId), statuses, filter, new Date()))} as counts,
    ${jsonRows(taskPagesSql(soloMember(userId), statuses, filter))} as pages`);
};

export function taskLines({ f: { userId }, size, headers }: LineContext): Line[] {
  return [
    {
      name: `GET /api/tasks/board (${count(size.tasks)} tasks)`,
      target: { method: 'GET', path: '/api/tasks/board', headers },
      ...taskBoardFloor(userId),
    },
    {
      name: 'GET /api/tasks (list, due this week)',
      target: { method: 'GET', path: '/api/tasks?limit=50&due=week&tz=UTC', headers },
      ...floorOf(taskListSql(soloMember(userId), { filter: { due: 'week', tz: 'UTC' }, limit: 50, before: null })),
    },
  ];
}
