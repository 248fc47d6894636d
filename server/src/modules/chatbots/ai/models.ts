import type { AiProvider } from '@common/ai-config';

/**
 * The spec's model names (part 2 §5) as the providers' APIs name those models today. A name not listed here is sent
 * as it is: the OpenAI names and "gemini-1.5-pro" are already ids, and anything typed under "Other model" is the
 * provider's own id. "gemini-1.5-ultra" never had a public id; it is sent as named and the provider's answer (a
 * model it does not know) reaches the owner as the reason.
 */
const currentModelIds: Partial<Record<AiProvider, Record<string, string>>> = {
  anthropic: {
    'claude-3-opus': 'claude-3-opus-20240229',
    'claude-3-sonnet': 'claude-3-sonnet-20240229',
    'claude-3-haiku': 'claude-3-haiku-20240307',
  },
};

/** The id sent to the provider for the model the user chose. */
export function providerModelId(provider: AiProvider, model: string): string {
  return currentModelIds[provider]?.[model] ?? model;
}
