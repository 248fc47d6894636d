import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingMessages } from '@common/booking';
import { chatbotTexts } from '@common/chatbot-state';
import { chatbotMessages, type ChatTurn } from '@common/chatbots';
import {
  bookings,
  chatbotAiUsage,
  chatbotConversations,
  chatbotFlows,
  chatbotMessages as messageRows,
  notifications,
} from '../../../db/schema';
import { openBookingOwner, slotsOf, utcDate } from '../../../test/booking-kit';
import { soloMember } from '../../../db/member-scope';
import { buildTestApp, type TestApp, type UserClient } from '../../../test/test-app';
import type { AnswerEvent } from '../ai/answer-types';
import {
  bookingFlow,
  chainFlow,
  insertBot,
  parseEvents,
  say,
  scriptedAnswers,
  send,
  start,
  texts,
  theEnd,
  type Started,
  type Unplaced,
} from '../../../test/chatbot-kit';

// The effects a conversation carries out: the owner's real free slots and a booking under the booking page's own
// constraint, and AI answers streamed to the visitor as server-sent events, held to the bot's daily allowance.

let release: () => void = () => {};
/** An AI module answering from the "Pricing" entry, in three chunks; "slow" questions wait for release(). */
const ai = scriptedAnswers(async (request): Promise<AnswerEvent[]> => {
  if (request.question === 'slow') await new Promise<void>((resolve) => (release = resolve));
  if (request.question === 'broken') return [{ type: 'failed', visitorText: 'Sorry', ownerReason: 'Invalid API key' }];
  if (request.question === 'unknown') return [{ type: 'unknown', text: 'I don’t know that one, sorry.' }];
  return [
    { type: 'delta', text: 'Plans start ' },
    { type: 'delta', text: 'at $10 ' },
    { type: 'delta', text: 'a month.' },
    { type: 'done', text: 'Plans start at $10 a month.', sources: ['Pricing'] },
  ];
});

let t: TestApp;
let owner: UserClient;
beforeAll(async () => {
  t = await buildTestApp({}, { answerQuestion: ai.answerQuestion });
  owner = await openBookingOwner(t.app);
});
afterAll(() => t.close());

const db = () => t.database.db;

const aiBlock: Unplaced = {
  id: 'answer',
  type: 'aiAnswer',
  prompt: 'Ask me anything.',
  instructions: 'Be brief, {{name}}.',
  askAnotherLabel: 'Another question',
  continueLabel: 'Done',
  limitText: '',
  failureText: '',
};
const aiFlow = () =>
  chainFlow([{ id: 'hello', type: 'message', text: 'Hello there.' }, aiBlock, { ...theEnd, text: 'Bye!' }], ['name']);

/** A conversation of the booking flow, its name and e-mail given: the free times are offered. */
async function atTheSlots(botId: string): Promise<{ chat: Started; offered: ChatTurn }> {
  const chat = await start(t.app, botId);
  await say(t.app, botId, chat, { type: 'text', text: 'Bea Booker' });
  const offered = await say(t.app, botId, chat, { type: 'text', text: 'bea@example.com' });
  return { chat, offered };
}
const slotsIn = (turn: ChatTurn) => (turn.expect.type === 'slots' ? turn.expect.slots : []);

describe('Offer Booking', () => {
  it('offers the owner’s soonest free times, books the chosen one and links it to the conversation', async () => {
    const id = await insertBot(db(), owner, bookingFlow());
    const { chat, offered } = await atTheSlots(id);
    expect(texts(offered)).toEqual(['Pick a time:']);
    const slots = slotsIn(offered);
    // The booking page's own rule: the first three free slots from now (the owner is open all day, every day).
    const page = [...(await slotsOf(t.app, owner.id, utcDate(0))), ...(await slotsOf(t.app, owner.id, utcDate(1)))];
    expect(slots).toEqual(page.slice(0, 3));
    expect(offered.expect).toMatchObject({ type: 'slots', skipLabel: 'No thanks' });

    const booked = await say(t.app, id, chat, { type: 'slot', start: slots[1]!.start });
    expect(texts(booked)).toEqual([chatbotTexts.booked, 'Bye, Bea Booker!']);
    const [conversation] = await db()
      .select()
      .from(chatbotConversations)
      .where(eq(chatbotConversations.id, chat.conversationId));
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, conversation!.bookingId!));
    expect(booking).toMatchObject({
      userId: owner.id,
      bookerName: 'Bea Booker',
      bookerEmail: 'bea@example.com',
      status: 'Scheduled',
    });
    expect(booking!.scheduledStartTime.toISOString()).toBe(slots[1]!.start);
    expect(conversation).toMatchObject({ visitorName: 'Bea Booker', visitorEmail: 'bea@example.com' });
    // The owner's own lists and bell show it, as a booking from the booking page.
    const upcoming = await owner.get('/api/bookings?limit=100');
    expect(upcoming.json<{ items: { id: string }[] }>().items.map((item) => item.id)).toContain(booking!.id);
    const bell = await db()
      .select({ kind: notifications.kind, title: notifications.title })
      .from(notifications)
      .where(eq(notifications.sourceId, booking!.id));
    expect(bell).toEqual([{ kind: 'booking', title: 'New booking: Bea Booker' }]);
    // The booked time is no longer offered, here or on the booking page.
    const next = await atTheSlots(id);
    expect(slotsIn(next.offered).map((s) => s.start)).not.toContain(slots[1]!.start);
  });

  it('gives one slot to one of two visitors choosing it at once; the other is offered the free times again', async () => {
    const id = await insertBot(db(), owner, bookingFlow());
    const one = await atTheSlots(id);
    const two = await atTheSlots(id);
    const wanted = slotsIn(one.offered)[0]!.start;
    expect(slotsIn(two.offered)[0]!.start).toBe(wanted);
    const answers = await Promise.all(
      [one, two].map(({ chat }) => say(t.app, id, chat, { type: 'slot', start: wanted })),
    );
    const winners = answers.filter((turn) => texts(turn).includes(chatbotTexts.booked));
    const losers = answers.filter((turn) => texts(turn).includes(bookingMessages.slotTaken));
    expect([winners.length, losers.length]).toEqual([1, 1]);
    expect(slotsIn(losers[0]!).map((s) => s.start)).not.toContain(wanted);
    const atThatTime = await db()
      .select()
      .from(bookings)
      .where(and(eq(bookings.userId, owner.id), eq(bookings.scheduledStartTime, new Date(wanted))));
    expect(atThatTime).toHaveLength(1);
  });

  it('goes on without a booking on the skip button, and offers only the times it showed', async () => {
    const id = await insertBot(db(), owner, bookingFlow());
    const { chat } = await atTheSlots(id);
    const wrong = await say(t.app, id, chat, { type: 'slot', start: '2001-01-01T00:00:00.000Z' });
    expect(texts(wrong)).toEqual([bookingMessages.notASlot]);
    const skipped = await say(t.app, id, chat, { type: 'choice', label: 'No thanks' });
    expect(texts(skipped)).toEqual(['Bye, Bea Booker!']);
  });
});

describe('AI Answer', () => {
  it('streams the answer as server-sent events, then the whole turn, and stores it with its sources', async () => {
    const id = await insertBot(db(), owner, aiFlow());
    const chat = await start(t.app, id);
    const res = await send(t.app, id, chat, { type: 'text', text: 'How much is it?' }, { accept: 'text/event-stream' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const events = parseEvents(res.body);
    expect(events.map((e) => e.event)).toEqual(['delta', 'delta', 'delta', 'turn']);
    expect(
      events
        .slice(0, 3)
        .map((e) => (e.data as { text: string }).text)
        .join(''),
    ).toBe('Plans start at $10 a month.');
    const turn = events[3]!.data as ChatTurn;
    expect(turn.messages.map((m) => [m.text, m.sources])).toEqual([['Plans start at $10 a month.', ['Pricing']]]);
    expect(turn.expect).toEqual({ type: 'text', kind: 'text', buttons: ['Another question', 'Done'] });

    const request = ai.requests.at(-1)!;
    expect(request).toMatchObject({
      member: soloMember(owner.id),
      chatbotId: id,
      question: 'How much is it?',
      instructions: 'Be brief, .',
      answerOnlyFromKnowledge: true,
      history: [
        { role: 'bot', text: 'Hello there.' },
        { role: 'bot', text: 'Ask me anything.' },
      ],
    });
    const stored = await db()
      .select({ role: messageRows.role, text: messageRows.text, sources: messageRows.sources })
      .from(messageRows)
      .where(eq(messageRows.conversationId, chat.conversationId))
      .orderBy(messageRows.createdAt);
    expect(stored.slice(-2)).toEqual([
      { role: 'visitor', text: 'How much is it?', sources: [] },
      { role: 'bot', text: 'Plans start at $10 a month.', sources: ['Pricing'] },
    ]);
    // Without text/event-stream, one JSON turn.
    const json = await send(t.app, id, chat, { type: 'text', text: 'And yearly?' });
    expect(json.headers['content-type']).toContain('application/json');
    expect(json.json<ChatTurn>().messages[0]!.sources).toEqual(['Pricing']);
  });

  it('streams a refusal as a plain status, not as events', async () => {
    const id = await insertBot(db(), owner, aiFlow());
    const chat = await start(t.app, id);
    const res = await send(t.app, id, chat, { type: 'choice', label: 'Nope' }, { accept: 'text/event-stream' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: chatbotMessages.inputRefused });
  });

  it('says the block’s failure line when the provider fails, and keeps its reason for the owner', async () => {
    const id = await insertBot(db(), owner, aiFlow());
    const chat = await start(t.app, id);
    const failed = await say(t.app, id, chat, { type: 'text', text: 'broken' });
    expect(texts(failed)).toEqual([chatbotTexts.aiFailure]);
    const [bot] = await db().select().from(chatbotFlows).where(eq(chatbotFlows.id, id));
    expect(bot!.aiError).toBe('Invalid API key');
    const unknown = await say(t.app, id, chat, { type: 'text', text: 'unknown' });
    expect(texts(unknown)).toEqual(['I don’t know that one, sorry.']);
    expect(unknown.expect).toEqual({ type: 'text', kind: 'text', buttons: ['Another question', 'Done'] });
    await say(t.app, id, chat, { type: 'text', text: 'price?' });
    const [after] = await db().select().from(chatbotFlows).where(eq(chatbotFlows.id, id));
    expect(after!.aiError).toBeNull();
    // Only the answer given counted against the day.
    const [usage] = await db().select().from(chatbotAiUsage).where(eq(chatbotAiUsage.chatbotId, id));
    expect(usage!.answers).toBe(1);
  });

  it('holds the bot to its most AI answers per day, across conversations', async () => {
    const id = await insertBot(db(), owner, aiFlow(), { maxAiAnswersPerDay: 1 });
    const asked = ai.requests.length;
    const first = await start(t.app, id);
    expect(texts(await say(t.app, id, first, { type: 'text', text: 'price?' }))).toEqual([
      'Plans start at $10 a month.',
    ]);
    const second = await start(t.app, id);
    expect(texts(await say(t.app, id, second, { type: 'text', text: 'price?' }))).toEqual([chatbotTexts.aiLimit]);
    expect(ai.requests.length).toBe(asked + 1);
  });

  it('applies one of two turns sent at once: the other is refused while the answer is on its way', async () => {
    const id = await insertBot(db(), owner, aiFlow());
    const chat = await start(t.app, id);
    const asked = ai.requests.length;
    const slow = send(t.app, id, chat, { type: 'text', text: 'slow' });
    while (ai.requests.length === asked) await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await send(t.app, id, chat, { type: 'text', text: 'price?' });
    expect([409, 422]).toContain(second.statusCode);
    release();
    expect((await slow).statusCode).toBe(200);
    expect(ai.requests.length).toBe(asked + 1);
    const visitorLines = await db()
      .select({ text: messageRows.text })
      .from(messageRows)
      .where(and(eq(messageRows.conversationId, chat.conversationId), eq(messageRows.role, 'visitor')));
    expect(visitorLines).toEqual([{ text: 'slow' }]);
  });
});
