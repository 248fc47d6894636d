import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, generateText, streamText, type LanguageModel } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderApi } from './ai-provider-requests';
import { startAiProviderServer, type AiProviderServer } from './ai-provider-server';

// The local provider speaks each API well enough for the real SDK, whole answers and streams alike; the answer's
// own tests (modules/chatbots/ai/answer.test.ts) stream through it.

let provider: AiProviderServer;
beforeAll(async () => {
  provider = await startAiProviderServer();
});
afterEach(() => {
  provider.behave({ type: 'answer', chunks: ['Hello ', 'there.'] });
  provider.acceptKeys(null);
});
afterAll(() => provider.close());

const models: Record<ProviderApi, () => LanguageModel> = {
  openai: () => createOpenAI({ apiKey: 'k-openai', baseURL: provider.baseUrls.openai }).chat('gpt-4'),
  anthropic: () =>
    createAnthropic({ apiKey: 'k-anthropic', baseURL: provider.baseUrls.anthropic })('claude-3-haiku-20240307'),
  google: () => createGoogleGenerativeAI({ apiKey: 'k-google', baseURL: provider.baseUrls.google })('gemini-1.5-pro'),
};

const prompt = { system: 'Be brief.', prompt: 'Hi?', maxRetries: 0 };

describe('the local AI provider', () => {
  for (const api of ['openai', 'anthropic', 'google'] as const) {
    it(`answers ${api}’s whole-answer call in its wire format`, async () => {
      provider.behave({ type: 'answer', chunks: ['Hello ', 'there.'] });
      const before = provider.requests.length;
      const result = await generateText({ model: models[api](), ...prompt });
      expect(result.text).toBe('Hello there.');
      expect(result.finishReason).toBe('stop');
      expect(result.usage.inputTokens).toBe(42);
      expect(provider.requests.slice(before)).toMatchObject([
        { api, stream: false, key: `k-${api}`, system: 'Be brief.', messages: [{ role: 'user', text: 'Hi?' }] },
      ]);
    });

    it(`streams ${api}’s answer chunk by chunk`, async () => {
      provider.behave({ type: 'answer', chunks: ['Hello ', 'there', '.'] });
      const result = streamText({ model: models[api](), ...prompt, onError: () => {} });
      const chunks: string[] = [];
      for await (const text of result.textStream) chunks.push(text);
      expect(chunks).toEqual(['Hello ', 'there', '.']);
      expect(await result.finishReason).toBe('stop');
      expect(provider.requests.at(-1)).toMatchObject({ api, stream: true });
    });

    it(`answers ${api}’s errors with the provider’s status and message`, async () => {
      provider.acceptKeys(['another key']);
      const error = await generateText({ model: models[api](), ...prompt }).catch((caught: unknown) => caught);
      expect(APICallError.isInstance(error)).toBe(true);
      expect((error as APICallError).statusCode).toBe(api === 'google' ? 400 : 401);
      provider.acceptKeys(null);
      provider.behave({ type: 'rateLimit' });
      const limited = await generateText({ model: models[api](), ...prompt }).catch((caught: unknown) => caught);
      expect((limited as APICallError).statusCode).toBe(429);
      expect((limited as APICallError).message).toMatch(/rate limit|exhausted/i);
    });
  }

  it('refuses what is no provider’s API', async () => {
    const res = await fetch(`${provider.url}/v1/embeddings`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
    const bad = await fetch(`${provider.url}/v1/chat/completions`, { method: 'POST', body: 'not json' });
    expect(bad.status).toBe(400);
  });
});
