import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { chatbotTexts, type Effect, type StepInput } from '@common/chatbot-state';
import { allBlocks, fillVariables } from '@common/chatbot-flow';
import type { Db } from '../../../db/client';
import { chatbotAiUsage, chatbotFlows } from '../../../db/schema';
import { selectRows } from '../../../db/select-rows';
import type { AnswerQuestion, HistoryLine } from '../ai/answer-types';
import { botOwner, type Conversation } from './store';

// The AI Answer effect: the bot's daily allowance, the AI module's streamed answer passed on to the visitor as it
// comes, and the engine's next input. The per-conversation allowance is the engine's (state.aiQuestions).

/** Earlier lines sent to the provider with a question. */
export const HISTORY_LINES = 10;
/** The provider's reason kept for the owner, at most. */
const MAX_REASON = 500;

type AiEffect = Extract<Effect, { type: 'aiAnswer' }>;

export interface AiOutcome {
  input: StepInput;
  /** The titles of the knowledge the answer used. */
  sources: string[];
}

/**
 * Counts an answer against the bot's most per UTC day, in one upsert: false, and nothing counted, once the day's
 * allowance is used up (two requests at once cannot both take the last one).
 */
async function takeDailyAnswer(db: Db, conversation: Conversation): Promise<string | null> {
  const max = conversation.bot.maxAiAnswersPerDay;
  if (max <= 0) return null;
  const rows = await selectRows<{ day: string }>(
    db,
    sql`insert into ${chatbotAiUsage} (chatbot_id, day, answers)
      values (${conversation.bot.id}, (now() at time zone 'UTC')::date, 1)
      on conflict (chatbot_id, day) do update set answers = ${chatbotAiUsage.answers} + 1
        where ${chatbotAiUsage.answers} < ${max}
      returning day::text as day`,
  );
  return rows[0]?.day ?? null;
}

/** An answer counted but not given (the provider failed, or there was nothing to answer from). */
async function giveBackDailyAnswer(db: Db, conversation: Conversation, day: string): Promise<void> {
  await db
    .update(chatbotAiUsage)
    .set({ answers: sql`greatest(${chatbotAiUsage.answers} - 1, 0)` })
    .where(and(eq(chatbotAiUsage.chatbotId, conversation.bot.id), eq(chatbotAiUsage.day, day)));
}

/** The provider's failure for the owner's page, or cleared by an answer that worked. */
async function recordAiError(db: Db, conversation: Conversation, reason: string | null): Promise<void> {
  const bot = eq(chatbotFlows.id, conversation.bot.id);
  if (reason === null) {
    await db
      .update(chatbotFlows)
      .set({ aiError: null, aiErrorAt: null })
      .where(and(bot, isNotNull(chatbotFlows.aiError)));
  } else {
    await db
      .update(chatbotFlows)
      .set({ aiError: reason.slice(0, MAX_REASON), aiErrorAt: sql`now()` })
      .where(bot);
  }
}

/** The AI Answer block's own line for a used-up allowance, else the engine's. */
function limitLine(conversation: Conversation): string {
  const block = allBlocks(conversation.flow).find((b) => b.id === conversation.state.blockId);
  const own = block?.type === 'aiAnswer' ? fillVariables(block.limitText, conversation.state.variables).trim() : '';
  return own || chatbotTexts.aiLimit;
}

/**
 * Asks the AI module, passing each chunk to `onDelta` as it comes. An answer is said as it came, with its sources;
 * "nothing in the knowledge" is said as an answer too (the visitor then asks another question or goes on), a used
 * up daily allowance likewise with the block's limit line; a failure is the block's failure line.
 */
export async function answerWithAi(
  db: Db,
  answerQuestion: AnswerQuestion,
  conversation: Conversation,
  effect: AiEffect,
  history: HistoryLine[],
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<AiOutcome> {
  const day = await takeDailyAnswer(db, conversation);
  if (day === null) return { input: { type: 'aiAnswered', answer: limitLine(conversation) }, sources: [] };
  const failed = async (reason: string | null): Promise<AiOutcome> => {
    await giveBackDailyAnswer(db, conversation, day);
    if (reason !== null) await recordAiError(db, conversation, reason);
    return { input: { type: 'effectFailed' }, sources: [] };
  };
  try {
    for await (const event of answerQuestion({
      db,
      member: botOwner(conversation.bot),
      chatbotId: conversation.bot.id,
      question: effect.question,
      instructions: effect.instructions,
      history,
      answerOnlyFromKnowledge: conversation.bot.answerOnlyFromKnowledge,
      hasAiError: conversation.bot.hasAiError,
      signal,
    })) {
      switch (event.type) {
        case 'delta':
          onDelta(event.text);
          break;
        case 'done':
          // A bot read with no failure shown has none to clear (a failure recorded meanwhile: the next answer).
          if (conversation.bot.hasAiError) await recordAiError(db, conversation, null);
          return { input: { type: 'aiAnswered', answer: event.text }, sources: event.sources };
        case 'unknown':
          await giveBackDailyAnswer(db, conversation, day);
          return { input: { type: 'aiAnswered', answer: event.text }, sources: [] };
        case 'failed':
          return await failed(event.ownerReason);
      }
    }
    return await failed(null);
  } catch {
    // The visitor left (the request's signal), or the AI module broke its promise to report failures as events:
    // the conversation must not stay waiting for an answer.
    return await failed(signal?.aborted ? null : 'The answer could not be completed.');
  }
}
