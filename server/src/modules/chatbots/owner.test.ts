import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockOf, FlowDefinition } from '@common/chatbot-flow';
import { answerThenCaptureTemplate } from '@common/chatbot-templates';
import { chatbotMessages, type ChatbotDetail } from '@common/chatbots';
import { selectRows } from '../../db/select-rows';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { seedConversation } from '../../test/chatbot-conversations';

// The owner's chatbot (issue "AI chatbot"): made from the template, edited, published, deleted; another user's
// answers 404 and changes nothing.

let t: TestApp;
let ann: UserClient;
let bob: UserClient;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  bob = await signUp(t.app, 'bob');
});
afterAll(() => t.close());

const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

async function create(user: UserClient, name = 'Helper', description: string | null = 'Answers questions') {
  const res = await user.post('/api/chatbots', { name, description });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ChatbotDetail>();
}

const row = async (id: string) =>
  (
    await selectRows<{
      name: string;
      is_active: boolean;
      draft_flow: unknown;
      published_flow: unknown;
      updated_at: string;
    }>(
      t.database.db,
      sql`select name, is_active, draft_flow, published_flow, updated_at::text from chatbot_flows where id = ${id}`,
    )
  )[0];

/** The template with its Capture Lead adding a deal. */
function withDeal(pipelineId: string, stage: string): FlowDefinition {
  const flow = answerThenCaptureTemplate();
  const capture = flow.groups[1]!.blocks.find((block) => block.id === 'capture') as BlockOf<'captureLead'>;
  capture.deal = { pipelineId, stage };
  return flow;
}

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

describe('publishing a chatbot', () => {
  it('copies the draft to what visitors run, and tells a changed draft by its content', async () => {
    const bot = await create(ann);
    const res = await ann.post(`/api/chatbots/${bot.id}/publish`);
    expect(res.statusCode, res.body).toBe(200);
    const published = res.json<ChatbotDetail>();
    expect(published).toMatchObject({ publishedAt: iso, hasUnpublishedChanges: false, draftFlow: bot.draftFlow });
    const stored = await row(bot.id);
    expect(stored!.published_flow).toEqual(stored!.draft_flow);

    const changed = { ...answerThenCaptureTemplate(), settings: { maxAiAnswers: 3 } };
    expect((await ann.patch(`/api/chatbots/${bot.id}`, { draftFlow: changed })).json().hasUnpublishedChanges).toBe(
      true,
    );
    // The same flow again, its keys in another order: no change to publish.
    const reordered = Object.fromEntries(Object.entries(answerThenCaptureTemplate()).reverse());
    const back = await ann.patch(`/api/chatbots/${bot.id}`, { draftFlow: reordered });
    expect(back.json().hasUnpublishedChanges).toBe(false);
    expect((await row(bot.id))!.published_flow).toEqual(answerThenCaptureTemplate());
  });

  it('refuses a draft with problems (422), lists them by block, and changes nothing', async () => {
    const bot = await create(ann);
    const draft = { ...answerThenCaptureTemplate(), start: null };
    (draft.groups[1]!.blocks[0] as BlockOf<'ask'>).variable = null;
    await ann.patch(`/api/chatbots/${bot.id}`, { draftFlow: draft });
    const before = await row(bot.id);
    const res = await ann.post(`/api/chatbots/${bot.id}/publish`, {});
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.error).toBe(chatbotMessages.cannotPublish);
    expect(body.problems).toContainEqual({ blockId: null, message: 'Choose the block the conversation starts with.' });
    expect(body.problems).toContainEqual({
      blockId: 'ask-name',
      message: 'The Ask block “Your name” has no variable to store the answer in.',
    });
    expect(await row(bot.id)).toEqual(before);
  });

  it('holds a Capture Lead’s deal to one of the owner’s pipelines and its stages', async () => {
    const bot = await create(ann);
    const own = (await ann.post('/api/pipelines', { name: 'Sales' })).json<{ id: string; stages: string[] }>();
    const bobs = (await bob.post('/api/pipelines', { name: 'Bob sales' })).json<{ id: string }>();
    const cases: [FlowDefinition, string | null][] = [
      [
        withDeal(bobs.id, 'Lead'),
        'The Capture Lead block “Save the lead” adds the deal to a pipeline you do not have.',
      ],
      [
        withDeal(own.id, 'Nowhere'),
        'The Capture Lead block “Save the lead” adds the deal at the stage “Nowhere”, which the pipeline “Sales” does not have.',
      ],
      [withDeal(own.id, own.stages[1]!), null],
    ];
    for (const [draftFlow, problem] of cases) {
      expect((await ann.patch(`/api/chatbots/${bot.id}`, { draftFlow })).statusCode).toBe(200);
      const res = await ann.post(`/api/chatbots/${bot.id}/publish`);
      if (problem === null) {
        expect(res.statusCode, res.body).toBe(200);
        expect((await row(bot.id))!.published_flow).toEqual(draftFlow);
      } else {
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().problems).toEqual([{ blockId: 'capture', message: problem }]);
        expect((await row(bot.id))!.published_flow).toBeNull();
      }
    }
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

describe('another user’s chatbot', () => {
  it('answers 404 on every route and changes nothing', async () => {
    const bot = await create(ann, 'Private bot');
    const entry = (
      await ann.post(`/api/chatbots/${bot.id}/knowledge`, { kind: 'qa', title: 'Secret?', body: 'Yes' })
    ).json<{ id: string }>();
    const conversationId = await seedConversation(t.database.db, {
      chatbotId: bot.id,
      userId: ann.id,
      visitorName: 'Visitor',
      messages: [{ role: 'visitor', text: 'Hello' }],
    });
    const bobsBot = await create(bob, 'Bob bot');
    const before = {
      bot: (await ann.get(`/api/chatbots/${bot.id}`)).json(),
      knowledge: (await ann.get(`/api/chatbots/${bot.id}/knowledge`)).json(),
      conversation: (await ann.get(`/api/chatbots/${bot.id}/conversations/${conversationId}`)).json(),
    };
    const entryBody = { kind: 'qa', title: 'Hijacked', body: 'Hijacked' };
    const calls = [
      bob.get(`/api/chatbots/${bot.id}`),
      bob.patch(`/api/chatbots/${bot.id}`, { name: 'Hijacked' }),
      bob.post(`/api/chatbots/${bot.id}/publish`),
      bob.get(`/api/chatbots/${bot.id}/knowledge`),
      bob.post(`/api/chatbots/${bot.id}/knowledge`, entryBody),
      bob.patch(`/api/chatbots/${bot.id}/knowledge/${entry.id}`, entryBody),
      bob.delete(`/api/chatbots/${bot.id}/knowledge/${entry.id}`),
      // Ann's entry and conversation under Bob's own bot.
      bob.patch(`/api/chatbots/${bobsBot.id}/knowledge/${entry.id}`, entryBody),
      bob.delete(`/api/chatbots/${bobsBot.id}/knowledge/${entry.id}`),
      bob.get(`/api/chatbots/${bot.id}/conversations`),
      bob.get(`/api/chatbots/${bot.id}/conversations/${conversationId}`),
      bob.get(`/api/chatbots/${bobsBot.id}/conversations/${conversationId}`),
      bob.delete(`/api/chatbots/${bot.id}`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain('Private');
      expect(res.body).not.toContain('Secret');
    }
    expect({
      bot: (await ann.get(`/api/chatbots/${bot.id}`)).json(),
      knowledge: (await ann.get(`/api/chatbots/${bot.id}/knowledge`)).json(),
      conversation: (await ann.get(`/api/chatbots/${bot.id}/conversations/${conversationId}`)).json(),
    }).toEqual(before);
    expect((await bob.get(`/api/chatbots/${bobsBot.id}/knowledge`)).json().items).toEqual([]);
  });

  it('answers a malformed or unknown id with 404', async () => {
    for (const url of ['/api/chatbots/x', '/api/chatbots/00000000-0000-0000-0000-000000000000']) {
      expect((await ann.get(url)).statusCode).toBe(404);
      expect((await ann.patch(url, { name: 'x' })).statusCode).toBe(404);
      expect((await ann.post(`${url}/publish`)).statusCode).toBe(404);
      expect((await ann.delete(url)).statusCode).toBe(404);
    }
  });
});
