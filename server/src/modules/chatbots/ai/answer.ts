import { and, eq, isNotNull } from 'drizzle-orm';
import { streamText } from 'ai';
import { aiProviderLabels } from '@common/ai-config';
import { chatbotTexts } from '@common/chatbot-state';
import type { Db } from '../../../db/client';
import { visibleTo, type Member } from '../../../db/member-scope';
import { chatbotFlows } from '../../../db/schema';
import { getAiCredentials, type AiCredentials } from '../../ai-config/service';
import type { AnswerEvent, AnswerQuestion, AnswerRequest } from './answer-types';
import { boundAiContext, type AiContext } from './context';
import { ownerReasonOf, ownerReasons, withoutKey, type TimeoutKind } from './failures';
import { providerModelId } from './models';
import { promptMessages, sourcesOf, systemPrompt } from './prompt';
import { baseUrlOf, keptLanguageModelOf } from './providers';
import { findPassages } from './retrieval';

export const answerTexts = {
  /** Retrieval found nothing and the bot answers only from its knowledge: no guess; the flow offers the next step. */
  unknown: 'I’m sorry, I don’t know the answer to that.',
} as const;

/**
 * Answers a visitor's question (answer-types.ts): the bot's passages that match it, then the owner's provider,
 * streamed. With the context of the app that owns `request.db` (context.ts).
 */
export const answerQuestion: AnswerQuestion = (request) => createAnswerQuestion(boundAiContext(request.db))(request);

/** The same with an explicit context. */
export function createAnswerQuestion(context: AiContext): AnswerQuestion {
  return (request) => answer(context, request);
}

async function* answer(context: AiContext, request: AnswerRequest): AsyncGenerator<AnswerEvent> {
  const { db, member, chatbotId } = request;
  const question = request.question.trim();
  const passages = question ? await findPassages(db, member, chatbotId, question) : [];
  if (!question || (request.answerOnlyFromKnowledge && passages.length === 0)) {
    yield { type: 'unknown', text: answerTexts.unknown };
    return;
  }
  // The AI configuration stays per user: the bot's owner's.
  const credentials = await getAiCredentials(db, context.secrets, member.userId);
  if (!credentials || credentials.apiKey === null) {
    const reason = credentials ? ownerReasons.keyUnreadable : ownerReasons.notConfigured;
    await recordFailure(db, member, chatbotId, reason);
    yield failed(reason);
    return;
  }

  const stream = streamAnswer(
    context,
    credentials,
    request,
    systemPrompt(request.instructions, passages, request.answerOnlyFromKnowledge),
  );
  let text = '';
  for await (const event of stream) {
    if (event.type === 'delta') {
      text += event.text;
      yield event;
      continue;
    }
    const reason =
      event.reason ?? (text.trim() ? null : ownerReasons.emptyAnswer(aiProviderLabels[credentials.provider]));
    if (reason === null) {
      if (request.hasAiError !== false) await clearFailure(db, member, chatbotId);
      yield { type: 'done', text, sources: sourcesOf(passages) };
    } else {
      // A visitor who left is not the provider's fault: nothing for the owner to fix.
      if (!event.visitorLeft) await recordFailure(db, member, chatbotId, reason);
      yield failed(reason);
    }
  }
}

const failed = (ownerReason: string): AnswerEvent => ({
  type: 'failed',
  visitorText: chatbotTexts.aiFailure,
  ownerReason,
});

type StreamEvent = { type: 'delta'; text: string } | { type: 'end'; reason: string | null; visitorLeft?: boolean };

/**
 * The provider's reply as text chunks, then how it ended. Our own timers end a call that takes too long in all, or
 * whose stream goes silent (before its first chunk or between two); the silence is measured while waiting for the
 * provider only, not while the visitor's side is busy with a chunk. No retries: the visitor is waiting.
 */
async function* streamAnswer(
  context: AiContext,
  credentials: AiCredentials,
  request: AnswerRequest,
  system: string,
): AsyncGenerator<StreamEvent> {
  const controller = new AbortController();
  let timedOut: TimeoutKind | null = null;
  const stop = (kind: TimeoutKind) => {
    timedOut ??= kind;
    controller.abort(new Error(`AI answer ${kind} timeout`));
  };
  const onLeave = () => controller.abort(request.signal?.reason);
  request.signal?.addEventListener('abort', onLeave, { once: true });
  if (request.signal?.aborted) onLeave();
  const total = setTimeout(() => stop('total'), context.timeoutMs);
  let idle: NodeJS.Timeout | undefined;
  const waitForProvider = () => {
    clearTimeout(idle);
    idle = setTimeout(() => stop('idle'), context.idleTimeoutMs);
  };
  const failure = (error: unknown): StreamEvent => {
    if (request.signal?.aborted && timedOut === null) {
      return { type: 'end', reason: ownerReasons.visitorLeft, visitorLeft: true };
    }
    const reason = ownerReasonOf(error, {
      provider: credentials.provider,
      model: providerModelId(credentials.provider, credentials.model),
      baseUrl: baseUrlOf(credentials, context),
      timedOut,
      timeoutMs: context.timeoutMs,
      idleTimeoutMs: context.idleTimeoutMs,
    });
    return { type: 'end', reason: withoutKey(reason, credentials.apiKey) };
  };

  try {
    waitForProvider();
    const result = streamText({
      model: keptLanguageModelOf(credentials, context),
      system,
      messages: promptMessages(request.history, request.question),
      abortSignal: controller.signal,
      maxRetries: 0,
      // Failures arrive as the stream's error part and are told to the owner; the SDK's default prints the whole
      // error (request body included) to the console.
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        clearTimeout(idle);
        if (part.text) yield { type: 'delta', text: part.text };
        waitForProvider();
      } else if (part.type === 'error') {
        yield failure(part.error);
        return;
      } else if (part.type === 'abort') {
        yield failure(controller.signal.reason);
        return;
      } else waitForProvider();
    }
    if (controller.signal.aborted) yield failure(controller.signal.reason);
    else yield { type: 'end', reason: null };
  } catch (error) {
    yield failure(error);
  } finally {
    clearTimeout(total);
    clearTimeout(idle);
    request.signal?.removeEventListener('abort', onLeave);
    // The visitor's side stopped reading (or the answer ended): nothing more is asked of the provider.
    controller.abort();
  }
}

/** Shows the owner what went wrong on the bot's page (chatbot_flows.ai_error), never the key. */
async function recordFailure(db: Db, member: Member, chatbotId: string, reason: string): Promise<void> {
  await db
    .update(chatbotFlows)
    .set({ aiError: reason, aiErrorAt: new Date() })
    .where(and(eq(chatbotFlows.id, chatbotId), visibleTo(chatbotFlows, member)));
}

/** An answer worked: the last failure is no longer news. Written only when there is one to clear. */
async function clearFailure(db: Db, member: Member, chatbotId: string): Promise<void> {
  await db
    .update(chatbotFlows)
    .set({ aiError: null, aiErrorAt: null })
    .where(and(eq(chatbotFlows.id, chatbotId), visibleTo(chatbotFlows, member), isNotNull(chatbotFlows.aiError)));
}
