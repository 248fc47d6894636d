import type { Json, ProviderApi } from './ai-provider-requests';

// The answers of the AI providers' stand-in (ai-provider-server.ts) in each API's own shape: whole or streamed
// (server-sent events in the provider's framing), and the providers' own error bodies.

export type ProviderBehaviour =
  /** Answers with these chunks of text (one SSE event each when streaming). */
  | { type: 'answer'; chunks: string[] }
  | { type: 'badKey' }
  | { type: 'rateLimit' }
  | { type: 'serverError' }
  | { type: 'unknownModel' }
  /** Sends the headers and this many chunks, then nothing more, the connection held open. */
  | { type: 'stall'; afterChunks: number };

export const defaultAnswerChunks = ['Our plans ', 'start at ', '$10 a month.'];

/** The providers' own error answers: status and body. */
export function errorOf(api: ProviderApi, kind: Exclude<ProviderBehaviour['type'], 'answer' | 'stall'>, model: string) {
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
export function completeAnswer(api: ProviderApi, model: string, text: string): Json {
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
export function streamEvents(api: ProviderApi, model: string, body: Json) {
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
