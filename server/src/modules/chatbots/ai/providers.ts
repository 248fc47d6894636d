import { createHash } from 'node:crypto';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { SpecAiProvider } from '@common/ai-config';
import type { AiCredentials } from '../../ai-config/service';
import { providerModelId } from './models';

/** Where each spec provider's API is, unless the operator points it elsewhere (OPENAI_BASE_URL…). */
export const defaultBaseUrls: Record<SpecAiProvider, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  google: 'https://generativelanguage.googleapis.com/v1beta',
};

export interface ProviderSettings {
  /** The operator's addresses for the spec providers; the defaults above otherwise. */
  baseUrls?: Partial<Record<SpecAiProvider, string>>;
  /** Every request of the SDK goes through it: the private-address guard (net/guarded-fetch.ts). */
  fetch: typeof fetch;
}

/** The base URL a call goes to: the endpoint's own, the operator's, or the provider's. */
export function baseUrlOf(credentials: AiCredentials, settings: Pick<ProviderSettings, 'baseUrls'>): string {
  if (credentials.provider === 'openaiCompatible') return credentials.baseUrl ?? '';
  return settings.baseUrls?.[credentials.provider] ?? defaultBaseUrls[credentials.provider];
}

/**
 * The owner's model through the AI SDK. The key is given explicitly: the SDK would otherwise read the server's
 * environment (OPENAI_API_KEY…), which is the operator's, not the owner's. OpenAI is asked through its chat
 * completions API, the one every compatible endpoint also speaks.
 */
export function languageModelOf(credentials: AiCredentials, settings: ProviderSettings): LanguageModel {
  const apiKey = credentials.apiKey ?? '';
  const baseURL = baseUrlOf(credentials, settings);
  const modelId = providerModelId(credentials.provider, credentials.model);
  const { fetch } = settings;
  switch (credentials.provider) {
    case 'openai':
      return createOpenAI({ apiKey, baseURL, fetch }).chat(modelId);
    case 'anthropic':
      return createAnthropic({ apiKey, baseURL, fetch })(modelId);
    case 'google':
      return createGoogleGenerativeAI({ apiKey, baseURL, fetch })(modelId);
    case 'openaiCompatible':
      return createOpenAICompatible({
        name: 'openaiCompatible',
        baseURL,
        ...(apiKey ? { apiKey } : {}),
        fetch,
        includeUsage: true,
      }).chatModel(modelId);
  }
}

/** Models kept per app's settings, at most this many (the least recently asked goes first). */
const MODELS_KEPT = 100;
const keptModels = new WeakMap<ProviderSettings, Map<string, LanguageModel>>();

/**
 * `languageModelOf`, kept for the next answer with the same provider, model, address and key: making a model builds
 * its response schemas, a tenth of an AI turn's CPU when made for every answer. Kept by a hash, not by the key.
 */
export function keptLanguageModelOf(credentials: AiCredentials, settings: ProviderSettings): LanguageModel {
  const { provider, model, apiKey } = credentials;
  const id = createHash('sha256')
    .update(JSON.stringify([provider, model, baseUrlOf(credentials, settings), apiKey]))
    .digest('base64url');
  let kept = keptModels.get(settings);
  if (!kept) keptModels.set(settings, (kept = new Map<string, LanguageModel>()));
  const found = kept.get(id);
  if (found) {
    kept.delete(id);
    kept.set(id, found);
    return found;
  }
  const made = languageModelOf(credentials, settings);
  kept.set(id, made);
  if (kept.size > MODELS_KEPT) kept.delete(kept.keys().next().value!);
  return made;
}
