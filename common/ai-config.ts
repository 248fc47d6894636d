import { z } from 'zod';
import { aiProviders } from './constants';

export type AiProvider = (typeof aiProviders)[number];

export const aiProviderLabels: Record<AiProvider, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
};

/** Part 2 §5: the first model of each provider is its default. */
export const aiModels = {
  openai: ['gpt-4', 'gpt-4-turbo', 'gpt-3.5-turbo'],
  anthropic: ['claude-3-opus', 'claude-3-sonnet', 'claude-3-haiku'],
  google: ['gemini-1.5-pro', 'gemini-1.5-ultra'],
} as const satisfies Record<AiProvider, readonly string[]>;

export const aiMessages = {
  loadFailed: 'Failed to load AI configuration',
  saveFailed: 'Failed to save AI configuration',
  saved: 'AI configuration saved successfully',
  providerInvalid: 'Choose OpenAI, Anthropic or Google',
  modelInvalid: 'Choose a model of the selected provider',
  keyRequired: 'API key is required',
  keyTooLong: 'API key must be at most 500 characters',
} as const;

/**
 * GET /api/settings/ai. `apiKeyMasked` shows at most the last four characters ("••••••••ab12"); the key itself
 * never leaves the server (decisions.md item 5). All null before the first save.
 */
export const aiConfigSchema = z.object({
  provider: z.enum(aiProviders).nullable(),
  model: z.string().nullable(),
  apiKeyMasked: z.string().nullable(),
});
export type AiConfig = z.infer<typeof aiConfigSchema>;

/**
 * PUT /api/settings/ai: upserted. A key left out (or empty) keeps the stored one ("unchanged"); the first save
 * needs one ('API key is required', answered by the server when none is stored).
 */
export const aiConfigInputSchema = z
  .object({
    provider: z.enum(aiProviders, { message: aiMessages.providerInvalid }),
    model: z.string({ message: aiMessages.modelInvalid }),
    apiKey: z
      .string()
      .trim()
      .max(500, aiMessages.keyTooLong)
      .optional()
      .transform((value) => value || undefined),
  })
  .refine(({ provider, model }) => (aiModels[provider] as readonly string[]).includes(model), {
    message: aiMessages.modelInvalid,
    path: ['model'],
  });
export type AiConfigInput = z.input<typeof aiConfigInputSchema>;
