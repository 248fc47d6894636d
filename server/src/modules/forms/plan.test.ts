import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyzeChangedTables } from '../../db/auto-analyze';
import { soloMember } from '../../db/member-scope';
import { selectRows } from '../../db/select-rows';
import { buildTestApp, signUp } from '../../test/test-app';
import { listFormsQuery } from './service';
import { submissionsQuery } from './submissions';

// The forms list and a form's submissions are read a keyset page at a time through their indexes, never sorted,
// however many rows the workspace has (docs/adding-an-area.md, "Lists").

const explain = async (db: Parameters<typeof selectRows>[0], query: SQLWrapper) =>
  (await selectRows<{ 'QUERY PLAN': string }>(db, sql`explain ${query}`)).map((row) => row['QUERY PLAN']).join('\n');

describe('forms list plans', () => {
  it('read the first and a deep page of forms and of submissions through their indexes without sorting', async () => {
    // A database of its own: other tests' skewed users would sway the planner here.
    const own = await buildTestApp();
    try {
      const db = own.database.db;
      const user = await signUp(own.app, 'plan');
      const other = await signUp(own.app, 'other');
      for (const owner of [user, other]) {
        await db.execute(sql`insert into forms (workspace_id, user_id, name, created_at)
          select ${owner.id}, ${owner.id}, 'Form ' || n, now() - n * interval '1 second' from generate_series(1, 2000) n`);
      }
      const [form] = await selectRows<{ id: string }>(
        db,
        sql`select id from forms where user_id = ${user.id} order by created_at desc limit 1`,
      );
      // Every form has a few submissions over the same hours as the busy one's 2,000.
      await db.execute(sql`insert into form_submissions (form_id, workspace_id, user_id, data, created_at)
        select f.id, f.workspace_id, f.user_id, '{}'::jsonb, now() - random() * interval '4000 seconds'
        from forms f cross join generate_series(1, 3) n`);
      await db.execute(sql`insert into form_submissions (form_id, workspace_id, user_id, data, created_at)
        select ${form!.id}, ${user.id}, ${user.id}, '{}'::jsonb, now() - n * interval '1 second' from generate_series(1, 2000) n`);
      await expect.poll(() => analyzeChangedTables(db), { timeout: 15_000 }).toContain('form_submissions');
      await analyzeChangedTables(db);

      const key = (table: string, where: SQL) =>
        selectRows<{ key: string; id: string }>(
          db,
          sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key, id
            from ${sql.raw(table)} where ${where} order by created_at desc, id desc offset 1000 limit 1`,
        );
      const [deepForm] = await key('forms', sql`user_id = ${user.id}`);
      const [deepSubmission] = await key('form_submissions', sql`form_id = ${form!.id}`);
      const member = soloMember(user.id);
      const cases: Array<[string, SQLWrapper]> = [
        ['forms_workspace_created_idx', listFormsQuery(db, member, { limit: 50, before: null })],
        [
          'forms_workspace_created_idx',
          listFormsQuery(db, member, { limit: 50, before: [deepForm!.key, deepForm!.id] }),
        ],
        ['form_submissions_form_created_idx', submissionsQuery(db, member, form!.id, 51, null)],
        [
          'form_submissions_form_created_idx',
          submissionsQuery(db, member, form!.id, 51, [deepSubmission!.key, deepSubmission!.id]),
        ],
      ];
      for (const [index, query] of cases) {
        const plan = await explain(db, query);
        expect(plan, plan).toMatch(new RegExp(`Limit[^\\n]*\\n\\s*->\\s+Index Scan using ${index}`));
        expect(plan, plan).not.toMatch(/Sort|Seq Scan|Bitmap Heap Scan/);
      }
    } finally {
      await own.close();
    }
    // A database of its own starts and migrates inside the test: minutes, not seconds, on a busy machine.
  }, 180_000);
});
