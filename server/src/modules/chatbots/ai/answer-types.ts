import type { Db } from '../../../db/client';
import type { Member } from '../../../db/member-scope';

/* What a chatbot's AI Answer asks of the AI module (ai/answer.ts) and what comes back: the conversation's side
   (public routes) streams the events to the visitor and stores the result; the AI side retrieves the passages,
   calls the owner's provider and says what went wrong in words for each audience. */

/** One earlier line of the conversation, sent to the provider as context. */
export interface HistoryLine {
  role: 'bot' | 'visitor';
  text: string;
}

export interface AnswerRequest {
  db: Db;
  /** The bot's owner in the bot's workspace: whose AI configuration is used, and where the bot's knowledge is. */
  member: Member;
  chatbotId: string;
  question: string;
  /** The AI Answer block's instructions (may be empty). */
  instructions: string;
  /** The last turns before the question, oldest first. */
  history: HistoryLine[];
  /** When retrieval finds nothing relevant, say so instead of letting the model guess. */
  answerOnlyFromKnowledge: boolean;
  /** false when the bot is known to show no AI failure: an answer that works then writes nothing to clear one. */
  hasAiError?: boolean;
  /** Ends the provider's request (the visitor left). */
  signal?: AbortSignal;
}

export type AnswerEvent =
  /** A chunk of the answer's text as the provider streams it. */
  | { type: 'delta'; text: string }
  /** The whole answer, with the titles of the passages it used. */
  | { type: 'done'; text: string; sources: string[] }
  /**
   * Nothing relevant in the knowledge, with answerOnlyFromKnowledge on: no provider call was made; the
   * conversation says it does not know and offers the next step.
   */
  | { type: 'unknown'; text: string }
  /** The provider failed: a friendly line for the visitor, the provider's reason for the owner (never the key). */
  | { type: 'failed'; visitorText: string; ownerReason: string };

export type AnswerQuestion = (request: AnswerRequest) => AsyncIterable<AnswerEvent>;
