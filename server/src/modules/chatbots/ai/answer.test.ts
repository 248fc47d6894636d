import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AiConfigInput } from '@common/ai-config';
import { chatbotTexts } from '@common/chatbot-state';
import { configs, failures, KEY, WRONG_KEY } from '../../../test/ai-answer-cases';
import { startAiProviderServer, type AiProviderServer } from '../../../test/ai-provider-server';
import { soloMember } from '../../../db/member-scope';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../../test/test-app';
import { answerQuestion, answerTexts } from './answer';
import type { AnswerEvent, AnswerRequest } from './answer-types';
import { ownerReasons } from './failures';
import { addKnowledge, aiErrorOf, collect, createBot, saveAiConfig } from '../../../test/chatbot-knowledge';

// An AI answer end to end through the real SDK and a stand-in for each provider's API: what it sends, what the visitor
// and the owner get when it works and when it fails, and the key never shown. The providers' configurations and
// the failures are in test/ai-answer-cases.ts.

let provider: AiProviderServer;
let t: TestApp;
let ann: UserClient;
let bot: string;

const INSTRUCTIONS = 'We are Acme Lodges. Be warm and brief.';
/** Every event and stored error of this file, and what was printed: none may hold a key. */
const seen: unknown[] = [];
const printed: string[] = [];

beforeAll(async () => {
  provider = await startAiProviderServer();
  t = await buildTestApp({ aiBaseUrls: provider.baseUrls, aiIdleTimeoutMs: 400, aiTimeoutMs: 5000 });
  ann = await signUp(t.app, 'ann');
  bot = await createBot(t.database.db, ann.id);
  await addKnowledge(t.database.db, ann.id, bot, 'Pricing', 'A night in a lodge costs $120, breakfast included.');
  await addKnowledge(t.database.db, ann.id, bot, 'Check-in', 'Check-in is from 3 pm; check-out by 11 am.');
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[method].bind(console);
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { depth: 6 }))).join(' '));
      original(...args);
    });
  }
});
afterEach(() => {
  provider.behave({ type: 'answer', chunks: ['A night ', 'costs ', '$120.'] });
  provider.acceptKeys(null);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
  await provider.close();
});

async function configure(input: AiConfigInput) {
  const res = await saveAiConfig(t.app, ann, input);
  expect(res.statusCode, res.body).toBe(200);
}

const request = (overrides: Partial<AnswerRequest> = {}): AnswerRequest => ({
  db: t.database.db,
  member: soloMember(ann.id),
  chatbotId: bot,
  question: 'How much is a night?',
  instructions: INSTRUCTIONS,
  history: [
    { role: 'bot', text: 'Hi! What would you like to know?' },
    { role: 'visitor', text: 'Do you have rooms in May?' },
    { role: 'bot', text: 'We do.' },
  ],
  answerOnlyFromKnowledge: true,
  ...overrides,
});

async function ask(overrides: Partial<AnswerRequest> = {}): Promise<AnswerEvent[]> {
  const events = await collect(answerQuestion, request(overrides));
  seen.push(events, await aiErrorOf(t.database.db, overrides.chatbotId ?? bot));
  return events;
}

const lastOf = (events: AnswerEvent[]) => events.at(-1)!;
const requestsSince = (count: number) => provider.requests.slice(count);

describe('an AI answer', () => {
  it('says it does not know, asking no provider, when the knowledge has nothing on the question', async () => {
    await configure(configs[0]!.input);
    const before = provider.requests.length;
    expect(await ask({ question: 'Do you rent bicycles?' })).toEqual([{ type: 'unknown', text: answerTexts.unknown }]);
    expect(provider.requests.length).toBe(before);
  });

  it('fails with a reason that sends the owner to AI Configuration when none is saved', async () => {
    const bob = await signUp(t.app, 'bob');
    const bobBot = await createBot(t.database.db, bob.id);
    await addKnowledge(t.database.db, bob.id, bobBot, 'Pricing', 'A night costs $80.');
    const before = provider.requests.length;
    const events = await ask({ member: soloMember(bob.id), chatbotId: bobBot });
    expect(events).toEqual([
      { type: 'failed', visitorText: chatbotTexts.aiFailure, ownerReason: ownerReasons.notConfigured },
    ]);
    expect((await aiErrorOf(t.database.db, bobBot)).message).toBe(ownerReasons.notConfigured);
    expect(provider.requests.length).toBe(before);
  });

  for (const { api, input, modelSent, keyHeader } of configs) {
    it(`streams ${api}’s answer through the real SDK, sending the model id, the key, the instructions and the passages`, async () => {
      await configure(input);
      const before = provider.requests.length;
      const events = await ask();
      expect(events.filter((e) => e.type === 'delta').map((e) => (e as { text: string }).text)).toEqual([
        'A night ',
        'costs ',
        '$120.',
      ]);
      expect(lastOf(events)).toEqual({ type: 'done', text: 'A night costs $120.', sources: ['Pricing'] });
      const [sent, ...more] = requestsSince(before);
      expect(more).toEqual([]);
      expect(sent).toMatchObject({ api, model: modelSent, key: KEY, stream: true });
      expect(String(sent!.headers[keyHeader])).toContain(KEY);
      if (api === 'anthropic') expect(sent!.headers['anthropic-version']).toBeTruthy();
      expect(sent!.system).toContain(INSTRUCTIONS);
      expect(sent!.system).toContain('Pricing');
      expect(sent!.system).toContain('A night in a lodge costs $120, breakfast included.');
      expect(sent!.system).toContain('Answer only from the passages');
      expect(sent!.system).not.toContain('Check-in is from 3 pm');
      // The bot's greeting before the visitor's first line is left out; the question comes last.
      expect(sent!.messages).toEqual([
        { role: 'user', text: 'Do you have rooms in May?' },
        { role: 'assistant', text: 'We do.' },
        { role: 'user', text: 'How much is a night?' },
      ]);
    });
  }

  it('reaches an OpenAI-compatible endpoint at its base URL, with its model name, with or without a key', async () => {
    const before = provider.requests.length;
    await configure({ provider: 'openaiCompatible', model: 'llama3.1:8b', baseUrl: `${provider.url}/v1/` });
    expect(lastOf(await ask())).toMatchObject({ type: 'done', text: 'A night costs $120.' });
    await configure({
      provider: 'openaiCompatible',
      model: 'llama3.1:8b',
      baseUrl: `${provider.url}/v1`,
      apiKey: 'or-key-1234',
    });
    expect(lastOf(await ask())).toMatchObject({ type: 'done' });
    const [withoutKey, withKey] = requestsSince(before);
    expect(withoutKey).toMatchObject({ api: 'openai', model: 'llama3.1:8b', key: null, stream: true });
    expect(withoutKey!.headers.authorization).toBeUndefined();
    expect(withKey).toMatchObject({ model: 'llama3.1:8b', key: 'or-key-1234' });
  });

  it('answers from what the model knows when the bot may go beyond its knowledge', async () => {
    await configure(configs[0]!.input);
    const before = provider.requests.length;
    const events = await ask({ question: 'Do you rent bicycles?', answerOnlyFromKnowledge: false });
    expect(lastOf(events)).toEqual({ type: 'done', text: 'A night costs $120.', sources: [] });
    expect(requestsSince(before)[0]!.system).toContain('No passage of the knowledge base matched');
  });

  for (const { api, input } of configs) {
    for (const { behaviour, reasons } of failures) {
      const name = behaviour === 'wrongKey' ? 'a refused key' : behaviour.type;
      it(`gives the visitor the friendly line and the owner ${api}’s reason for ${name}, stored until an answer works`, async () => {
        await configure(input);
        if (behaviour === 'wrongKey') {
          await configure({ ...input, apiKey: WRONG_KEY });
          provider.acceptKeys([KEY]);
        } else provider.behave(behaviour);
        const events = await ask();
        const last = lastOf(events);
        expect(last).toMatchObject({ type: 'failed', visitorText: chatbotTexts.aiFailure });
        const reason = (last as { ownerReason: string }).ownerReason;
        expect(reason).toMatch(reasons[api]);
        const stored = await aiErrorOf(t.database.db, bot);
        expect(stored.message).toBe(reason);
        expect(stored.at).toBeInstanceOf(Date);
        if (behaviour !== 'wrongKey' && behaviour.type === 'stall') {
          expect(events[0]).toEqual({ type: 'delta', text: 'Our plans ' });
        }

        // The next answer that works clears it.
        provider.acceptKeys(null);
        provider.behave({ type: 'answer', chunks: ['Fine again.'] });
        expect(lastOf(await ask())).toMatchObject({ type: 'done', text: 'Fine again.' });
        expect(await aiErrorOf(t.database.db, bot)).toEqual({ message: null, at: null });
      });
    }
  }

  it('ends the provider’s request when the visitor leaves, with no error for the owner', async () => {
    await configure(configs[1]!.input);
    provider.behave({ type: 'stall', afterChunks: 1 });
    const leaving = new AbortController();
    const events: AnswerEvent[] = [];
    for await (const event of answerQuestion(request({ signal: leaving.signal }))) {
      events.push(event);
      if (event.type === 'delta') leaving.abort();
    }
    expect(lastOf(events)).toEqual({
      type: 'failed',
      visitorText: chatbotTexts.aiFailure,
      ownerReason: ownerReasons.visitorLeft,
    });
    expect((await aiErrorOf(t.database.db, bot)).message).toBeNull();
  });

  it('stops an answer that takes too long in all', async () => {
    const slow = await buildTestApp({ aiBaseUrls: provider.baseUrls, aiIdleTimeoutMs: 5000, aiTimeoutMs: 300 });
    try {
      const cleo = await signUp(slow.app, 'cleo');
      const cleoBot = await createBot(slow.database.db, cleo.id);
      await addKnowledge(slow.database.db, cleo.id, cleoBot, 'Pricing', 'A night costs $80.');
      await saveAiConfig(slow.app, cleo, { provider: 'openai', model: 'gpt-4', apiKey: KEY });
      provider.behave({ type: 'stall', afterChunks: 0 });
      const events = await collect(answerQuestion, {
        ...request(),
        db: slow.database.db,
        member: soloMember(cleo.id),
        chatbotId: cleoBot,
      });
      seen.push(events);
      expect(events).toEqual([
        {
          type: 'failed',
          visitorText: chatbotTexts.aiFailure,
          ownerReason: 'OpenAI did not finish the answer within 0.3 seconds.',
        },
      ]);
    } finally {
      await slow.close();
    }
  });

  it('never connects to a private address unless the operator allows it', async () => {
    const guarded = await buildTestApp({ aiBaseUrls: provider.baseUrls, allowPrivateHosts: false });
    try {
      const dan = await signUp(guarded.app, 'dan');
      const danBot = await createBot(guarded.database.db, dan.id);
      await addKnowledge(guarded.database.db, dan.id, danBot, 'Pricing', 'A night costs $80.');
      const before = provider.requests.length;
      for (const input of [
        { provider: 'openai', model: 'gpt-4', apiKey: KEY },
        { provider: 'openaiCompatible', model: 'llama3.1', baseUrl: `${provider.url}/v1` },
        { provider: 'openaiCompatible', model: 'llama3.1', baseUrl: 'http://localhost:11434/v1' },
      ] as const) {
        expect((await saveAiConfig(guarded.app, dan, input)).statusCode).toBe(200);
        const events = await collect(answerQuestion, {
          ...request(),
          db: guarded.database.db,
          member: soloMember(dan.id),
          chatbotId: danBot,
        });
        seen.push(events);
        expect(lastOf(events)).toMatchObject({ type: 'failed', visitorText: chatbotTexts.aiFailure });
        expect((lastOf(events) as { ownerReason: string }).ownerReason).toMatch(
          /is on a private or local network address.*ALLOW_PRIVATE_HOSTS/,
        );
      }
      expect(provider.requests.length).toBe(before);
    } finally {
      await guarded.close();
    }
  });

  it('never shows the key: not in an event, a stored error or a printed line', () => {
    expect(seen.length).toBeGreaterThan(20);
    const all = JSON.stringify(seen) + printed.join('\n');
    for (const key of [KEY, WRONG_KEY, 'or-key-1234']) expect(all).not.toContain(key);
  });
});
