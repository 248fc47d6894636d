import { expectationOf, startConversation, step } from '@common/chatbot-engine';
import type { Effect as AnyEffect, Expectation, StepInput, StepResult } from '@common/chatbot-state';
import {
  chatbotMessages as texts,
  type ChatExpectation,
  type ChatInput,
  type ChatMessage,
  type ChatTurn,
} from '@common/chatbots';
import type { ProductMail } from '../../../product-mail';
import type { Db, Tx } from '../../../db/client';
import { AppError } from '../../../errors';
import { utcMinute } from '../../notifications/notify';
import type { AnswerQuestion } from '../ai/answer-types';
import { answerWithAi, HISTORY_LINES } from './ai-answer';
import { book, captureLead, findSlots, notifyOwner } from './effects';
import {
  findBot,
  findConversation,
  insertConversation,
  liveFlow,
  mayPreview,
  readFlow,
  readTranscript,
  saveStep,
  unavailable,
  conversationGone,
  type Conversation,
  type ConversationLinks,
  type Line,
} from './store';
import { hashVisitorToken, newVisitorToken } from './token';

// The visitor's conversation: each input stepped through the engine, each effect carried out in the flow's order
// and answered with another step, every step stored before the effect it asks for. Storing first is what keeps two
// turns of one conversation from both applying: the second finds the conversation changed (409) or waiting for an
// effect, which refuses a visitor's input (422).

/** Effects one request carries out at most (each needs an answer before the next; a flow cannot loop on them). */
const MAX_EFFECTS = 20;

/** An effect answered by the next step (an End's notification is not: it goes with the step's own storing). */
type Effect = Exclude<AnyEffect, { type: 'notifyOwner' }>;

export interface TurnOptions {
  answerQuestion: AnswerQuestion;
  /** A chunk of an AI answer as it comes (the server-sent events' `delta`). */
  onDelta: (text: string) => void;
  /** An effect that failed: logged, and answered to the engine as failed. */
  onError: (error: unknown) => void;
  /** The visitor left: the AI provider's request ends. */
  signal?: AbortSignal;
  /** The product's own mail, which confirms a booking to the visitor as the booking page does; null when off. */
  mail?: ProductMail | null;
}

/** GET /api/public/chatbots/:id: an active bot with a published flow, as a visitor sees it. */
export async function getPublicBot(db: Db, id: string) {
  const bot = await findBot(db, id);
  if (!bot || !liveFlow(bot)) throw unavailable();
  return { id: bot.id, name: bot.name };
}

export interface StartRequest {
  chatbotId: string;
  preview: boolean;
  /** The signed-in user, who may preview the draft of a bot they see in its workspace. */
  viewerId: string | null;
  ipHash: string | null;
  secret: string;
}

/** POST /api/public/chatbots/:id/conversations: a new conversation, run to what it first waits for. */
export async function startChat(db: Db, request: StartRequest, options: TurnOptions) {
  const bot = await findBot(db, request.chatbotId);
  if (!bot) throw unavailable();
  const isPreview = request.preview && request.viewerId !== null && (await mayPreview(db, bot, request.viewerId));
  if (request.preview && !isPreview) throw unavailable();
  const flow = isPreview ? readFlow(bot.draftFlow) : liveFlow(bot);
  if (!flow) throw unavailable();
  const first = startConversation(flow);
  const token = newVisitorToken();
  const row = await insertConversation(db, {
    bot,
    tokenHash: hashVisitorToken(request.secret, token),
    state: first.state,
    ipHash: request.ipHash,
    preview: isPreview,
  });
  const conversation: Conversation = { ...row, bot, flow, state: first.state, preview: isPreview, stale: false };
  const turn = await advance(db, conversation, first, null, options);
  return { conversationId: row.id, token, ...turn };
}

/** GET …/conversations/:conversationId: the transcript so far and what comes next. */
export async function resumeChat(
  db: Db,
  target: { chatbotId: string; conversationId: string; tokenHash: string },
  options: TurnOptions,
) {
  const conversation = await findConversation(db, target.chatbotId, target.conversationId, target.tokenHash);
  await releaseStaleClaim(db, conversation, options);
  const messages = await readTranscript(db, conversation.id);
  return { messages, expect: publicExpectation(expectationOf(conversation.flow, conversation.state)) };
}

/** POST …/conversations/:conversationId/turns: the visitor's input and all it leads to. */
export async function takeTurn(
  db: Db,
  target: { chatbotId: string; conversationId: string; tokenHash: string },
  input: ChatInput,
  options: TurnOptions,
): Promise<ChatTurn> {
  const conversation = await findConversation(db, target.chatbotId, target.conversationId, target.tokenHash);
  const released = await releaseStaleClaim(db, conversation, options);
  if (conversation.state.finished) throw conversationGone();
  const result = step(conversation.flow, conversation.state, input);
  if (result.refused) throw new AppError(422, texts.inputRefused);
  const line = visitorLine(input);
  const turn = await advance(
    db,
    conversation,
    result,
    line ? { role: 'visitor', text: line, sources: [] } : null,
    options,
  );
  return released ? { ...turn, messages: [...released.messages, ...turn.messages] } : turn;
}

/**
 * A conversation still waiting for an effect long after any effect ends: the server stopped while it ran. The
 * effect is answered as failed (the block's failure line, and the flow goes on), so the visitor is not left
 * waiting for ever. Another request releasing it at the same moment finds it changed (409).
 */
async function releaseStaleClaim(db: Db, conversation: Conversation, options: TurnOptions): Promise<ChatTurn | null> {
  if (!conversation.stale || expectationOf(conversation.flow, conversation.state).type !== 'effect') return null;
  const result = step(conversation.flow, conversation.state, { type: 'effectFailed' });
  if (result.refused) return null;
  return advance(db, conversation, result, null, options);
}

/** The visitor's input as the transcript shows it; a chosen time as "2030-01-02 09:30 UTC". */
function visitorLine(input: ChatInput): string {
  if (input.type === 'text') return input.text.trim();
  if (input.type === 'choice') return input.label.trim();
  const start = new Date(input.start);
  return Number.isNaN(start.getTime()) ? input.start : utcMinute(start);
}

/** The lines before the visitor's question, oldest first, sent to the AI with it. */
async function readHistory(db: Db, conversationId: string) {
  const lines = await readTranscript(db, conversationId, HISTORY_LINES);
  return lines.map(({ role, text }) => ({ role, text }));
}

/** The engine's expectation as the widget gets it: an effect still to be carried out offers nothing. */
function publicExpectation(expect: Expectation): ChatExpectation {
  return expect.type === 'effect' ? { type: 'none' } : expect;
}

/**
 * Stores `first` (with the visitor's line) and carries out its effects one after another, each stored step first,
 * until the conversation waits for the visitor or ends. Answers the bot's lines of the whole turn.
 */
async function advance(
  db: Db,
  conversation: Conversation,
  first: StepResult,
  visitor: Line | null,
  options: TurnOptions,
): Promise<ChatTurn> {
  const said: ChatMessage[] = [];
  let result = first;
  let lines: Line[] = visitor ? [visitor] : [];
  let links: ConversationLinks | undefined;
  let sources: string[] = [];
  const save = async (within?: (tx: Tx) => Promise<void>) => {
    const saved = await saveStep(db, conversation, { state: result.state, lines, links }, within);
    said.push(...saved.said);
    Object.assign(conversation, { version: saved.version, state: result.state });
    lines = [];
    links = undefined;
  };
  for (let done = 0; ; done++) {
    lines.push(...result.messages.map((m, i): Line => ({ role: 'bot', text: m.text, sources: i ? [] : sources })));
    sources = [];
    const notify = result.effects.some((effect) => effect.type === 'notifyOwner');
    const within = notify ? (tx: Tx) => notifyOwner(tx, conversation) : undefined;
    const effect = result.effects.find((e): e is Effect => e.type !== 'notifyOwner');
    if (!effect || done >= MAX_EFFECTS) {
      await save(within);
      break;
    }
    // An effect that writes, or costs a provider's call, is claimed by storing the step that asks for it first.
    const history = effect.type === 'aiAnswer' ? await readHistory(db, conversation.id) : [];
    if (effect.type !== 'findSlots') await save(within);
    let input: StepInput;
    try {
      switch (effect.type) {
        case 'findSlots':
          input = await findSlots(db, conversation, effect.count);
          break;
        case 'captureLead':
          input = await captureLead(db, conversation, effect);
          break;
        case 'book':
          ({ input, links } = await book(db, conversation, effect, options.mail ?? null));
          break;
        case 'aiAnswer': {
          const { answerQuestion, onDelta, signal } = options;
          const outcome = await answerWithAi(db, answerQuestion, conversation, effect, history, onDelta, signal);
          input = outcome.input;
          if (input.type === 'aiAnswered' && input.answer.trim()) sources = outcome.sources;
        }
      }
    } catch (error) {
      options.onError(error);
      input = { type: 'effectFailed' };
    }
    const next = step(conversation.flow, result.state, input);
    if (next.refused) {
      await save();
      break;
    }
    result = next;
  }
  return { messages: said, expect: publicExpectation(result.expect) };
}
