import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatbotFlow } from '@common/chatbots';
import { analyzeChangedTables } from '../../db/auto-analyze';
import { soloMember } from '../../db/member-scope';
import { chatbotFlows } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { conversationsSql } from './conversations';
import { knowledgeListSql } from './knowledge';
import { listSql } from './service';

// The chatbots list (part 2 §7): the user's flows, newest first, a keyset page at a time.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface FlowPage {
  items: ChatbotFlow[];
  nextCursor: string | null;
}

/** Flows inserted in one statement share created_at to the microsecond. */
const seed = (user: UserClient, names: string[], on: TestApp = t) =>
  on.database.db
    .insert(chatbotFlows)
    .values(
      names.map((name, i) => ({
        userId: user.id,
        workspaceId: user.id,
        name,
        description: `About ${name}`,
        isActive: i % 2 === 0,
      })),
    )
    .returning({ id: chatbotFlows.id, name: chatbotFlows.name });

const list = (user: UserClient, limit?: number, cursor?: string | null) => {
  const params = new URLSearchParams();
  if (limit !== undefined) params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return user.get(`/api/chatbots?${params.toString()}`);
};

async function page(user: UserClient, limit?: number, cursor?: string | null): Promise<FlowPage> {
  const res = await list(user, limit, cursor);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function allPages(user: UserClient, limit: number): Promise<FlowPage[]> {
  const pages = [await page(user, limit)];
  while (pages.at(-1)!.nextCursor) pages.push(await page(user, limit, pages.at(-1)!.nextCursor));
  return pages;
}

describe('chatbot flows list', () => {
  it('answers an empty page for a user without flows', async () => {
    const user = await signUp(t.app, 'empty');
    expect(await page(user)).toEqual({ items: [], nextCursor: null });
  });

  it('lists the user’s flows newest first, with the fields the cards show', async () => {
    const user = await signUp(t.app, 'newest');
    const [old] = await seed(user, ['Old flow']);
    await t.database.db.execute(
      sql`update chatbot_flows set created_at = now() - interval '1 day' where id = ${old!.id}`,
    );
    const [recent] = await seed(user, ['Recent flow']);
    const { items, nextCursor } = await page(user);
    expect(items.map((f) => f.name)).toEqual(['Recent flow', 'Old flow']);
    expect(items[0]).toEqual({
      id: recent!.id,
      name: 'Recent flow',
      description: 'About Recent flow',
      isActive: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      conversationsThisWeek: 0,
    });
    expect(new Date(items[0]!.createdAt) > new Date(items[1]!.createdAt)).toBe(true);
    expect(nextCursor).toBeNull();
  });

  it('counts each flow’s conversations of the last 7 days, previews left out', async () => {
    const user = await signUp(t.app, 'counts');
    const [quiet, busy] = await seed(user, ['Quiet', 'Busy']);
    const at = (chatbotId: string, age: string, preview = false) =>
      t.database.db.execute(
        sql`insert into chatbot_conversations (chatbot_id, workspace_id, user_id, visitor_token_hash, state, preview,
            created_at)
          values (${chatbotId}, ${user.id}, ${user.id}, 'hash', '{}'::jsonb, ${preview}, now() - ${age}::interval)`,
      );
    await at(busy!.id, '1 minute');
    await at(busy!.id, '6 days 23 hours');
    await at(busy!.id, '7 days 1 hour');
    await at(busy!.id, '1 minute', true);
    await at(quiet!.id, '8 days');
    const counts = Object.fromEntries((await page(user)).items.map((f) => [f.name, f.conversationsThisWeek]));
    expect(counts).toEqual({ Quiet: 0, Busy: 2 });
    expect((await user.get(`/api/chatbots/${busy!.id}`)).json().conversationsThisWeek).toBe(2);
  });

  it('walks every flow once across pages, also when all share created_at', async () => {
    const user = await signUp(t.app, 'same');
    const rows = await seed(
      user,
      Array.from({ length: 7 }, (_, i) => `Flow ${i}`),
    );
    const pages = await allPages(user, 3);
    expect(pages.map((p) => p.items.length)).toEqual([3, 3, 1]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    const walked = pages.flatMap((p) => p.items.map((f) => f.id));
    // Equal created_at: the id decides, descending.
    expect(walked).toEqual(rows.map((r) => r.id).sort((a, b) => (a < b ? 1 : -1)));
  });

  it('gives the last page no cursor, also when it is exactly full', async () => {
    const user = await signUp(t.app, 'full');
    await seed(user, ['A', 'B', 'C', 'D']);
    const pages = await allPages(user, 2);
    expect(pages.map((p) => p.items.length)).toEqual([2, 2]);
  });

  it('never lists another user’s flows', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    await seed(ann, ['Ann flow']);
    await seed(bob, ['Bob flow']);
    expect((await page(bob)).items.map((f) => f.name)).toEqual(['Bob flow']);
    expect((await page(ann)).items.map((f) => f.name)).toEqual(['Ann flow']);
  });

  it('refuses another user’s cursor, another list’s and a forged one with 400', async () => {
    const ann = await signUp(t.app, 'cursor-ann');
    const bob = await signUp(t.app, 'cursor-bob');
    await seed(ann, ['Ann 1', 'Ann 2', 'Ann 3']);
    await seed(bob, ['Bob 1']);
    await ann.post('/api/contacts', { name: 'C1' });
    await ann.post('/api/contacts', { name: 'C2' });
    const annCursor = (await page(ann, 1)).nextCursor!;
    const contactsCursor: string = (await ann.get('/api/contacts?limit=1')).json().nextCursor;
    const [, signature] = annCursor.split('.');
    const forged = `${Buffer.from(JSON.stringify(['2000-01-01T00:00:00.000000Z', ann.id])).toString('base64url')}.${signature}`;
    const invalid = { error: 'Invalid cursor', fields: { cursor: 'Invalid cursor' } };
    for (const [user, cursor] of [
      [bob, annCursor],
      [ann, contactsCursor],
      [ann, forged],
      [ann, 'not-a-cursor'],
    ] as const) {
      const res = await list(user, 1, cursor);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toEqual(invalid);
      expect(res.body).not.toContain('Ann');
    }
  });

  it('refuses a bad limit with 400 and the field named', async () => {
    const user = await signUp(t.app, 'limit');
    for (const limit of [0, 201]) {
      const res = await list(user, limit);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['limit']);
    }
  });

  it('asks for a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/chatbots' })).statusCode).toBe(401);
  });
});

describe('chatbot list plans', () => {
  it('reads the first and a deep page of the bots, their knowledge and their conversations by index, without sorting', async () => {
    // A database of its own: other tests' skewed users would sway the planner here.
    const own = await buildTestApp();
    const explain = async (query: SQL) =>
      (await selectRows<{ 'QUERY PLAN': string }>(own.database.db, sql`explain ${query}`))
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    /** The key of the row `offset` rows into a newest-first list. */
    const keyAt = async (table: string, where: SQL, offset: number) =>
      (
        await selectRows<{ key: string; id: string }>(
          own.database.db,
          sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key, id
            from ${sql.raw(table)} where ${where} order by created_at desc, id desc offset ${offset} limit 1`,
        )
      )[0]!;
    try {
      const user = await signUp(own.app, 'plan');
      const other = await signUp(own.app, 'other');
      for (let i = 0; i < 4; i++) {
        await seed(
          user,
          Array.from({ length: 500 }, (_, n) => `Flow ${i}-${n}`),
          own,
        );
        await seed(
          other,
          Array.from({ length: 500 }, (_, n) => `Other ${i}-${n}`),
          own,
        );
      }
      // A few conversations for every bot, and one busy bot with many conversations and knowledge entries.
      await own.database.db.execute(
        sql`insert into chatbot_conversations (chatbot_id, workspace_id, user_id, visitor_token_hash, state, created_at)
          select f.id, f.workspace_id, f.user_id, 'hash', '{}'::jsonb, now() - n * interval '1 day'
          from chatbot_flows f, generate_series(1, 3) n`,
      );
      const [busy] = await selectRows<{ id: string }>(
        own.database.db,
        sql`select id from chatbot_flows where user_id = ${user.id} limit 1`,
      );
      await own.database.db.execute(
        sql`insert into chatbot_conversations (chatbot_id, workspace_id, user_id, visitor_token_hash, state, created_at)
          select ${busy!.id}, ${user.id}, ${user.id}, 'hash', '{}'::jsonb, now() - n * interval '1 minute'
          from generate_series(1, 3000) n`,
      );
      await own.database.db.execute(
        sql`insert into chatbot_knowledge (chatbot_id, workspace_id, user_id, kind, title, body, created_at)
          select f.id, f.workspace_id, f.user_id, 'qa', 'Question', 'Answer', now() - n * interval '1 minute'
          from chatbot_flows f, generate_series(1, case when f.id = ${busy!.id} then 3000 else 1 end) n`,
      );
      const analyzed = new Set<string>();
      await expect
        .poll(
          async () => {
            for (const table of await analyzeChangedTables(own.database.db)) analyzed.add(table);
            return [...analyzed];
          },
          { timeout: 15_000 },
        )
        .toEqual(expect.arrayContaining(['chatbot_conversations', 'chatbot_flows', 'chatbot_knowledge']));

      const flow = await keyAt('chatbot_flows', sql`user_id = ${user.id}`, 1000);
      const conversation = await keyAt('chatbot_conversations', sql`chatbot_id = ${busy!.id}`, 1500);
      const entry = await keyAt('chatbot_knowledge', sql`chatbot_id = ${busy!.id}`, 1500);
      const member = soloMember(user.id);
      const cases: [SQL[], RegExp][] = [
        [
          [listSql(member, { limit: 50, before: null }), listSql(member, { limit: 50, before: [flow.key, flow.id] })],
          /Limit[^\n]*\n\s*->\s+Index Scan using chatbot_flows_workspace_created_idx on chatbot_flows/,
        ],
        [
          [
            conversationsSql(busy!.id, { limit: 50, before: null }),
            conversationsSql(busy!.id, { limit: 50, before: [conversation.key, conversation.id] }),
          ],
          /Limit[^\n]*\n\s*->\s+Index Scan using chatbot_conversations_bot_created_idx on chatbot_conversations/,
        ],
        [
          [
            knowledgeListSql(member, busy!.id, { limit: 50, before: null }),
            knowledgeListSql(member, busy!.id, { limit: 50, before: [entry.key, entry.id] }),
          ],
          /Limit[^\n]*\n\s*->\s+Index Scan using chatbot_knowledge_bot_created_idx on chatbot_knowledge/,
        ],
      ];
      for (const [queries, expected] of cases)
        for (const query of queries) {
          const plan = await explain(query);
          expect(plan, plan).toMatch(expected);
          expect(plan, plan).not.toMatch(/Sort|Seq Scan/);
        }
      // Each bot's count of the week is read through the conversations' index, not by a scan per bot.
      expect(await explain(listSql(member, { limit: 50, before: null }))).toMatch(
        /SubPlan[\s\S]*chatbot_conversations_bot_created_idx/,
      );
    } finally {
      await own.close();
    }
    // A database of its own starts and migrates inside the test: minutes, not seconds, on a busy machine.
  }, 180_000);
});
