import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A stand-in for the AI providers' HTTP APIs on loopback, so tests run the real AI SDK code end to end: OpenAI's
 * chat completions (also what every OpenAI-compatible endpoint speaks), Anthropic's messages, and Gemini's
 * generateContent, each streaming (server-sent events in the provider's own framing) and not, with the providers'
 * own error bodies. It records every request (model, key, system prompt, messages) for the test to assert, and
 * answers as it is told: text, a refused key, a rate limit, a server error, an unknown model, or a stream that stalls.
 */

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

export type ProviderBehaviour =
  /** Answers with these chunks of text (one SSE event each when streaming). */
  | { type: 'answer'; chunks: string[] }
  | { type: 'badKey' }
  | { type: 'rateLimit' }
  | { type: 'serverError' }
  | { type: 'unknownModel' }
  /** Sends the headers and this many chunks, then nothing more, the connection held open. */
  | { type: 'stall'; afterChunks: number };

export interface AiProviderServer {
  /** The origin, e.g. http://127.0.0.1:41234. */
  url: string;
  /** Each API's base URL as the SDK takes it (OPENAI_BASE_URL, ANTHROPIC_BASE_URL, GOOGLE_AI_BASE_URL). */
  baseUrls: { openai: string; anthropic: string; google: string };
  requests: RecordedRequest[];
  /** How the following requests are answered (default: the answer "Our plans start at $10 a month."). */
  behave(behaviour: ProviderBehaviour): void;
  /** Only these keys are accepted (others: the provider's refused-key answer); none given: any key. */
  acceptKeys(keys: string[] | null): void;
  close(): Promise<void>;
}

export const defaultAnswerChunks = ['Our plans ', 'start at ', '$10 a month.'];

type Json = Record<string, unknown>;

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
function recordOf(
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

/** The providers' own error answers: status and body. */
function errorOf(api: ProviderApi, kind: Exclude<ProviderBehaviour['type'], 'answer' | 'stall'>, model: string) {
  const openai = (status: number, message: string, type: string, code: string | null) => ({
    status,
    body: { error: { message, type, param: null, code } },
  });
  const anthropic = (status: number, type: string, message: string) => ({
    status,
    body: { type: 'error', error: { type, message } },
  });
  const google = (status: number, message: string, state: string, reason?: string) => ({
    status,
    body: {
      error: {
        code: status,
        message,
        status: state,
        ...(reason
          ? { details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'googleapis.com' }] }
          : {}),
      },
    },
  });
  switch (kind) {
    case 'badKey':
      if (api === 'openai')
        return openai(
          401,
          'Incorrect API key provided: sk-te*****************789.',
          'invalid_request_error',
          'invalid_api_key',
        );
      if (api === 'anthropic') return anthropic(401, 'authentication_error', 'invalid x-api-key');
      // Gemini answers a key it does not know with 400, not 401.
      return google(400, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT', 'API_KEY_INVALID');
    case 'rateLimit':
      if (api === 'openai')
        return openai(
          429,
          `Rate limit reached for ${model} on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.`,
          'requests',
          'rate_limit_exceeded',
        );
      if (api === 'anthropic')
        return anthropic(429, 'rate_limit_error', 'Number of requests has exceeded your per-minute rate limit');
      return google(429, 'Resource has been exhausted (e.g. check quota).', 'RESOURCE_EXHAUSTED');
    case 'serverError':
      if (api === 'openai')
        return openai(
          500,
          'The server had an error while processing your request. Sorry about that!',
          'server_error',
          null,
        );
      if (api === 'anthropic') return anthropic(500, 'api_error', 'Internal server error');
      return google(500, 'An internal error has occurred. Please retry.', 'INTERNAL');
    case 'unknownModel':
      if (api === 'openai')
        return openai(
          404,
          `The model \`${model}\` does not exist or you do not have access to it.`,
          'invalid_request_error',
          'model_not_found',
        );
      if (api === 'anthropic') return anthropic(404, 'not_found_error', `model: ${model}`);
      return google(404, `models/${model} is not found for API version v1beta.`, 'NOT_FOUND');
  }
}

/** A whole (non-streamed) answer in the API's shape. */
function completeAnswer(api: ProviderApi, model: string, text: string): Json {
  const created = Math.floor(Date.now() / 1000);
  if (api === 'openai') {
    return {
      id: 'chatcmpl-test1',
      object: 'chat.completion',
      created,
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: text, refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 42, completion_tokens: 9, total_tokens: 51 },
    };
  }
  if (api === 'anthropic') {
    return {
      id: 'msg_test1',
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 42, output_tokens: 9 },
    };
  }
  return {
    candidates: [{ content: { parts: [{ text }], role: 'model' }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 42, candidatesTokenCount: 9, totalTokenCount: 51 },
    modelVersion: model,
  };
}

/** The stream's events in the API's framing: before the text, one per chunk, after the text. */
function streamEvents(api: ProviderApi, model: string, body: Json) {
  const created = Math.floor(Date.now() / 1000);
  if (api === 'openai') {
    const chunk = (delta: Json, finish: string | null) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-test1', object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
    const usage = (body.stream_options as Json | undefined)?.include_usage
      ? `data: ${JSON.stringify({ id: 'chatcmpl-test1', object: 'chat.completion.chunk', created, model, choices: [], usage: { prompt_tokens: 42, completion_tokens: 9, total_tokens: 51 } })}\n\n`
      : '';
    return {
      head: [chunk({ role: 'assistant', content: '' }, null)],
      chunk: (text: string) => chunk({ content: text }, null),
      tail: [chunk({}, 'stop') + usage + 'data: [DONE]\n\n'],
    };
  }
  if (api === 'anthropic') {
    const event = (name: string, data: Json) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
    return {
      head: [
        event('message_start', {
          type: 'message_start',
          message: {
            id: 'msg_test1',
            type: 'message',
            role: 'assistant',
            model,
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 42, output_tokens: 1 },
          },
        }),
        event('content_block_start', {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'text', text: '' },
        }),
        event('ping', { type: 'ping' }),
      ],
      chunk: (text: string) =>
        event('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }),
      tail: [
        event('content_block_stop', { type: 'content_block_stop', index: 0 }) +
          event('message_delta', {
            type: 'message_delta',
            delta: { stop_reason: 'end_turn', stop_sequence: null },
            usage: { output_tokens: 9 },
          }) +
          event('message_stop', { type: 'message_stop' }),
      ],
    };
  }
  const data = (json: Json) => `data: ${JSON.stringify(json)}\r\n\r\n`;
  return {
    head: [],
    chunk: (text: string) =>
      data({ candidates: [{ content: { parts: [{ text }], role: 'model' }, index: 0 }], modelVersion: model }),
    tail: [
      data({
        candidates: [{ content: { parts: [{ text: '' }], role: 'model' }, finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: 42, candidatesTokenCount: 9, totalTokenCount: 51 },
        modelVersion: model,
      }),
    ],
  };
}

/** Which API a request is for, and the model named in Gemini's path. */
function routeOf(method: string | undefined, url: URL): { api: ProviderApi; pathModel: string } | null {
  if (method !== 'POST') return null;
  if (url.pathname === '/v1/chat/completions') return { api: 'openai', pathModel: '' };
  if (url.pathname === '/v1/messages') return { api: 'anthropic', pathModel: '' };
  const gemini = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(url.pathname);
  if (!gemini) return null;
  if (gemini[2] === 'streamGenerateContent' && url.searchParams.get('alt') !== 'sse') return null;
  return { api: 'google', pathModel: decodeURIComponent(gemini[1]!) };
}

async function readJson(request: IncomingMessage): Promise<Json | null> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  try {
    const value: unknown = JSON.parse(Buffer.concat(parts).toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    return null;
  }
}

const sendJson = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/** Starts the server on a free loopback port. */
export async function startAiProviderServer(): Promise<AiProviderServer> {
  const requests: RecordedRequest[] = [];
  let behaviour: ProviderBehaviour = { type: 'answer', chunks: defaultAnswerChunks };
  let acceptedKeys: string[] | null = null;
  const held = new Set<ServerResponse>();

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const route = routeOf(request.method, url);
      if (!route)
        return sendJson(response, 404, { error: { message: `No route for ${request.method} ${url.pathname}` } });
      const body = await readJson(request);
      if (!body) return sendJson(response, 400, { error: { message: 'The body is not a JSON object' } });
      const record = recordOf(route.api, request, url, body, route.pathModel);
      requests.push(record);

      const now =
        record.key !== null && acceptedKeys && !acceptedKeys.includes(record.key)
          ? { type: 'badKey' as const }
          : behaviour;
      if (now.type !== 'answer' && now.type !== 'stall') {
        const { status, body: error } = errorOf(route.api, now.type, record.model);
        return sendJson(response, status, error);
      }
      const chunks = now.type === 'answer' ? now.chunks : defaultAnswerChunks.slice(0, now.afterChunks);
      if (!record.stream) {
        if (now.type === 'stall') {
          held.add(response);
          response.writeHead(200, { 'content-type': 'application/json' });
          return;
        }
        return sendJson(response, 200, completeAnswer(route.api, record.model, chunks.join('')));
      }
      const events = streamEvents(route.api, record.model, body);
      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      for (const event of events.head) response.write(event);
      for (const text of chunks) response.write(events.chunk(text));
      if (now.type === 'stall') {
        held.add(response);
        response.on('close', () => held.delete(response));
        return;
      }
      for (const event of events.tail) response.write(event);
      response.end();
    })().catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: { message: String(error) } });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    baseUrls: { openai: `${url}/v1`, anthropic: `${url}/v1`, google: `${url}/v1beta` },
    requests,
    behave: (next) => {
      behaviour = next;
    },
    acceptKeys: (keys) => {
      acceptedKeys = keys;
    },
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
