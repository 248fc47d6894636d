import { z } from 'zod';
import { aiProviders as specAiProviders } from './constants';

/**
 * The spec's three providers (part 2 §5), then, beyond the spec, an OpenAI-compatible endpoint (issue "AI chatbot"):
 * a base URL, an optional key and any model name, for a local or open model (Ollama, LM Studio, vLLM, OpenRouter).
 */
export const aiProviders = [...specAiProviders, 'openaiCompatible'] as const;
export type AiProvider = (typeof aiProviders)[number];
export type SpecAiProvider = (typeof specAiProviders)[number];

export const aiProviderLabels: Record<AiProvider, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  openaiCompatible: 'OpenAI-compatible endpoint',
};

/** Part 2 §5: the first model of each provider is its default. A compatible endpoint has no list: its model is typed. */
export const aiModels = {
  openai: ['gpt-4', 'gpt-4-turbo', 'gpt-3.5-turbo'],
  anthropic: ['claude-3-opus', 'claude-3-sonnet', 'claude-3-haiku'],
  google: ['gemini-1.5-pro', 'gemini-1.5-ultra'],
  openaiCompatible: [],
} as const satisfies Record<AiProvider, readonly string[]>;

export const MAX_AI_MODEL = 200;
export const MAX_AI_BASE_URL = 500;

export const aiMessages = {
  loadFailed: 'Failed to load AI configuration',
  saveFailed: 'Failed to save AI configuration',
  saved: 'AI configuration saved successfully',
  providerInvalid: 'Choose OpenAI, Anthropic, Google or an OpenAI-compatible endpoint',
  modelInvalid: 'Choose a model of the selected provider',
  modelRequired: 'Model is required',
  modelFormat: 'Enter the model’s id as the provider names it, without spaces (e.g. llama3.1:8b)',
  modelTooLong: `Model must be at most ${MAX_AI_MODEL} characters`,
  keyRequired: 'API key is required',
  keyTooLong: 'API key must be at most 500 characters',
  baseUrlRequired: 'Base URL is required',
  baseUrlInvalid: 'Enter the endpoint’s URL, starting with http:// or https:// (e.g. http://localhost:11434/v1)',
  baseUrlCredentials: 'Put the key in API Key, not in the URL',
  baseUrlTooLong: `Base URL must be at most ${MAX_AI_BASE_URL} characters`,
  /** The model picker's last choice: any model id of the provider, typed. */
  otherModel: 'Other model',
} as const;

/**
 * A model id as providers spell them: "gpt-4o", "claude-3-5-haiku-latest", "llama3.1:8b", "openai/gpt-4o",
 * "hf.co/org/model:Q4_K_M". It becomes part of a URL path for Google, so nothing that would end or climb the path.
 */
const MODEL_ID = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/;

/** The spec's model names of every provider but this one: choosing one of them is a slip, not "another model". */
const isAnotherProvidersModel = (provider: AiProvider, model: string) =>
  aiProviders.some((other) => other !== provider && (aiModels[other] as readonly string[]).includes(model));

/** An absolute http(s) URL, host names and IP addresses alike (a local model is often at 127.0.0.1). */
function baseUrlProblem(value: string): string | null {
  if (/\s|\\/.test(value) || !/^https?:\/\//i.test(value)) return aiMessages.baseUrlInvalid;
  try {
    const url = new URL(value);
    if (!url.hostname) return aiMessages.baseUrlInvalid;
    if (url.username || url.password) return aiMessages.baseUrlCredentials;
    return null;
  } catch {
    return aiMessages.baseUrlInvalid;
  }
}

/**
 * GET /api/settings/ai. `apiKeyMasked` shows at most the last four characters ("••••••••ab12"); the key itself
 * never leaves the server (decisions.md item 5); null when none is stored (an endpoint without a key). `baseUrl`
 * only for an OpenAI-compatible endpoint. All null before the first save.
 */
export const aiConfigSchema = z.object({
  provider: z.enum(aiProviders).nullable(),
  model: z.string().nullable(),
  apiKeyMasked: z.string().nullable(),
  baseUrl: z.string().nullable(),
});
export type AiConfig = z.infer<typeof aiConfigSchema>;

/**
 * PUT /api/settings/ai: upserted. The model is one of the provider's listed ones or any id typed under "Other
 * model". A key left out (or empty) keeps the stored one ("unchanged"); the first save of a spec provider needs
 * one ('API key is required', answered by the server when none is stored). An OpenAI-compatible endpoint needs its
 * base URL, and its key is optional.
 */
export const aiConfigInputSchema = z
  .object({
    provider: z.enum(aiProviders, { message: aiMessages.providerInvalid }),
    model: z
      .string({ message: aiMessages.modelInvalid })
      .trim()
      .min(1, aiMessages.modelRequired)
      .max(MAX_AI_MODEL, aiMessages.modelTooLong)
      .refine((model) => MODEL_ID.test(model) && !model.includes('..'), aiMessages.modelFormat),
    apiKey: z
      .string()
      .trim()
      .max(500, aiMessages.keyTooLong)
      .optional()
      .transform((value) => value || undefined),
    baseUrl: z
      .string({ message: aiMessages.baseUrlInvalid })
      .trim()
      .max(MAX_AI_BASE_URL, aiMessages.baseUrlTooLong)
      .nullish()
      .transform((value) => (value ? value.replace(/\/+$/, '') : null)),
  })
  .superRefine(({ provider, model, baseUrl }, context) => {
    if (isAnotherProvidersModel(provider, model)) {
      context.addIssue({ code: 'custom', message: aiMessages.modelInvalid, path: ['model'] });
    }
    if (provider !== 'openaiCompatible') return;
    const problem = baseUrl ? baseUrlProblem(baseUrl) : aiMessages.baseUrlRequired;
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['baseUrl'] });
  })
  // A spec provider's address is the operator's (OPENAI_BASE_URL…), never the user's.
  .transform((input) => ({ ...input, baseUrl: input.provider === 'openaiCompatible' ? input.baseUrl : null }));
export type AiConfigInput = z.input<typeof aiConfigInputSchema>;
