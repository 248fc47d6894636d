import type { KnowledgeKind } from './chatbots';

/* A knowledge entry cut into the passages retrieval ranks and the AI is sent (issue "AI chatbot"). A passage is
   small enough that a few of them fit in a prompt, and whole enough to be read alone: cuts fall between
   paragraphs where they can, else between sentences, else between words. */

/** A passage's most characters; a word longer than this (a pasted URL, a base64 blob) is cut inside. */
export const MAX_PASSAGE_LENGTH = 1000;

export interface Passage {
  /** The entry's title, named under an answer that used the passage. */
  title: string;
  text: string;
}

/**
 * The passages of an entry, in order. A question and its answer are one passage, question first, so the AI sees
 * what was asked; a document is cut into passages of at most MAX_PASSAGE_LENGTH characters, neighbouring
 * paragraphs kept together while they fit.
 */
export function splitIntoPassages(kind: KnowledgeKind, title: string, body: string): Passage[] {
  const text = body.replace(/\r\n?/g, '\n').trim();
  if (kind === 'qa') return [{ title, text: `${title}\n\n${text}` }];
  return packPieces(piecesOf(text), MAX_PASSAGE_LENGTH).map((passage) => ({ title, text: passage }));
}

/** A run of text and what joins it to the piece before it in the same passage. */
interface Piece {
  text: string;
  joiner: string;
}

/** The document's paragraphs, a paragraph too long cut into sentences, a sentence too long into words. */
function piecesOf(text: string): Piece[] {
  const pieces: Piece[] = [];
  for (const paragraph of text.split(/\n[ \t]*\n/)) {
    const trimmed = paragraph.trim();
    if (!trimmed) continue;
    if (trimmed.length <= MAX_PASSAGE_LENGTH) {
      pieces.push({ text: trimmed, joiner: '\n\n' });
      continue;
    }
    const sentences = trimmed.split(/(?<=[.!?…。！？])\s+/).flatMap(cutLongSentence);
    sentences.forEach((sentence, index) => pieces.push({ text: sentence, joiner: index === 0 ? '\n\n' : ' ' }));
  }
  return pieces;
}

/** A sentence over the limit, cut between words; a word over it, cut inside (never inside a surrogate pair). */
function cutLongSentence(sentence: string): string[] {
  if (sentence.length <= MAX_PASSAGE_LENGTH) return [sentence];
  const parts: string[] = [];
  let current = '';
  for (const word of sentence.split(/\s+/)) {
    for (const chunk of cutLongWord(word)) {
      if (current && current.length + 1 + chunk.length > MAX_PASSAGE_LENGTH) {
        parts.push(current);
        current = '';
      }
      current = current ? `${current} ${chunk}` : chunk;
    }
  }
  if (current) parts.push(current);
  return parts;
}

function cutLongWord(word: string): string[] {
  const chunks: string[] = [];
  let rest = word;
  while (rest.length > MAX_PASSAGE_LENGTH) {
    const code = rest.charCodeAt(MAX_PASSAGE_LENGTH - 1);
    const end = code >= 0xd800 && code <= 0xdbff ? MAX_PASSAGE_LENGTH - 1 : MAX_PASSAGE_LENGTH;
    chunks.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  return rest ? [...chunks, rest] : chunks;
}

/** Pieces joined in order into passages of at most `max` characters. */
function packPieces(pieces: Piece[], max: number): string[] {
  const passages: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current && current.length + piece.joiner.length + piece.text.length <= max) {
      current += piece.joiner + piece.text;
      continue;
    }
    if (current) passages.push(current);
    current = piece.text;
  }
  if (current) passages.push(current);
  return passages;
}
