// The bench's lines of the chatbot: a visitor's turn of a Message/Ask loop, and of an AI Answer loop answered by the
// local stand-in for an OpenAI-compatible provider, so the provider's own time is all but nothing.
import { CHAT_TOKEN_HEADER } from '../../common/chatbots';
import type { ConversationState } from '../../common/chatbot-state';
import { aiAnswer, ask, flowOf, message } from '../../server/src/test/chatbot-flows';
import type { FlowDefinition } from '../../common/chatbot-flow';
import type { Db } from '../../server/src/db/client';
import { saveAiConfig } from '../../server/src/modules/ai-config/service';
import { createKnowledge } from '../../server/src/modules/chatbots/knowledge';
import { publishChatbot } from '../../server/src/modules/chatbots/publish';
import { createChatbot, updateChatbot } from '../../server/src/modules/chatbots/service';
import { SecretBox } from '../../server/src/secrets/secret-box';
import type { HttpTarget, RequestPool } from '../load';
import { aiTurnFloorSql, askTurnFloorSql } from './chatbot-floors';
import type { Line, LineContext } from './line';
import { soloMember } from '../../server/src/db/member-scope';

/** The knowledge of the AI bot: question-and-answer entries of a small business's help page. */
const KNOWLEDGE_ENTRIES = 200;
const TOPICS = ['pricing', 'refunds', 'onboarding', 'integrations', 'security', 'support', 'billing', 'exports'];
/** A question whose words are in a few of the entries, as a visitor asks it. */
export const AI_QUESTION = 'How much does the Pro plan cost per month, and can I get a refund?';
const ASK_ANSWER = 'A demo for our sales team';

/** The Ask loop: the visitor's answer is stored, acknowledged, and asked again. */
const askLoop = (): FlowDefinition =>
  flowOf(
    [
      ask('topic', { question: 'What can we help you with?', variable: 'topic' }),
      message('noted', 'Noted: {{topic}}. Anything else?'),
    ],
    [
      ['topic', 'noted'],
      ['noted', 'topic'],
    ],
  );

/** The AI loop: every question typed is answered from the knowledge (a typed question goes on asking). */
const aiLoop = (): FlowDefinition => flowOf([aiAnswer('answer')], [], { maxAiAnswers: 100 });

export interface ChatbotFixture {
  askBotId: string;
  aiBotId: string;
  /** The AI provider's chat completions, which the AI turn's floor asks as the server does. */
  providerBaseUrl: string;
}

/** Two published, active bots of the bench user, the AI one with its knowledge, and the user's AI provider. */
export async function seedChatbots(
  db: Db,
  userId: string,
  secret: string,
  providerBaseUrl: string,
): Promise<ChatbotFixture> {
  const make = async (name: string, flow: FlowDefinition) => {
    const bot = await createChatbot(db, soloMember(userId), { name, description: null });
    await updateChatbot(db, soloMember(userId), bot.id, { draftFlow: flow, maxAiAnswersPerDay: 100_000 });
    const published = await publishChatbot(db, soloMember(userId), bot.id);
    if ('problems' in published) throw new Error(`bench bot ${name}: ${JSON.stringify(published.problems)}`);
    await updateChatbot(db, soloMember(userId), bot.id, { isActive: true });
    return bot.id;
  };
  const askBotId = await make('Bench questions', askLoop());
  const aiBotId = await make('Bench answers', aiLoop());
  for (let i = 0; i < KNOWLEDGE_ENTRIES; i++) {
    const topic = TOPICS[i % TOPICS.length]!;
    await createKnowledge(db, soloMember(userId), aiBotId, {
      kind: 'qa',
      title: `About ${topic} (${i + 1})`,
      body:
        `Question: what should I know about ${topic}, case ${i + 1}? ` +
        `Answer: our ${topic} policy ${i + 1} covers the Starter, Pro and Business plans; ` +
        (i % 10 === 0 ? 'the Pro plan costs $29 a month and refunds are given within 30 days. ' : '') +
        'write to support for anything this page leaves open.',
    });
  }
  await saveAiConfig(db, new SecretBox(secret), userId, {
    provider: 'openaiCompatible',
    model: 'bench-model',
    apiKey: 'bench-provider-key',
    baseUrl: providerBaseUrl,
  });
  return { askBotId, aiBotId, providerBaseUrl };
}

/**
 * Conversations that a request has to itself while it is in flight (two turns of one conversation at once: one
 * is refused): each request takes the one that waited longest and gives it back when answered. A request still
 * in flight when a measurement ends never gives its conversation back, so none is used twice at once.
 */
interface Started {
  conversationId: string;
  token: string;
}

class ConversationPool implements RequestPool {
  private readonly idle: Array<{ path: string; headers: Record<string, string> }> = [];

  constructor(chatbotId: string, started: Started[]) {
    for (const { conversationId, token } of started)
      this.idle.push({
        path: `/api/public/chatbots/${chatbotId}/conversations/${conversationId}/turns`,
        headers: { [CHAT_TOKEN_HEADER]: token },
      });
  }

  take() {
    const next = this.idle.shift();
    if (!next) throw new Error('the bench ran out of chatbot conversations');
    return next;
  }

  giveBack(request: { path: string; headers: Record<string, string> }) {
    this.idle.push(request);
  }
}

/** Starts `count` conversations of the bot over its public API, as many visitors' widgets would. */
async function startConversations(base: string, chatbotId: string, count: number): Promise<ConversationPool> {
  const started: Started[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${base}/api/public/chatbots/${chatbotId}/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ timeZone: 'UTC' }),
    });
    if (res.status !== 201) throw new Error(`starting a bench conversation answered ${res.status} ${await res.text()}`);
    started.push((await res.json()) as Started);
  }
  return new ConversationPool(chatbotId, started);
}

/** Conversations enough for every measurement of a line (see ConversationPool): its runs never give back 2 × 161. */
export const conversationsPerLine = (quick: boolean) => (quick ? 100 : 600);

/** The visitor's API targets: a JSON turn of the Ask loop, and an AI turn streamed as the widget asks for it. */
export async function chatTargets(
  base: string,
  fixture: ChatbotFixture,
  quick: boolean,
): Promise<{ ask: HttpTarget; ai: HttpTarget }> {
  const count = conversationsPerLine(quick);
  const json = { 'content-type': 'application/json' };
  return {
    ask: {
      method: 'POST',
      path: '',
      headers: json,
      body: JSON.stringify({ type: 'text', text: ASK_ANSWER }),
      pool: await startConversations(base, fixture.askBotId, count),
    },
    ai: {
      method: 'POST',
      path: '',
      headers: { ...json, accept: 'text/event-stream' },
      body: JSON.stringify({ type: 'text', text: AI_QUESTION }),
      pool: await startConversations(base, fixture.aiBotId, count),
    },
  };
}

/** A conversation's state between turns, as the engine leaves it waiting in `blockId`. */
const waitingIn = (blockId: string, phase: 'answer' | 'followUp', variables: Record<string, string>) =>
  JSON.stringify({
    blockId,
    phase,
    variables,
    aiQuestions: phase === 'followUp' ? 1 : 0,
    blocksSinceVisitor: 1,
    offeredSlots: [],
    finished: false,
    error: null,
  } satisfies ConversationState);

type Query = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * The floors' parameters: conversations of their own, put in directly, each call the next of them round and round,
 * so the floor's concurrent turns are on different conversations as the server's are.
 */
export async function turnFloorParams(
  query: Query,
  fixture: ChatbotFixture,
  userId: string,
  tsquery: string,
): Promise<{ ask: () => unknown[]; ai: () => unknown[] }> {
  const make = async (chatbotId: string, state: string) =>
    (
      await query(
        `insert into chatbot_conversations (chatbot_id, workspace_id, user_id, visitor_token_hash, state)
          select $1, $2, $2, 'floor-' || n, $3::jsonb from generate_series(1, 200) n
          returning id, visitor_token_hash as token`,
        [chatbotId, userId, state],
      )
    ).rows as Array<{ id: string; token: string }>;
  const inTurn = (
    rows: Array<{ id: string; token: string }>,
    params: (row: { id: string; token: string }) => unknown[],
  ) => {
    let next = 0;
    return () => params(rows[next++ % rows.length]!);
  };
  const askState = waitingIn('topic', 'answer', { topic: ASK_ANSWER });
  const aiState = waitingIn('answer', 'followUp', {});
  const asked = await make(fixture.askBotId, askState);
  const answered = await make(fixture.aiBotId, aiState);
  return {
    ask: inTurn(asked, ({ id, token }) => [
      id,
      fixture.askBotId,
      token,
      askState,
      ASK_ANSWER,
      `Noted: ${ASK_ANSWER}. Anything else?`,
      'What can we help you with?',
    ]),
    ai: inTurn(answered, ({ id, token }) => [
      id,
      fixture.aiBotId,
      token,
      tsquery,
      aiState,
      AI_QUESTION,
      'Our plans start at $10 a month.',
      JSON.stringify(['About pricing (1)']),
    ]),
  };
}

/** The chat lines' targets need the server (their conversations are started over its API); the floors do not. */
export type ChatTargets = Awaited<ReturnType<typeof chatTargets>>;
const noTarget: HttpTarget = { method: 'POST', path: '' };

export function chatbotLines({ f }: LineContext, chat: ChatTargets | null): Line[] {
  return [
    {
      name: 'POST /api/public/chatbots/:id/conversations/:id/turns (Message/Ask turn)',
      target: chat?.ask ?? noTarget,
      floorSql: askTurnFloorSql,
      floorParams: f.chatFloors.ask,
    },
    {
      name: 'POST /api/public/chatbots/:id/conversations/:id/turns (AI answer, streamed, local provider)',
      target: chat?.ai ?? noTarget,
      floorSql: aiTurnFloorSql,
      floorParams: f.chatFloors.ai,
      floorAlso: () => askProvider(f.chatbots.providerBaseUrl),
    },
  ];
}

/** The provider's streamed answer to the bench question, read to its end: what every AI turn waits for. */
async function askProvider(baseUrl: string): Promise<void> {
  const res = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer bench-provider-key' },
    body: JSON.stringify({
      model: 'bench-model',
      stream: true,
      messages: [
        { role: 'system', content: 'Answer from the passages.' },
        { role: 'user', content: AI_QUESTION },
      ],
    }),
  });
  if (!res.ok) throw new Error(`the AI provider answered ${res.status}`);
  await res.text();
}
