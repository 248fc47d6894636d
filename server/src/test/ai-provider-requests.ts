import type { IncomingMessage } from 'node:http';

// What a request to the AI providers' stand-in (ai-provider-server.ts) says: which API it is for, and its model, key,
// system prompt and messages in one shape, whichever API's body carried them.

export type ProviderApi = 'openai' | 'anthropic' | 'google';

export interface RecordedRequest {
  api: ProviderApi;
  path: string;
  model: string;
  /** The key as the provider's header carried it (Authorization: Bearer, x-api-key, x-goog-api-key); null when none. */
  key: string | null;
  stream: boolean;
  /** The system prompt (OpenAI's system messages, Anthropic's system, Gemini's systemInstruction). */
  system: string;
  /** The conversation, the system prompt left out, as plain text. */
  messages: Array<{ role: 'user' | 'assistant'; text: string }>;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export type Json = Record<string, unknown>;

const textOf = (content: unknown): string => {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : ''))
      .filter(Boolean)
      .join('\n');
  }
  return '';
};

const roleOf = (role: unknown): 'user' | 'assistant' =>
  role === 'assistant' || role === 'model' ? 'assistant' : 'user';

/** What each API's request says, in one shape. */
export function recordOf(
  api: ProviderApi,
  request: IncomingMessage,
  url: URL,
  body: Json,
  pathModel: string,
): RecordedRequest {
  const base = { api, path: url.pathname, headers: request.headers, body };
  if (api === 'openai') {
    const messages = (body.messages as Json[] | undefined) ?? [];
    const auth = request.headers.authorization;
    return {
      ...base,
      model: String(body.model),
      key: auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length) : null,
      stream: body.stream === true,
      system: messages
        .filter((m) => m.role === 'system' || m.role === 'developer')
        .map((m) => textOf(m.content))
        .join('\n'),
      messages: messages
        .filter((m) => m.role !== 'system' && m.role !== 'developer')
        .map((m) => ({ role: roleOf(m.role), text: textOf(m.content) })),
    };
  }
  if (api === 'anthropic') {
    return {
      ...base,
      model: String(body.model),
      key: (request.headers['x-api-key'] as string | undefined) ?? null,
      stream: body.stream === true,
      system: textOf(body.system),
      messages: ((body.messages as Json[] | undefined) ?? []).map((m) => ({
        role: roleOf(m.role),
        text: textOf(m.content),
      })),
    };
  }
  return {
    ...base,
    model: pathModel,
    key: (request.headers['x-goog-api-key'] as string | undefined) ?? url.searchParams.get('key'),
    stream: url.pathname.endsWith(':streamGenerateContent'),
    system: textOf((body.systemInstruction as Json | undefined)?.parts),
    messages: ((body.contents as Json[] | undefined) ?? []).map((m) => ({
      role: roleOf(m.role),
      text: textOf(m.parts),
    })),
  };
}

/** Which API a request is for, and the model named in Gemini's path. */
export function routeOf(method: string | undefined, url: URL): { api: ProviderApi; pathModel: string } | null {
  if (method !== 'POST') return null;
  if (url.pathname === '/v1/chat/completions') return { api: 'openai', pathModel: '' };
  if (url.pathname === '/v1/messages') return { api: 'anthropic', pathModel: '' };
  const gemini = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(url.pathname);
  if (!gemini) return null;
  if (gemini[2] === 'streamGenerateContent' && url.searchParams.get('alt') !== 'sse') return null;
  return { api: 'google', pathModel: decodeURIComponent(gemini[1]!) };
}

/** The request's body, when it is a JSON object. */
export async function readJson(request: IncomingMessage): Promise<Json | null> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  try {
    const value: unknown = JSON.parse(Buffer.concat(parts).toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    return null;
  }
}
