import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotMessages, type KnowledgeEntry } from '@common/chatbots';
import { selectRows } from '../../db/select-rows';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

// A bot's knowledge (issue "AI chatbot"): entries written with their passages in one transaction, listed newest
// first a keyset page at a time.

let t: TestApp;
let ann: UserClient;
let botId: string;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  botId = (await ann.post('/api/chatbots', { name: 'Helper' })).json().id;
});
afterAll(() => t.close());

const url = (bot = botId) => `/api/chatbots/${bot}/knowledge`;

const passagesOf = (knowledgeId: string) =>
  selectRows<{ title: string; text: string; position: number; chatbot_id: string; user_id: string }>(
    t.database.db,
    sql`select title, text, position, chatbot_id, user_id from chatbot_passages
      where knowledge_id = ${knowledgeId} order by position`,
  );

/** A document of `n` paragraphs of about 600 characters: one passage each. */
const document = (n: number, word = 'pricing') =>
  Array.from({ length: n }, (_, i) => `${`${word} ${i} `.repeat(60).trim()}.`).join('\n\n');

describe('knowledge entries', () => {
  it('stores a question and answer as one passage, question first', async () => {
    const res = await ann.post(url(), { kind: 'qa', title: ' When are you open? ', body: 'Monday to Friday, 9 to 5.' });
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json<KnowledgeEntry>();
    expect(entry).toEqual({
      id: expect.any(String),
      kind: 'qa',
      title: 'When are you open?',
      body: 'Monday to Friday, 9 to 5.',
      passages: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await passagesOf(entry.id)).toEqual([
      {
        title: 'When are you open?',
        text: 'When are you open?\n\nMonday to Friday, 9 to 5.',
        position: 0,
        chatbot_id: botId,
        user_id: ann.id,
      },
    ]);
  });

  it('cuts a document into passages that full-text search finds, and replaces them when it is edited', async () => {
    const created = (await ann.post(url(), { kind: 'document', title: 'Price list', body: document(3) })).json();
    expect(created.passages).toBe(3);
    expect((await passagesOf(created.id)).map((p) => [p.title, p.position])).toEqual([
      ['Price list', 0],
      ['Price list', 1],
      ['Price list', 2],
    ]);
    // English stemming: "prices" finds "pricing"'s passages through the title ("Price").
    const found = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from chatbot_passages
        where knowledge_id = ${created.id} and search @@ websearch_to_tsquery('english', 'prices')`,
    );
    expect(found[0]!.n).toBe(3);

    const res = await ann.patch(`${url()}/${created.id}`, {
      kind: 'document',
      title: 'Delivery',
      body: document(2, 'shipping'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, title: 'Delivery', passages: 2, createdAt: created.createdAt });
    const passages = await passagesOf(created.id);
    expect(passages.map((p) => [p.title, p.position])).toEqual([
      ['Delivery', 0],
      ['Delivery', 1],
    ]);
    expect(passages.every((p) => p.text.startsWith('shipping'))).toBe(true);
  });

  it('deletes an entry with its passages', async () => {
    const entry = (await ann.post(url(), { kind: 'qa', title: 'Parking?', body: 'Behind the shop.' })).json();
    expect((await ann.delete(`${url()}/${entry.id}`)).statusCode).toBe(204);
    expect(await passagesOf(entry.id)).toEqual([]);
    expect((await ann.delete(`${url()}/${entry.id}`)).statusCode).toBe(404);
    const gone = await ann.patch(`${url()}/${entry.id}`, { kind: 'qa', title: 'Parking?', body: 'Nowhere.' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe(chatbotMessages.knowledgeNotFound);
  });

  it('refuses bad entries with 400 and the field named, storing nothing', async () => {
    const bot = (await ann.post('/api/chatbots', { name: 'Empty' })).json().id;
    const entry = (await ann.post(url(bot), { kind: 'qa', title: 'Kept?', body: 'Yes.' })).json();
    for (const [body, field, message] of [
      [{ kind: 'video', title: 'x', body: 'y' }, 'kind', 'Choose a question and answer or a document'],
      [{ kind: 'qa', title: '  ', body: 'y' }, 'title', 'Title is required'],
      [{ kind: 'qa', title: 'x', body: '' }, 'body', 'Text is required'],
      [{ kind: 'qa', title: 'x'.repeat(201), body: 'y' }, 'title', 'Must be at most 200 characters'],
      [{ kind: 'document', title: 'x', body: 'y'.repeat(100_001) }, 'body', 'Must be at most 100,000 characters'],
    ] as const) {
      for (const res of [await ann.post(url(bot), body), await ann.patch(`${url(bot)}/${entry.id}`, body)]) {
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.json().fields[field]).toBe(message);
      }
    }
    const page = (await ann.get(url(bot))).json();
    expect(page.items.map((e: KnowledgeEntry) => [e.title, e.body, e.passages])).toEqual([['Kept?', 'Yes.', 1]]);
  });

  it('takes a document of the largest size', async () => {
    const body = document(160).slice(0, 100_000);
    const res = await ann.post(url(), { kind: 'document', title: 'Handbook', body });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(201);
    const passages = await passagesOf(res.json().id);
    expect(passages.length).toBe(res.json().passages);
    expect(passages.every((p) => p.text.length <= 1000)).toBe(true);
  });
});

describe('knowledge list', () => {
  it('walks every entry once, newest first, a page at a time, and refuses another bot’s cursor', async () => {
    const bot = (await ann.post('/api/chatbots', { name: 'Paged' })).json().id;
    const other = (await ann.post('/api/chatbots', { name: 'Other' })).json().id;
    // Five in one statement (the same created_at), then two later ones.
    await t.database.db.execute(
      sql`insert into chatbot_knowledge (chatbot_id, workspace_id, user_id, kind, title, body, created_at)
        select ${bot}, ${ann.id}, ${ann.id}, 'qa', 'Old ' || n, 'Answer', now() - interval '1 day' from generate_series(1, 5) n`,
    );
    for (const title of ['Newer', 'Newest']) await ann.post(url(bot), { kind: 'qa', title, body: 'Answer' });
    await ann.post(url(other), { kind: 'qa', title: 'Not this bot', body: 'Answer' });

    const pages: { items: KnowledgeEntry[]; nextCursor: string | null }[] = [];
    let cursor: string | null = null;
    do {
      const res = await ann.get(`${url(bot)}?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      pages.push(res.json());
      cursor = pages.at(-1)!.nextCursor;
    } while (cursor);
    expect(pages.map((p) => p.items.length)).toEqual([3, 3, 1]);
    const titles = pages.flatMap((p) => p.items.map((e) => e.title));
    expect(titles.slice(0, 2)).toEqual(['Newest', 'Newer']);
    expect(new Set(titles).size).toBe(7);
    expect(titles).not.toContain('Not this bot');

    const first = (await ann.get(`${url(bot)}?limit=1`)).json().nextCursor;
    const res = await ann.get(`${url(other)}?limit=1&cursor=${first}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Invalid cursor');
  });
});
