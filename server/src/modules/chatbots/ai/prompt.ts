import type { HistoryLine } from './answer-types';
import type { Passage } from './retrieval';

/** Lines of the conversation sent before the question: the last few turns are what a follow-up question leans on. */
export const MAX_HISTORY_LINES = 10;
const MAX_LINE = 2000;
const MAX_PASSAGE = 4000;

export const promptTexts = {
  role: 'You are the chat assistant on a business’s website. Answer the visitor’s question briefly and politely, in the language they write in.',
  onlyFromKnowledge:
    'Answer only from the passages of the knowledge base below. If they do not contain the answer, say that you do not know; never guess or make up facts, prices or promises.',
  knowledgeFirst:
    'Prefer the passages of the knowledge base below; when they do not cover the question, answer only what you are sure of and say when you are not.',
  noPassages: 'No passage of the knowledge base matched this question.',
  instructionsHeading: 'The business’s instructions:',
  passagesHeading: 'Passages of the knowledge base:',
} as const;

const clip = (text: string, length: number) => (text.length > length ? `${text.slice(0, length)}…` : text);

/** The system prompt: the role, the business's instructions, the rule about the knowledge, and the passages. */
export function systemPrompt(instructions: string, passages: Passage[], answerOnlyFromKnowledge: boolean): string {
  const parts: string[] = [promptTexts.role];
  if (instructions.trim()) parts.push(`${promptTexts.instructionsHeading}\n${instructions.trim()}`);
  parts.push(answerOnlyFromKnowledge ? promptTexts.onlyFromKnowledge : promptTexts.knowledgeFirst);
  if (passages.length) {
    const listed = passages.map(
      (passage, index) => `[${index + 1}] ${passage.title}\n${clip(passage.text.trim(), MAX_PASSAGE)}`,
    );
    parts.push(`${promptTexts.passagesHeading}\n\n${listed.join('\n\n')}`);
  } else parts.push(promptTexts.noPassages);
  return parts.join('\n\n');
}

export interface PromptMessage {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * The last turns and the question as chat messages. Some providers want the first message to be the user's and the
 * roles to alternate: the bot's greeting before the visitor's first line is left out, and lines in a row of one
 * side are joined.
 */
export function promptMessages(history: HistoryLine[], question: string): PromptMessage[] {
  const lines = [...history.slice(-MAX_HISTORY_LINES), { role: 'visitor' as const, text: question }];
  const messages: PromptMessage[] = [];
  for (const line of lines) {
    const text = clip(line.text.trim(), MAX_LINE);
    if (!text) continue;
    const role = line.role === 'visitor' ? 'user' : 'assistant';
    const last = messages.at(-1);
    if (!last && role === 'assistant') continue;
    if (last?.role === role) last.content = `${last.content}\n\n${text}`;
    else messages.push({ role, content: text });
  }
  return messages;
}

/** The titles named under an answer: each passage's entry once, in the order they were sent. */
export const sourcesOf = (passages: Passage[]) => [...new Set(passages.map((passage) => passage.title))];
