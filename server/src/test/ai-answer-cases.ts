import type { AiConfigInput } from '@common/ai-config';
import type { ProviderApi } from './ai-provider-requests';
import type { AiProviderServer } from './ai-provider-server';

// The AI answer's test cases (modules/chatbots/ai/answer.test.ts): each provider's configuration as the owner saves it
// and as the provider's API receives it, and each failure the stand-in (ai-provider-server.ts) plays, with the owner's
// reason for it from each API.

export const KEY = 'sk-test-Secret-Key-Of-Ann-0123456789';
export const WRONG_KEY = 'sk-test-Wrong-Key-9876543210';

/** Each provider as the owner saves it, the model id its API receives, and the header its key goes in. */
export const configs: Array<{ api: ProviderApi; input: AiConfigInput; modelSent: string; keyHeader: string }> = [
  {
    api: 'openai',
    input: { provider: 'openai', model: 'gpt-4-turbo', apiKey: KEY },
    modelSent: 'gpt-4-turbo',
    keyHeader: 'authorization',
  },
  {
    api: 'anthropic',
    input: { provider: 'anthropic', model: 'claude-3-haiku', apiKey: KEY },
    modelSent: 'claude-3-haiku-20240307',
    keyHeader: 'x-api-key',
  },
  {
    api: 'google',
    input: { provider: 'google', model: 'gemini-1.5-pro', apiKey: KEY },
    modelSent: 'gemini-1.5-pro',
    keyHeader: 'x-goog-api-key',
  },
];

/** What the stand-in does, and the reason the owner reads from each API. */
export const failures: Array<{
  behaviour: Parameters<AiProviderServer['behave']>[0] | 'wrongKey';
  reasons: Record<ProviderApi, RegExp>;
}> = [
  {
    behaviour: 'wrongKey',
    reasons: {
      openai:
        /^OpenAI refused the API key \(401\): Incorrect API key provided.*Check the key in Settings → AI Configuration\.$/,
      anthropic: /^Anthropic refused the API key \(401\): invalid x-api-key/,
      google: /^Google refused the API key \(400\): API key not valid/,
    },
  },
  {
    behaviour: { type: 'rateLimit' },
    reasons: {
      openai: /^OpenAI is limiting requests \(429.*\): Rate limit reached for gpt-4-turbo/,
      anthropic: /^Anthropic is limiting requests \(429.*\): Number of requests has exceeded/,
      google: /^Google is limiting requests \(429.*\): Resource has been exhausted/,
    },
  },
  {
    behaviour: { type: 'serverError' },
    reasons: {
      openai: /^OpenAI had a server error \(500\): The server had an error/,
      anthropic: /^Anthropic had a server error \(500\): Internal server error/,
      google: /^Google had a server error \(500\): An internal error has occurred/,
    },
  },
  {
    behaviour: { type: 'unknownModel' },
    reasons: {
      openai: /^OpenAI does not know the model “gpt-4-turbo” \(404\)/,
      anthropic: /^Anthropic does not know the model “claude-3-haiku-20240307” \(404\)/,
      google: /^Google does not know the model “gemini-1.5-pro” \(404\)/,
    },
  },
  {
    behaviour: { type: 'stall', afterChunks: 1 },
    reasons: {
      openai: /^OpenAI stopped sending the answer: nothing came for 0.4 seconds\.$/,
      anthropic: /^Anthropic stopped sending the answer: nothing came for 0.4 seconds\.$/,
      google: /^Google stopped sending the answer: nothing came for 0.4 seconds\.$/,
    },
  },
];
