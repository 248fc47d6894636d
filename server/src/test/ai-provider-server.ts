import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  completeAnswer,
  defaultAnswerChunks,
  errorOf,
  streamEvents,
  type ProviderBehaviour,
} from './ai-provider-answers';
import { readJson, recordOf, routeOf, type RecordedRequest } from './ai-provider-requests';

/*
 * A stand-in for the AI providers' HTTP APIs on loopback, so tests run the real AI SDK code end to end: OpenAI's
 * chat completions (also what every OpenAI-compatible endpoint speaks), Anthropic's messages, and Gemini's
 * generateContent, each streaming (server-sent events in the provider's own framing) and not, with the providers'
 * own error bodies. It records every request (model, key, system prompt, messages) for the test to assert, and
 * answers as it is told: text, a refused key, a rate limit, a server error, an unknown model, or a stream that stalls.
 * What a request says: ai-provider-requests.ts; the answers in each API's shape: ai-provider-answers.ts.
 */

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
