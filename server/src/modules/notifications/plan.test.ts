import { sql, type SQLWrapper } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyzeChangedTables } from '../../db/auto-analyze';
import { selectRows } from '../../db/select-rows';
import { buildTestApp, signUp } from '../../test/test-app';
import { overdueInsert } from './overdue';
import { listNotificationsQuery } from './service';

// The overdue reminders' job costs what the rows due in the last day cost, not what the tasks and activities cost:
// it finds them through the partial due-date indexes of open tasks and pending activities. The bell's list reads its
// index unsorted.

const explain = async (db: Parameters<typeof selectRows>[0], query: SQLWrapper) =>
  (await selectRows<{ 'QUERY PLAN': string }>(db, sql`explain ${query}`)).map((row) => row['QUERY PLAN']).join('\n');

describe('notification plans', () => {
  it('find every overdue task and activity through the due-date indexes, and list through the created index', async () => {
    // A database of its own: other tests' skewed users would sway the planner here.
    const own = await buildTestApp();
    try {
      const db = own.database.db;
      const user = await signUp(own.app, 'plan');
      const other = await signUp(own.app, 'other');
      for (const owner of [user, other]) {
        // Years of tasks and activities, owned and assigned, a few in the last day.
        await db.execute(sql`insert into tasks (workspace_id, user_id, assigned_user_id, name, status, due_date)
          select ${owner.id}, ${owner.id}, case when n % 3 = 0 then ${owner.id}::uuid end, 'Task ' || n,
            case when n % 2 = 0 then 'Done' else 'To Do' end, now() - n * interval '1 hour'
          from generate_series(1, 20000) n`);
        await db.execute(
          sql`insert into pipelines (workspace_id, user_id, name) values (${owner.id}, ${owner.id}, 'Plan')`,
        );
        await db.execute(sql`insert into deals (workspace_id, user_id, pipeline_id, name, stage)
          select ${owner.id}, ${owner.id}, p.id, 'Deal ' || n, 'Lead' from pipelines p, generate_series(1, 50) n
          where p.user_id = ${owner.id} and p.name = 'Plan'`);
        await db.execute(sql`insert into deal_activities (deal_id, workspace_id, user_id, assigned_user_id, activity_type, description, due_date)
          select d.id, ${owner.id}, ${owner.id}, ${owner.id}, 'call', 'Call ' || n, now() - n * interval '1 hour'
          from deals d cross join generate_series(1, 200) n where d.user_id = ${owner.id}`);
        await db.execute(sql`insert into notifications (user_id, kind, title, created_at)
          select ${owner.id}, 'form_submission', 'N ' || n, now() - n * interval '1 second'
          from generate_series(1, 2000) n`);
      }
      await expect.poll(() => analyzeChangedTables(db), { timeout: 15_000 }).toContain('deal_activities');
      await analyzeChangedTables(db);

      const insert = await explain(db, overdueInsert(new Date()));
      expect(insert, insert).not.toMatch(/Seq Scan on (tasks|deal_activities)/);
      for (const index of [/tasks_open_due_utc_idx/, /deal_activities_pending_due_utc_idx/]) {
        expect(insert, insert).toMatch(index);
      }

      const list = await explain(db, listNotificationsQuery(db, user.id, { limit: 50, before: null }));
      expect(list, list).toMatch(/Limit[^\n]*\n\s*->\s+Index Scan using notifications_user_created_idx/);
      expect(list, list).not.toMatch(/Sort|Seq Scan|Bitmap Heap Scan/);
    } finally {
      await own.close();
    }
    // A database of its own starts and migrates inside the test: minutes, not seconds, on a busy machine.
  }, 180_000);
});
