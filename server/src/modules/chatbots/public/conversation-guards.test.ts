import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotTexts } from '@common/chatbot-state';
import { aiAnswer } from '../../../test/chatbot-flows';
import { chatbotMessages, type ChatTurn } from '@common/chatbots';
import { chatbotConversations, chatbotFlows, chatbotMessages as messageRows } from '../../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../../test/test-app';
import {
  askEmail,
  askName,
  chainFlow,
  insertBot,
  resumeRequest,
  say,
  send,
  start,
  startRequest,
  texts,
  theEnd,
} from '../../../test/chatbot-kit';

// The visitor's side of a chatbot: a conversation resumed by its token, and who may reach which conversation;
// input the conversation does not wait for; the limits. A conversation led to a lead and the owner's Preview:
// conversation.test.ts.

let t: TestApp;
let owner: UserClient;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app, 'olga');
});
afterAll(() => t.close());

const db = () => t.database.db;
const resume = (botId: string, conversationId: string, token?: string) =>
  resumeRequest(t.app, botId, conversationId, token);
const storedLines = async (conversationId: string) =>
  (await db().select({ n: count() }).from(messageRows).where(eq(messageRows.conversationId, conversationId)))[0]!.n;

describe('resuming by the token', () => {
  it('gives the transcript so far in order and what comes next', async () => {
    const id = await insertBot(db(), owner, chainFlow([askName, askEmail, theEnd], ['name', 'email']));
    const chat = await start(t.app, id);
    await say(t.app, id, chat, { type: 'text', text: 'Ann' });
    const res = await resume(id, chat.conversationId, chat.token);
    expect(res.statusCode).toBe(200);
    const turn = res.json<ChatTurn>();
    expect(turn.messages.map((m) => [m.role, m.text])).toEqual([
      ['bot', 'What’s your name?'],
      ['visitor', 'Ann'],
      ['bot', 'Your e-mail, Ann?'],
    ]);
    expect(turn.expect).toEqual({ type: 'text', kind: 'email', buttons: [] });
  });

  it('finds nothing with a wrong or missing token, or under another bot, and takes no turn there', async () => {
    const id = await insertBot(db(), owner, chainFlow([askName, theEnd], ['name']));
    const other = await insertBot(db(), owner, chainFlow([askName, theEnd], ['name']));
    const chat = await start(t.app, id);
    const gone = { error: chatbotMessages.conversationGone };
    for (const [bot, token] of [
      [id, 'wrong'],
      [id, undefined],
      [id, ''],
      [other, chat.token],
    ] as const) {
      const res = await resume(bot, chat.conversationId, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(gone);
      const turn = await send(t.app, bot, { ...chat, token: token ?? '' }, { type: 'text', text: 'Eve' });
      expect(turn.statusCode).toBe(404);
      expect(turn.json()).toEqual(gone);
    }
    expect((await resume(id, 'x', chat.token)).json()).toEqual(gone);
    expect(await storedLines(chat.conversationId)).toBe(1);
  });

  it('answers an effect a stopped server left waiting as failed once it is long past, so the visitor can go on', async () => {
    const id = await insertBot(db(), owner, chainFlow([aiAnswer('ask-ai'), theEnd]));
    const conversation = (chat: { conversationId: string }) => eq(chatbotConversations.id, chat.conversationId);
    /** A conversation whose AI answer was claimed (stored before the provider is asked) `age` ago. */
    const claimed = async (age: string) => {
      const chat = await start(t.app, id);
      const [row] = await db().select().from(chatbotConversations).where(conversation(chat));
      await db()
        .update(chatbotConversations)
        .set({ state: { ...row!.state, phase: 'aiAnswer', aiQuestions: 1 }, updatedAt: sql`now() - ${age}::interval` })
        .where(conversation(chat));
      return chat;
    };
    const goOn = { type: 'text', kind: 'text', buttons: ['Ask another question', 'Continue'] };

    // Claimed a minute ago: the answer may still come; nothing is offered and input is refused.
    const running = await claimed('1 minute');
    expect((await resume(id, running.conversationId, running.token)).json<ChatTurn>().expect).toEqual({ type: 'none' });
    expect((await send(t.app, id, running, { type: 'text', text: 'Hello?' })).statusCode).toBe(422);

    const stuck = await claimed('10 minutes');
    const resumed = await resume(id, stuck.conversationId, stuck.token);
    expect(resumed.statusCode).toBe(200);
    expect(texts(resumed.json<ChatTurn>()).at(-1)).toBe(chatbotTexts.aiFailure);
    expect(resumed.json<ChatTurn>().expect).toEqual(goOn);
    // Released once: resumed again, the same.
    expect((await resume(id, stuck.conversationId, stuck.token)).json()).toEqual(resumed.json());

    // A turn on a stuck conversation is taken after the failure line.
    const stuckAtTurn = await claimed('10 minutes');
    const turn = await say(t.app, id, stuckAtTurn, { type: 'choice', label: 'Continue' });
    expect(texts(turn)).toEqual([chatbotTexts.aiFailure, 'Bye, !']);
  });

  it('ends a conversation for its visitor once the bot is turned off', async () => {
    const id = await insertBot(db(), owner, chainFlow([askName, theEnd], ['name']));
    const chat = await start(t.app, id);
    await db().update(chatbotFlows).set({ isActive: false }).where(eq(chatbotFlows.id, id));
    expect((await send(t.app, id, chat, { type: 'text', text: 'Eve' })).statusCode).toBe(404);
  });
});

describe('input the conversation does not wait for', () => {
  it('is refused with 422 and stores nothing; a bad answer gets the retry line', async () => {
    const id = await insertBot(db(), owner, chainFlow([askName, askEmail, theEnd], ['name', 'email']));
    const chat = await start(t.app, id);
    for (const input of [
      { type: 'slot', start: new Date().toISOString() },
      { type: 'choice', label: 'Yes' },
    ]) {
      const res = await send(t.app, id, chat, input);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error: chatbotMessages.inputRefused });
    }
    expect(await storedLines(chat.conversationId)).toBe(1);
    const blank = await say(t.app, id, chat, { type: 'text', text: '   ' });
    expect(texts(blank)).toEqual(['This field is required', 'What’s your name?']);
  });

  it('answers malformed bodies with 400 and field messages, and oversized ones with 413', async () => {
    const id = await insertBot(db(), owner, chainFlow([askName, theEnd], ['name']));
    const chat = await start(t.app, id);
    for (const body of [{}, { type: 'text' }, { type: 'text', text: 'a'.repeat(2001) }, { type: 'slot' }]) {
      const res = await send(t.app, id, chat, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    const huge = await send(t.app, id, chat, { type: 'text', text: 'a'.repeat(20_000) });
    expect(huge.statusCode).toBe(413);
    const badZone = await startRequest(t.app, id, { timeZone: 'Mars/Olympus' });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().fields).toEqual({ timeZone: 'Unknown time zone' });
    expect(await storedLines(chat.conversationId)).toBe(1);
  });
});

describe('the limits', () => {
  it('refuse more messages per minute from one address, then to one bot from all addresses', async () => {
    const limited = await buildTestApp({ chatbotMessagesPerMinute: 3, chatbotMessagesPerBotPerMinute: 5 });
    try {
      const user = await signUp(limited.app, 'lena');
      // The e-mail asked again and again: the conversation waits for as many turns as the test sends.
      const flow = chainFlow([askName, askEmail, theEnd], ['name', 'email']);
      const one = await insertBot(limited.database.db, user, flow);
      const two = await insertBot(limited.database.db, user, flow);
      const first = await startRequest(limited.app, one, {}, {}, '198.51.100.1');
      expect(first.statusCode).toBe(201);
      const chat = first.json<{ conversationId: string; token: string }>();
      const fromA = [];
      for (let i = 0; i < 3; i++)
        fromA.push(await send(limited.app, one, chat, { type: 'text', text: 'x' }, {}, '198.51.100.1'));
      expect(fromA.map((res) => res.statusCode)).toEqual([200, 200, 429]);
      expect(fromA[2]!.json()).toEqual({ error: chatbotMessages.tooManyRequests });
      // Bot one has had 3 of its 5 (the one refused per address is not counted for it); two more addresses get
      // one each, a third none.
      expect((await startRequest(limited.app, one, {}, {}, '198.51.100.2')).statusCode).toBe(201);
      expect((await startRequest(limited.app, one, {}, {}, '198.51.100.3')).statusCode).toBe(201);
      const sixth = await startRequest(limited.app, one, {}, {}, '198.51.100.4');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toEqual({ error: chatbotMessages.tooManyRequests });
      expect((await startRequest(limited.app, two, {}, {}, '198.51.100.4')).statusCode).toBe(201);
      // Reading is not limited.
      expect((await limited.app.inject({ url: `/api/public/chatbots/${one}` })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
