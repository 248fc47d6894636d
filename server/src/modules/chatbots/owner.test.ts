import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockOf } from '@common/chatbot-flow';
import { answerThenCaptureTemplate } from '@common/chatbot-templates';
import { chatbotMessages, type ChatbotDetail } from '@common/chatbots';
import { selectRows } from '../../db/select-rows';
import { chatbotRow, create, iso } from '../../test/chatbot-owner-kit';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { seedConversation } from '../../test/chatbot-conversations';

// The owner's chatbot (issue "AI chatbot"): made from the template, edited, deleted. Publishing:
// owner-publish.test.ts; another user's chatbot: owner-isolation.test.ts.

let t: TestApp;
let ann: UserClient;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
});
afterAll(() => t.close());

const row = (id: string) => chatbotRow(t.database.db, id);

describe('making a chatbot', () => {
  it('starts a new bot from the template, off and unpublished', async () => {
    const bot = await create(ann, '  Helper  ', 'Answers questions');
    expect(bot).toEqual({
      id: expect.any(String),
      name: 'Helper',
      description: 'Answers questions',
      isActive: false,
      createdAt: iso,
      conversationsThisWeek: 0,
      draftFlow: answerThenCaptureTemplate(),
      publishedAt: null,
      hasUnpublishedChanges: true,
      answerOnlyFromKnowledge: true,
      maxAiAnswersPerDay: 200,
      aiError: null,
      updatedAt: iso,
    });
    expect((await ann.get(`/api/chatbots/${bot.id}`)).json()).toEqual(bot);
    expect((await row(bot.id))!.published_flow).toBeNull();
    expect((await ann.get('/api/chatbots')).json().items.map((b: { id: string }) => b.id)).toContain(bot.id);
  });

  it('refuses a missing, blank or long name with 400 and stores nothing', async () => {
    const user = await signUp(t.app, 'names');
    for (const [body, message] of [
      [{}, 'Invalid input: expected string, received undefined'],
      [{ name: '   ' }, chatbotMessages.nameRequired],
      [{ name: 'x'.repeat(101) }, 'Must be at most 100 characters'],
      [{ name: 'Fine', description: 'x'.repeat(501) }, 'Must be at most 500 characters'],
    ] as const) {
      const res = await user.post('/api/chatbots', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.values(res.json().fields)).toEqual([message]);
    }
    expect((await user.get('/api/chatbots')).json().items).toEqual([]);
  });
});

describe('editing a chatbot', () => {
  it('changes the fields given, keeps the others and moves updatedAt', async () => {
    const bot = await create(ann);
    await t.database.db.execute(
      sql`update chatbot_flows set updated_at = now() - interval '1 hour' where id = ${bot.id}`,
    );
    const before = (await ann.get(`/api/chatbots/${bot.id}`)).json<ChatbotDetail>();
    const res = await ann.patch(`/api/chatbots/${bot.id}`, {
      name: 'Front desk',
      description: '',
      answerOnlyFromKnowledge: false,
      maxAiAnswersPerDay: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<ChatbotDetail>();
    expect(after).toEqual({
      ...before,
      name: 'Front desk',
      description: null,
      answerOnlyFromKnowledge: false,
      maxAiAnswersPerDay: 0,
      updatedAt: iso,
    });
    expect(new Date(after.updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());
    expect((await ann.get(`/api/chatbots/${bot.id}`)).json()).toEqual(after);
  });

  it('saves a draft the flow schema accepts, unfinished or not', async () => {
    const bot = await create(ann);
    const draft = { ...answerThenCaptureTemplate(), start: null, edges: [] };
    const res = await ann.patch(`/api/chatbots/${bot.id}`, { draftFlow: draft });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().draftFlow).toEqual(draft);
    expect((await row(bot.id))!.draft_flow).toEqual(draft);
  });

  it('stores a lone surrogate in a draft’s text as U+FFFD, which jsonb takes', async () => {
    const bot = await create(ann);
    const flow = answerThenCaptureTemplate();
    (flow.groups[0]!.blocks[0] as BlockOf<'message'>).text = 'Hi \ud800 there \\ud800 😀';
    const res = await ann.patch(`/api/chatbots/${bot.id}`, { draftFlow: flow });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().draftFlow.groups[0].blocks[0].text).toBe('Hi \ufffd there \\ud800 😀');
  });

  it('refuses a draft the flow schema does not accept, naming each problem’s place, and keeps the old one', async () => {
    const bot = await create(ann);
    const flow = answerThenCaptureTemplate();
    (flow.groups[0]!.blocks[0] as BlockOf<'message'>).text = 'x'.repeat(2001);
    for (const [draftFlow, fields] of [
      [flow, { 'draftFlow.groups.0.blocks.0.text': 'Must be at most 2000 characters' }],
      [{ ...flow, version: 2 }, { draftFlow: undefined }],
      ['a flow', { draftFlow: undefined }],
      [null, { draftFlow: undefined }],
    ] as const) {
      const res = await ann.patch(`/api/chatbots/${bot.id}`, { draftFlow, name: 'Changed too' });
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      expect(body.error).toBeTypeOf('string');
      for (const [key, message] of Object.entries(fields))
        if (message) expect(body.fields[key]).toBe(message);
        else expect(Object.keys(body.fields).some((field) => field.startsWith(key))).toBe(true);
    }
    const stored = await row(bot.id);
    expect(stored!.draft_flow).toEqual(answerThenCaptureTemplate());
    expect(stored!.name).toBe('Helper');
  });

  it('refuses bad settings with 400 and the field named', async () => {
    const bot = await create(ann);
    for (const body of [
      { maxAiAnswersPerDay: -1 },
      { maxAiAnswersPerDay: 100_001 },
      { maxAiAnswersPerDay: 1.5 },
      { isActive: 'yes' },
      { answerOnlyFromKnowledge: null },
      { name: '' },
    ]) {
      const res = await ann.patch(`/api/chatbots/${bot.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(Object.keys(body));
    }
    expect((await ann.get(`/api/chatbots/${bot.id}`)).json()).toEqual(bot);
  });

  it('will not turn on a bot that was never published, and turns on a published one', async () => {
    const bot = await create(ann);
    const refused = await ann.patch(`/api/chatbots/${bot.id}`, { isActive: true, name: 'Not saved' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error: chatbotMessages.publishBeforeActivating,
      fields: { isActive: chatbotMessages.publishBeforeActivating },
    });
    expect(await row(bot.id)).toMatchObject({ is_active: false, name: 'Helper' });
    expect((await ann.post(`/api/chatbots/${bot.id}/publish`)).statusCode).toBe(200);
    const on = await ann.patch(`/api/chatbots/${bot.id}`, { isActive: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().isActive).toBe(true);
    expect((await ann.patch(`/api/chatbots/${bot.id}`, { isActive: false })).json().isActive).toBe(false);
  });
});
describe('deleting a chatbot', () => {
  it('takes its knowledge, passages, conversations and transcripts with it', async () => {
    const bot = await create(ann);
    const entry = await ann.post(`/api/chatbots/${bot.id}/knowledge`, { kind: 'qa', title: 'Hours?', body: '9 to 5' });
    expect(entry.statusCode, entry.body).toBe(201);
    await seedConversation(t.database.db, {
      chatbotId: bot.id,
      userId: ann.id,
      messages: [{ role: 'visitor', text: 'Hello' }],
    });
    const counts = async () =>
      (
        await selectRows<{ n: number }>(
          t.database.db,
          sql`select (select count(*) from chatbot_knowledge where chatbot_id = ${bot.id})
            + (select count(*) from chatbot_passages where chatbot_id = ${bot.id})
            + (select count(*) from chatbot_conversations where chatbot_id = ${bot.id})
            + (select count(*) from chatbot_messages m join chatbot_conversations c on c.id = m.conversation_id
                where c.chatbot_id = ${bot.id}) as n`,
        )
      )[0]!.n;
    expect(Number(await counts())).toBe(4);
    const res = await ann.delete(`/api/chatbots/${bot.id}`);
    expect(res.statusCode).toBe(204);
    expect(Number(await counts())).toBe(0);
    expect((await ann.get(`/api/chatbots/${bot.id}`)).statusCode).toBe(404);
    expect((await ann.delete(`/api/chatbots/${bot.id}`)).statusCode).toBe(404);
  });
});
