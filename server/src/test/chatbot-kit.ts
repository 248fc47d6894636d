import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Block, BlockOf, FlowDefinition } from '@common/chatbot-flow';
import { answerThenCaptureTemplate } from '@common/chatbot-templates';
import { CHAT_TOKEN_HEADER, type ChatTurn } from '@common/chatbots';
import type { Pipeline } from '@common/pipelines';
import type { Db } from '../db/client';
import { chatbotFlows } from '../db/schema';
import type { UserClient } from './test-app';
import type { AnswerEvent, AnswerQuestion, AnswerRequest } from '../modules/chatbots/ai/answer-types';

// Helpers of the visitor's API tests: bots put in the database as the owner's API would leave them, and a
// visitor's requests.

/** A block before it is placed on the canvas. */
export type Unplaced<B = Block> = B extends Block ? Omit<B, 'position'> : never;

/** A flow of these blocks, each one's exit joined to the next, starting at the first. */
export function chainFlow(blocks: Unplaced[], variables: string[] = [], maxAiAnswers = 10): FlowDefinition {
  const placed: Block[] = blocks.map((block, index) => ({ ...block, position: { x: 0, y: index * 160 } }));
  return {
    version: 1,
    start: placed[0]?.id ?? null,
    groups: [{ id: 'main', name: 'Main', blocks: placed }],
    edges: placed.slice(1).map((block, index) => ({
      id: `e${index}`,
      from: placed[index]!.id,
      branch: null,
      to: block.id,
    })),
    variables: variables.map((name) => ({ name })),
    settings: { maxAiAnswers },
  };
}

export const askName: Unplaced<BlockOf<'ask'>> = {
  id: 'ask-name',
  type: 'ask',
  question: 'What’s your name?',
  kind: 'text',
  buttons: [],
  variable: 'name',
  retryText: '',
};
export const askEmail: Unplaced<BlockOf<'ask'>> = {
  id: 'ask-email',
  type: 'ask',
  question: 'Your e-mail, {{name}}?',
  kind: 'email',
  buttons: [],
  variable: 'email',
  retryText: 'That doesn’t look like an e-mail address.',
};
export const offerBooking: Unplaced<BlockOf<'offerBooking'>> = {
  id: 'offer',
  type: 'offerBooking',
  text: 'Pick a time:',
  slotCount: 3,
  skipLabel: 'No thanks',
  nameVariable: 'name',
  emailVariable: 'email',
  bookedText: '',
  noSlotsText: '',
  failureText: '',
};
export const theEnd: Unplaced<BlockOf<'end'>> = { id: 'end', type: 'end', text: 'Bye, {{name}}!', notifyOwner: false };

/** Name, e-mail, then the owner's free times, then the end. */
export const bookingFlow = () => chainFlow([askName, askEmail, offerBooking, theEnd], ['name', 'email']);

/** The template, its lead going to a deal in `pipeline` at its second stage. */
export function leadFlow(pipeline: Pipeline): FlowDefinition {
  const flow = answerThenCaptureTemplate();
  for (const block of flow.groups.flatMap((group) => group.blocks))
    if (block.type === 'captureLead') block.deal = { pipelineId: pipeline.id, stage: pipeline.stages[1]! };
  return flow;
}

/** A new pipeline of the owner's (with the default stages), for a Capture Lead's deal. */
export async function newPipeline(owner: UserClient): Promise<Pipeline> {
  const res = await owner.post('/api/pipelines', { name: 'Website leads' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Pipeline>();
}

/** A bot as the owner's API leaves it: active and published with `flow` unless told otherwise. */
export async function insertBot(
  db: Db,
  owner: UserClient,
  flow: FlowDefinition,
  extra: Partial<typeof chatbotFlows.$inferInsert> = {},
): Promise<string> {
  const [row] = await db
    .insert(chatbotFlows)
    .values({
      userId: owner.id,
      workspaceId: owner.id,
      name: 'Acme Helper',
      isActive: true,
      draftFlow: flow,
      publishedFlow: flow,
      publishedAt: new Date(),
      ...extra,
    })
    .returning({ id: chatbotFlows.id });
  return row!.id;
}

export interface Started extends ChatTurn {
  conversationId: string;
  token: string;
}

export async function start(
  app: FastifyInstance,
  botId: string,
  body: object = {},
  headers: Record<string, string> = {},
): Promise<Started> {
  const res = await startRequest(app, botId, body, headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Started>();
}

export const startRequest = (
  app: FastifyInstance,
  botId: string,
  body: object = {},
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) =>
  app.inject({
    method: 'POST',
    url: `/api/public/chatbots/${botId}/conversations`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
    remoteAddress,
  });

/** A visitor's conversation so far, asked for by its token (none: no token header). */
export const resumeRequest = (app: FastifyInstance, botId: string, conversationId: string, token?: string) =>
  app.inject({
    url: `/api/public/chatbots/${botId}/conversations/${conversationId}`,
    headers: token === undefined ? {} : { [CHAT_TOKEN_HEADER]: token },
  });

/** A visitor's turn, as JSON or (with accept) as the event stream. */
export const send = (
  app: FastifyInstance,
  botId: string,
  chat: Pick<Started, 'conversationId' | 'token'>,
  input: object,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url: `/api/public/chatbots/${botId}/conversations/${chat.conversationId}/turns`,
    headers: { 'content-type': 'application/json', [CHAT_TOKEN_HEADER]: chat.token, ...headers },
    payload: JSON.stringify(input),
    remoteAddress,
  });

/** A turn that must be answered: its ChatTurn. */
export async function say(
  app: FastifyInstance,
  botId: string,
  chat: Pick<Started, 'conversationId' | 'token'>,
  input: object,
): Promise<ChatTurn> {
  const res = await send(app, botId, chat, input);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ChatTurn>();
}

export const texts = (turn: Pick<ChatTurn, 'messages'>) => turn.messages.map((message) => message.text);

/** The events of a text/event-stream body, in order. */
export function parseEvents(body: string): { event: string; data: unknown }[] {
  return body
    .split('\n\n')
    .filter((chunk) => chunk.trim())
    .map((chunk) => {
      const lines = chunk.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7) ?? 'message';
      const data = lines
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) as unknown };
    });
}

/** An AI module standing in for the providers: answers each question with these events, and keeps the requests. */
export function scriptedAnswers(events: (request: AnswerRequest) => AnswerEvent[] | Promise<AnswerEvent[]>) {
  const requests: AnswerRequest[] = [];
  const answerQuestion: AnswerQuestion = async function* (request) {
    requests.push(request);
    for (const event of await events(request)) yield event;
  };
  return { answerQuestion, requests };
}
