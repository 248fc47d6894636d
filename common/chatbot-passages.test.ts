import { describe, expect, it } from 'vitest';
import { MAX_PASSAGE_LENGTH, splitIntoPassages } from './chatbot-passages';

const texts = (kind: 'qa' | 'document', body: string) => splitIntoPassages(kind, 'Prices', body).map((p) => p.text);
/** A sentence of about `length` characters, ending with a full stop. */
const sentence = (word: string, length: number) =>
  `${`${word} `.repeat(Math.ceil(length / (word.length + 1)))}`.trim().slice(0, length - 1) + '.';

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('knowledge passages', () => {
  it('keeps a question and its answer together in one passage, question first', () => {
    expect(splitIntoPassages('qa', 'How much is it?', '  It costs 10 €.\r\nPer month.  ')).toEqual([
      { title: 'How much is it?', text: 'How much is it?\n\nIt costs 10 €.\nPer month.' },
    ]);
  });

  it('keeps a short document in one passage with its paragraphs', () => {
    expect(texts('document', 'First paragraph.\n\nSecond paragraph.\n \nThird.')).toEqual([
      'First paragraph.\n\nSecond paragraph.\n\nThird.',
    ]);
  });

  it('cuts a long document between paragraphs, each passage named by the entry’s title', () => {
    const paragraphs = ['a', 'b', 'c', 'd'].map((word) => sentence(word, 400));
    const passages = splitIntoPassages('document', 'Guide', paragraphs.join('\n\n'));
    expect(passages.map((p) => p.text)).toEqual([
      `${paragraphs[0]}\n\n${paragraphs[1]}`,
      `${paragraphs[2]}\n\n${paragraphs[3]}`,
    ]);
    expect(passages.every((p) => p.title === 'Guide')).toBe(true);
  });

  it('cuts a paragraph longer than a passage between its sentences', () => {
    const sentences = ['a', 'b', 'c', 'd', 'e'].map((word) => sentence(word, 300));
    const passages = texts('document', sentences.join(' '));
    expect(passages).toEqual([sentences.slice(0, 3).join(' '), sentences.slice(3).join(' ')]);
  });

  it('cuts a sentence longer than a passage between words, and a word longer than one inside it', () => {
    const long = sentence('word', 2500);
    const passages = texts('document', long);
    expect(passages.length).toBe(3);
    expect(passages.join(' ')).toBe(long);
    const blob = `${'x'.repeat(2100)}`;
    expect(texts('document', blob)).toEqual(['x'.repeat(1000), 'x'.repeat(1000), 'x'.repeat(100)]);
  });

  it('never cuts an emoji in half', () => {
    // The letter first: a cut after 1,000 units would fall between an emoji's two halves.
    const emoji = `a${'😀'.repeat(700)}`;
    const passages = texts('document', emoji);
    expect(passages.join('')).toBe(emoji);
    expect(passages[0]!.length).toBe(999);
    for (const passage of passages) expect(passage).not.toMatch(loneSurrogate);
  });

  it('holds every passage of a large document to the limit and loses no word', () => {
    const words = Array.from(
      { length: 20_000 },
      (_, i) => `w${i}${i % 17 === 0 ? '.' : ''}${i % 301 === 0 ? '\n\n' : ' '}`,
    );
    const body = words.join('').trim();
    const passages = texts('document', body);
    expect(passages.every((passage) => passage.length <= MAX_PASSAGE_LENGTH)).toBe(true);
    expect(passages.join(' ').split(/\s+/)).toEqual(body.split(/\s+/));
  });
});
