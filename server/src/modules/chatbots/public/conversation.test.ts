import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotMessages, CHAT_TOKEN_HEADER, type ChatTurn } from '@common/chatbots';
import { bookings, chatbotConversations, contacts, deals, notifications } from '../../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../../test/test-app';
import { openBookingOwner } from '../../../test/booking-kit';
import { joined } from '../../../test/workspace-kit';
import {
  askEmail,
  askName,
  bookingFlow,
  chainFlow,
  newPipeline,
  insertBot,
  leadFlow,
  offerBooking,
  resumeRequest,
  say,
  send,
  start,
  startRequest,
  texts,
  theEnd,
} from '../../../test/chatbot-kit';

// The visitor's side of a chatbot: a bot as a visitor meets it, a conversation led to a captured lead, and the owner's
// Preview, which saves nothing it captures. Who may reach which conversation, refused input and the limits:
// conversation-guards.test.ts.

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

describe('the owner’s Preview', () => {
  it('runs the draft for a member of the bot’s workspace who sees it, not for an “own records” one', async () => {
    const lead = await signUp(t.app, 'preview-lead');
    const colleague = await joined(t.app, lead, 'preview-all', 'member');
    const ownRecords = await joined(t.app, lead, 'preview-own', 'member');
    expect((await lead.patch(`/api/workspace/members/${ownRecords.id}`, { visibility: 'own' })).statusCode).toBe(200);
    const draft = chainFlow([askName, theEnd], ['name']);
    const id = await insertBot(db(), lead, draft, { isActive: false, publishedFlow: null, publishedAt: null });
    expect((await startRequest(t.app, id, { preview: true }, { cookie: ownRecords.cookie })).statusCode).toBe(404);
    expect((await startRequest(t.app, id, { preview: true }, { cookie: owner.cookie })).statusCode).toBe(404);
    const chat = await start(t.app, id, { preview: true }, { cookie: colleague.cookie });
    expect(texts(chat)).toEqual(['What’s your name?']);
  });

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
