import { pathOf } from '@common/api-url';
import type { ChatExpectation, ChatInput, ChatMessage, ChatTurn } from '@common/chatbots';
import { chatbotsPublicRoutes as routes } from '@common/chatbots-public-routes';
import { ApiError, readError } from '../../../lib/api';
import { readEventStream } from './event-stream';

/* The visitor's calls (common/chatbots.ts, "The visitor's API"), for /chat/{id}, the widget's frame and the builder's
   Preview. No zod here (a public page's budget, bench/bundle.ts): the routes come without their schemas, and answers
   are checked by hand for what the chat uses. */

export interface PublicChatbot {
  id: string;
  name: string;
}

export interface StartedConversation extends ChatTurn {
  conversationId: string;
  token: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function unexpected(): never {
  throw new Error('Unexpected answer from the chat');
}

function asMessage(value: unknown): ChatMessage {
  if (!isRecord(value) || (value.role !== 'bot' && value.role !== 'visitor') || typeof value.text !== 'string')
    unexpected();
  return {
    role: value.role,
    text: value.text,
    sources: isStrings(value.sources) ? value.sources : [],
    createdAt: typeof value.createdAt === 'string' ? value.createdAt : '',
  };
}

function asExpectation(value: unknown): ChatExpectation {
  if (!isRecord(value)) unexpected();
  switch (value.type) {
    case 'text': {
      const kinds = ['text', 'email', 'phone', 'number', 'date'] as const;
      const kind = kinds.find((k) => k === value.kind) ?? 'text';
      return { type: 'text', kind, buttons: isStrings(value.buttons) ? value.buttons : [] };
    }
    case 'buttons':
      return { type: 'buttons', labels: isStrings(value.labels) ? value.labels : unexpected() };
    case 'slots': {
      if (!Array.isArray(value.slots)) unexpected();
      const slots = value.slots.map((slot: unknown) =>
        isRecord(slot) && typeof slot.start === 'string' && typeof slot.end === 'string'
          ? { start: slot.start, end: slot.end }
          : unexpected(),
      );
      return { type: 'slots', slots, skipLabel: typeof value.skipLabel === 'string' ? value.skipLabel : null };
    }
    default:
      return { type: 'none' };
  }
}

export function asTurn(value: unknown): ChatTurn {
  if (!isRecord(value) || !Array.isArray(value.messages)) unexpected();
  return { messages: value.messages.map(asMessage), expect: asExpectation(value.expect) };
}

async function call(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...(init.headers as Record<string, string>) };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.token) headers['X-Chat-Token'] = init.token;
  const response = await fetch(path, { ...init, headers, credentials: 'same-origin' });
  if (!response.ok) throw await readError(response);
  return response;
}

/** The bot's name; 404 (ApiError) when it is unknown or not available. */
export async function fetchChatbot(chatbotId: string): Promise<PublicChatbot> {
  const data: unknown = await (await call(pathOf(routes.bot, { id: chatbotId }))).json();
  if (!isRecord(data) || typeof data.id !== 'string' || typeof data.name !== 'string') unexpected();
  return { id: data.id, name: data.name };
}

export async function startConversation(
  chatbotId: string,
  options: { timeZone?: string; preview?: boolean },
): Promise<StartedConversation> {
  const response = await call(pathOf(routes.start, { id: chatbotId }), {
    method: routes.start.method,
    body: JSON.stringify(options),
  });
  const data: unknown = await response.json();
  if (!isRecord(data) || typeof data.conversationId !== 'string' || typeof data.token !== 'string') unexpected();
  return { conversationId: data.conversationId, token: data.token, ...asTurn(data) };
}

/** The transcript so far and what comes next; 404 once the conversation is gone. */
export async function resumeConversation(chatbotId: string, conversationId: string, token: string): Promise<ChatTurn> {
  return asTurn(await (await call(pathOf(routes.resume, { id: chatbotId, conversationId }), { token })).json());
}

/** A `delta` event's text: JSON `{ text }` (so a chunk's own spaces and newlines survive), or the raw data. */
function deltaText(data: string): string {
  try {
    const parsed: unknown = JSON.parse(data);
    if (isRecord(parsed) && typeof parsed.text === 'string') return parsed.text;
    if (typeof parsed === 'string') return parsed;
  } catch {
    // Not JSON: the chunk as it came.
  }
  return data;
}

/**
 * Sends the visitor's input and reads the reply as it streams: each chunk of an AI answer goes to `onDelta`, and
 * the whole turn is returned at the end. A server that answers JSON instead is read the same way, without chunks.
 */
export async function sendTurn(
  chatbotId: string,
  conversationId: string,
  token: string,
  input: ChatInput,
  onDelta: (text: string) => void,
): Promise<ChatTurn> {
  const response = await call(pathOf(routes.turn, { id: chatbotId, conversationId }), {
    method: routes.turn.method,
    token,
    body: JSON.stringify(input),
    headers: { Accept: 'text/event-stream' },
  });
  if (!response.headers.get('content-type')?.startsWith('text/event-stream') || !response.body)
    return asTurn(await response.json());
  for await (const { event, data } of readEventStream(response.body)) {
    if (event === 'delta') onDelta(deltaText(data));
    else if (event === 'turn') return asTurn(JSON.parse(data));
    else if (event === 'error') {
      const body: unknown = JSON.parse(data);
      throw new ApiError(500, isRecord(body) && typeof body.error === 'string' ? body.error : 'Request failed');
    }
  }
  throw new Error('The reply ended early');
}
