import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotTexts } from '@common/chatbot-state';
import { aiAnswer } from '../../../test/chatbot-flows';
import { chatbotMessages, CHAT_TOKEN_HEADER, type ChatTurn } from '@common/chatbots';
import {
  bookings,
  chatbotConversations,
  chatbotFlows,
  chatbotMessages as messageRows,
  contacts,
  deals,
  notifications,
} from '../../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../../test/test-app';
import { openBookingOwner } from '../../../test/booking-kit';
import {
  askEmail,
  askName,
  bookingFlow,
  chainFlow,
  newPipeline,
  insertBot,
  leadFlow,
  offerBooking,
  say,
  send,
  start,
  startRequest,
  texts,
  theEnd,
} from '../../../test/chatbot-kit';

// The visitor's side of a chatbot: a conversation started, resumed by its token and led to a captured lead; who may
// reach which conversation; refused input; the limits; the owner's Preview, which saves nothing it captures.

let t: TestApp;
let owner: UserClient;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app, 'olga');
});
afterAll(() => t.close());

const db = () => t.database.db;
const storedLines = async (conversationId: string) =>
  (await db().select({ n: count() }).from(messageRows).where(eq(messageRows.conversationId, conversationId)))[0]!.n;
const resume = (botId: string, conversationId: string, token?: string) =>
  t.app.inject({
    url: `/api/public/chatbots/${botId}/conversations/${conversationId}`,
    headers: token === undefined ? {} : { [CHAT_TOKEN_HEADER]: token },
  });

describe('a bot as a visitor meets it', () => {
  it('shows an active published bot by its id and name only', async () => {
    const id = await insertBot(db(), owner, bookingFlow());
    const res = await t.app.inject({ url: `/api/public/chatbots/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, name: 'Acme Helper' });
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('says the same for an unknown, inactive, never published or malformed bot, and starts nothing', async () => {
    const inactive = await insertBot(db(), owner, bookingFlow(), { isActive: false });
    const unpublished = await insertBot(db(), owner, bookingFlow(), { publishedFlow: null, publishedAt: null });
    for (const id of [randomUUID(), inactive, unpublished, 'not-an-id']) {
      const shown = await t.app.inject({ url: `/api/public/chatbots/${id}` });
      expect(shown.statusCode).toBe(404);
      expect(shown.json()).toEqual({ error: chatbotMessages.unavailable });
      const started = await startRequest(t.app, id);
      expect(started.statusCode).toBe(404);
      expect(started.json()).toEqual({ error: chatbotMessages.unavailable });
    }
    const made = await db()
      .select({ n: count() })
      .from(chatbotConversations)
      .where(eq(chatbotConversations.chatbotId, inactive));
    expect(made[0]!.n).toBe(0);
  });

  it('answers other sites: a preflight allows the token header, and a start from another origin is served', async () => {
    const id = await insertBot(db(), owner, bookingFlow());
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/public/chatbots/${id}/conversations`,
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-chat-token',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toContain(CHAT_TOKEN_HEADER);
    const res = await startRequest(t.app, id, {}, { origin: 'https://shop.example', 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('a conversation to a captured lead', () => {
  it('runs the template from the greeting to a contact and a deal in the block’s stage, and tells the owner', async () => {
    const pipeline = await newPipeline(owner);
    const id = await insertBot(db(), owner, leadFlow(pipeline), { name: 'Site Bot' });
    const chat = await start(t.app, id, { timeZone: 'Europe/Berlin' });
    expect(texts(chat)).toEqual([
      'Hi! I’m here to answer your questions about what we do.',
      'What would you like to know?',
    ]);
    expect(chat.expect).toEqual({ type: 'text', kind: 'text', buttons: ['Talk to the team'] });
    expect(chat.token.length).toBeGreaterThanOrEqual(40);

    expect(texts(await say(t.app, id, chat, { type: 'choice', label: 'Talk to the team' }))).toEqual([
      'Happy to put you in touch. What’s your name?',
    ]);
    await say(t.app, id, chat, { type: 'text', text: 'Vera Visitor' });
    const retry = await say(t.app, id, chat, { type: 'text', text: 'not an address' });
    expect(texts(retry)).toEqual([
      'That doesn’t look like an e-mail address. Please check it and try again.',
      'Thanks, Vera Visitor! What’s your e-mail address, so the team can reach you?',
    ]);
    const email = `vera-${randomUUID()}@example.com`;
    const end = await say(t.app, id, chat, { type: 'text', text: email });
    expect(texts(end)).toEqual(['Thank you, Vera Visitor! We’ll be in touch soon.']);
    expect(end.expect).toEqual({ type: 'none' });

    const [conversation] = await db()
      .select()
      .from(chatbotConversations)
      .where(eq(chatbotConversations.id, chat.conversationId));
    expect(conversation).toMatchObject({ visitorEmail: email, visitorName: 'Vera Visitor', preview: false });
    expect(conversation!.visitorTokenHash).not.toContain(chat.token);
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, conversation!.contactId!));
    expect(contact).toMatchObject({ userId: owner.id, name: 'Vera Visitor', email });
    const [deal] = await db().select().from(deals).where(eq(deals.id, conversation!.dealId!));
    expect(deal).toMatchObject({
      userId: owner.id,
      pipelineId: pipeline.id,
      stage: pipeline.stages[1],
      contactId: contact!.id,
      name: 'Site Bot – Vera Visitor',
    });
    const bell = await db()
      .select({ title: notifications.title, body: notifications.body, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.userId, owner.id));
    const link = `/app/chatbot/${id}/conversations?conversation=${chat.conversationId}`;
    expect(bell).toEqual(
      expect.arrayContaining([
        { title: 'New lead from Site Bot', body: `Vera Visitor · ${email}`, link },
        expect.objectContaining({ title: 'Chatbot conversation: Site Bot', link }),
      ]),
    );

    // Finished: no more turns; the transcript stays readable by its token.
    const after = await send(t.app, id, chat, { type: 'text', text: 'hello?' });
    expect(after.statusCode).toBe(404);
    expect(after.json()).toEqual({ error: chatbotMessages.conversationGone });
    const resumed = await resume(id, chat.conversationId, chat.token);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json<ChatTurn>().expect).toEqual({ type: 'none' });
  });

  it('finds the contact an earlier lead made by its e-mail instead of making a second', async () => {
    const pipeline = await newPipeline(owner);
    const id = await insertBot(db(), owner, leadFlow(pipeline));
    const email = `twice-${randomUUID()}@example.com`;
    for (const typed of [email, email.toUpperCase()]) {
      const chat = await start(t.app, id);
      await say(t.app, id, chat, { type: 'choice', label: 'Talk to the team' });
      await say(t.app, id, chat, { type: 'text', text: 'Tom' });
      await say(t.app, id, chat, { type: 'text', text: typed });
    }
    const found = await db()
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.userId, owner.id), eq(contacts.email, email)));
    expect(found).toHaveLength(1);
    expect(await db().select().from(deals).where(eq(deals.contactId, found[0]!.id))).toHaveLength(2);
  });
});

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

describe('the owner’s Preview', () => {
  it('runs the draft of an unpublished bot for its owner only, and saves no lead, booking or notification', async () => {
    const booker = await openBookingOwner(t.app);
    const pipeline = await newPipeline(booker);
    const draft = chainFlow(
      [
        askName,
        askEmail,
        {
          id: 'capture',
          type: 'captureLead',
          contact: { name: 'name', email: 'email', phone: null, company: null },
          deal: { pipelineId: pipeline.id, stage: pipeline.stages[0]! },
        },
        offerBooking,
        { ...theEnd, notifyOwner: true },
      ],
      ['name', 'email'],
    );
    const id = await insertBot(db(), booker, draft, { isActive: false, publishedFlow: null, publishedAt: null });
    expect((await startRequest(t.app, id, { preview: true })).statusCode).toBe(404);
    expect((await startRequest(t.app, id, { preview: true }, { cookie: owner.cookie })).statusCode).toBe(404);

    const chat = await start(t.app, id, { preview: true }, { cookie: booker.cookie });
    await say(t.app, id, chat, { type: 'text', text: 'Pat' });
    const offered = await say(t.app, id, chat, { type: 'text', text: 'pat@example.com' });
    expect(offered.expect.type).toBe('slots');
    const slots = offered.expect.type === 'slots' ? offered.expect.slots : [];
    expect(slots).toHaveLength(3);
    const booked = await say(t.app, id, chat, { type: 'slot', start: slots[0]!.start });
    expect(texts(booked)).toEqual(['Your appointment is booked. A confirmation is on its way.', 'Bye, Pat!']);

    const [conversation] = await db()
      .select()
      .from(chatbotConversations)
      .where(eq(chatbotConversations.id, chat.conversationId));
    expect(conversation).toMatchObject({ preview: true, contactId: null, dealId: null, bookingId: null });
    for (const table of [contacts, deals, bookings, notifications]) {
      const rows = await db().select({ n: count() }).from(table).where(eq(table.userId, booker.id));
      expect(rows[0]!.n).toBe(0);
    }
  });
});
