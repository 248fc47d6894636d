import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotMessages, type ConversationSummary } from '@common/chatbots';
import { selectRows } from '../../db/select-rows';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { seedConversation } from '../../test/chatbot-conversations';

// A bot's conversations as its owner reads them (issue "AI chatbot"): newest first by keyset, searchable, each with
// its transcript and what it produced. The visitor's side writes them; here they are stored directly.

let t: TestApp;
let ann: UserClient;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
});
afterAll(() => t.close());

const newBot = async (user: UserClient, name = 'Helper'): Promise<string> =>
  (await user.post('/api/chatbots', { name })).json<{ id: string }>().id;

interface Page {
  items: ConversationSummary[];
  nextCursor: string | null;
}

async function list(botId: string, query = ''): Promise<Page> {
  const res = await ann.get(`/api/chatbots/${botId}/conversations${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('a bot’s conversations', () => {
  it('lists them newest first, previews left out', async () => {
    const bot = await newBot(ann);
    const old = await seedConversation(t.database.db, {
      chatbotId: bot,
      userId: ann.id,
      ageSeconds: 3600,
      visitorName: 'Old',
    });
    const recent = await seedConversation(t.database.db, {
      chatbotId: bot,
      userId: ann.id,
      ageSeconds: 60,
      visitorName: 'Recent',
      visitorEmail: 'recent@example.com',
      finished: true,
    });
    await seedConversation(t.database.db, { chatbotId: bot, userId: ann.id, preview: true, visitorName: 'Preview' });
    const page = await list(bot);
    expect(page.items.map((c) => c.id)).toEqual([recent, old]);
    expect(page.items[0]).toEqual({
      id: recent,
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.stringMatching(/Z$/),
      visitorName: 'Recent',
      visitorEmail: 'recent@example.com',
      finished: true,
      contactId: null,
      dealId: null,
      bookingId: null,
    });
    expect(page.items[1]!.finished).toBe(false);
    expect(page.nextCursor).toBeNull();
  });

  it('walks every conversation once across pages, also when they share created_at', async () => {
    const bot = await newBot(ann);
    await t.database.db.execute(
      sql`insert into chatbot_conversations (chatbot_id, workspace_id, user_id, visitor_token_hash, state, visitor_name)
        select ${bot}, ${ann.id}, ${ann.id}, 'hash', '{"finished":false}'::jsonb, 'Same ' || n from generate_series(1, 5) n`,
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const page: Page = await list(bot, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      sizes.push(page.items.length);
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([2, 2, 1]);
    expect(new Set(seen).size).toBe(5);
    const other = await newBot(ann, 'Other');
    const first = (await list(bot, '?limit=1')).nextCursor!;
    const res = await ann.get(`/api/chatbots/${other}/conversations?cursor=${first}`);
    expect(res.statusCode).toBe(400);
  });

  it('finds conversations by a word of the transcript or the visitor’s name or e-mail', async () => {
    const bot = await newBot(ann);
    const refund = await seedConversation(t.database.db, {
      chatbotId: bot,
      userId: ann.id,
      ageSeconds: 30,
      messages: [
        { role: 'bot', text: 'Hi! What would you like to know?' },
        { role: 'visitor', text: 'Can I get a refund for my order?' },
      ],
    });
    const named = await seedConversation(t.database.db, {
      chatbotId: bot,
      userId: ann.id,
      ageSeconds: 20,
      visitorName: 'Zoë Müller',
      visitorEmail: 'zoe_100%@example.com',
      messages: [{ role: 'visitor', text: 'Opening hours?' }],
    });
    await seedConversation(t.database.db, {
      chatbotId: bot,
      userId: ann.id,
      preview: true,
      messages: [{ role: 'visitor', text: 'refund please' }],
    });
    const ids = async (q: string) => (await list(bot, `?q=${encodeURIComponent(q)}`)).items.map((c) => c.id);
    expect(await ids('refund')).toEqual([refund]);
    expect(await ids('REFUND order')).toEqual([refund]);
    expect(await ids('"my order"')).toEqual([refund]);
    expect(await ids('refund -order')).toEqual([]);
    expect(await ids('müller')).toEqual([named]);
    expect(await ids('100%')).toEqual([named]);
    expect(await ids('_100')).toEqual([named]);
    expect(await ids('%')).toEqual([named]);
    expect(await ids('nothing like it')).toEqual([]);
    // Search syntax that to_tsquery would refuse is words to websearch_to_tsquery.
    for (const q of ['refund & | !', '(((', "'", ':*', '<->'])
      expect((await list(bot, `?q=${encodeURIComponent(q)}`)).items).toBeDefined();
    const long = await ann.get(`/api/chatbots/${bot}/conversations?q=${'x'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.q).toBe('Must be at most 200 characters');
  });
});

describe('one conversation', () => {
  it('shows the transcript in order, the variables and the contact, deal and booking it produced', async () => {
    const bot = await newBot(ann);
    const contact = (await ann.post('/api/contacts', { name: 'Zoë Müller', email: 'zoe@example.com' })).json();
    const pipeline = (await ann.post('/api/pipelines', { name: 'Sales' })).json();
    const deal = (
      await ann.post('/api/deals', { name: 'Helper – Zoë', pipelineId: pipeline.id, stage: 'Lead' })
    ).json();
    const start = '2031-03-04T10:00:00.000Z';
    const [booking] = await selectRows<{ id: string }>(
      t.database.db,
      sql`insert into bookings (user_id, booker_name, booker_email, scheduled_start_time, scheduled_end_time)
        values (${ann.id}, 'Zoë', 'zoe@example.com', ${start}, ${'2031-03-04T10:30:00.000Z'}) returning id`,
    );
    const id = await seedConversation(t.database.db, {
      chatbotId: bot,
      userId: ann.id,
      visitorName: 'Zoë Müller',
      visitorEmail: 'zoe@example.com',
      variables: { name: 'Zoë Müller', email: 'zoe@example.com' },
      finished: true,
      contactId: contact.id,
      dealId: deal.id,
      bookingId: booking!.id,
      messages: [
        { role: 'bot', text: 'What would you like to know?' },
        { role: 'visitor', text: 'How much is it?' },
        { role: 'bot', text: 'It costs 10 € a month.', sources: ['Price list'] },
      ],
    });
    const res = await ann.get(`/api/chatbots/${bot}/conversations/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      id,
      visitorName: 'Zoë Müller',
      finished: true,
      variables: { name: 'Zoë Müller', email: 'zoe@example.com' },
      contact: { id: contact.id, name: 'Zoë Müller' },
      deal: { id: deal.id, name: 'Helper – Zoë' },
      booking: { id: booking!.id, start },
    });
    expect(
      detail.messages.map((m: { role: string; text: string; sources: string[] }) => [m.role, m.text, m.sources]),
    ).toEqual([
      ['bot', 'What would you like to know?', []],
      ['visitor', 'How much is it?', []],
      ['bot', 'It costs 10 € a month.', ['Price list']],
    ]);
    expect(detail.messages[0].createdAt < detail.messages[2].createdAt).toBe(true);

    // The deal deleted since: the conversation shows none.
    expect((await ann.delete(`/api/deals/${deal.id}`)).statusCode).toBe(204);
    const after = (await ann.get(`/api/chatbots/${bot}/conversations/${id}`)).json();
    expect(after).toMatchObject({ dealId: null, deal: null, contact: { id: contact.id } });
  });

  it('answers 404 for an unknown, another bot’s or a preview conversation', async () => {
    const bot = await newBot(ann);
    const other = await newBot(ann, 'Other');
    const id = await seedConversation(t.database.db, { chatbotId: bot, userId: ann.id });
    const preview = await seedConversation(t.database.db, { chatbotId: bot, userId: ann.id, preview: true });
    for (const url of [
      `/api/chatbots/${other}/conversations/${id}`,
      `/api/chatbots/${bot}/conversations/${preview}`,
      `/api/chatbots/${bot}/conversations/00000000-0000-0000-0000-000000000000`,
    ]) {
      const res = await ann.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(chatbotMessages.conversationNotFound);
    }
    expect((await ann.get(`/api/chatbots/${bot}/conversations/x`)).statusCode).toBe(404);
  });
});
