import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soloMember } from '../../../db/member-scope';
import { buildTestApp, signUp, type TestApp } from '../../../test/test-app';
import { anyWordQuery, findPassages, MAX_PASSAGES } from './retrieval';
import { addKnowledge, createBot } from '../../../test/chatbot-knowledge';

let t: TestApp;
let annId: string;
let bobId: string;
let annBot: string;
let annOtherBot: string;
let bobBot: string;

beforeAll(async () => {
  t = await buildTestApp();
  annId = (await signUp(t.app, 'ann')).id;
  bobId = (await signUp(t.app, 'bob')).id;
  const db = t.database.db;
  annBot = await createBot(db, annId);
  annOtherBot = await createBot(db, annId, 'Other bot');
  bobBot = await createBot(db, bobId);
  await addKnowledge(db, annId, annBot, 'Pricing', 'Our plans cost $10 a month per seat.\n\nAnnual billing saves 20%.');
  await addKnowledge(db, annId, annBot, 'Refunds', 'We refund any payment within 30 days, no questions asked.');
  await addKnowledge(db, annId, annBot, 'Opening hours', 'The office is open Monday to Friday, 9 to 5.');
  // The same words in another bot of the same owner, and in another owner's bot.
  await addKnowledge(db, annId, annOtherBot, 'Pricing of the other bot', 'Other bot plans cost $99 a month.');
  await addKnowledge(db, bobId, bobBot, 'Bob pricing', 'Bob’s plans cost $1 a month. Refund within 2 days.');
});
afterAll(() => t.close());

const find = (question: string, userId = annId, chatbotId = annBot) =>
  findPassages(t.database.db, soloMember(userId), chatbotId, question);

describe('retrieval from a bot’s knowledge', () => {
  it('finds the passage that shares a word with the question, stemmed, though not every word is in it', async () => {
    const found = await find('How much are your monthly plans? And what about prices for teams?');
    expect(found[0]).toEqual({ title: 'Pricing', text: 'Our plans cost $10 a month per seat.' });
    expect(found.map((p) => p.title)).not.toContain('Refunds');
    expect((await find('Can I get my money refunded?'))[0]?.title).toBe('Refunds');
    expect((await find('When is the office open?'))[0]?.title).toBe('Opening hours');
  });

  it('ranks a passage that matches more words first, and sends at most a few', async () => {
    const found = await find('refund payment plans billing office month');
    expect(found.length).toBeLessThanOrEqual(MAX_PASSAGES);
    expect(found.length).toBeGreaterThanOrEqual(3);
    expect(found[0]?.title).toBe('Refunds');
  });

  it('finds nothing of another bot, the owner’s or another user’s', async () => {
    const titles = (await find('plans cost month refund')).map((p) => p.title);
    expect(titles).not.toContain('Pricing of the other bot');
    expect(titles).not.toContain('Bob pricing');
    expect((await find('plans cost', annId, annOtherBot)).map((p) => p.title)).toEqual(['Pricing of the other bot']);
    expect((await find('plans cost', bobId, bobBot)).map((p) => p.title)).toEqual(['Bob pricing']);
    // A bot id with another owner's id finds nothing.
    expect(await find('plans cost', bobId, annBot)).toEqual([]);
  });

  it('finds nothing for a question that has no word of the knowledge, or only question words', async () => {
    expect(await find('Do you sell bicycles?')).toEqual([]);
    expect(await find('What is it?')).toEqual([]);
    expect(await find('   ')).toEqual([]);
  });

  it('keeps tsquery syntax a visitor types away from to_tsquery', async () => {
    expect(anyWordQuery("refund & plans | !office (hours):* <-> 'x' \\ price")).toBe(
      'refund | plans | office | hours | price',
    );
    for (const question of [
      "'",
      '\\',
      '!!',
      'a:*',
      '(refund',
      "refund' | 'x",
      '<->',
      '&|!():*',
      'refund:A',
      "o'clock",
    ]) {
      await expect(find(question)).resolves.toBeInstanceOf(Array);
    }
    expect((await find('(refund) & !payment')).map((p) => p.title)).toEqual(['Refunds']);
    expect((await find('refund:*'))[0]?.title).toBe('Refunds');
  });

  it('reads words of any script and bounds the query', () => {
    expect(anyWordQuery('Où est le café? Preis für Ärzte')).toBe('où | est | le | café | preis | für | ärzte');
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    expect(anyWordQuery(long)!.split(' | ')).toHaveLength(16);
    expect(anyWordQuery(`${'x'.repeat(41)} ok`)).toBe('ok');
    expect(anyWordQuery('what is it?')).toBeNull();
  });
});
