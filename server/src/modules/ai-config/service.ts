import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { aiMessages, type AiConfig, type aiConfigInputSchema, type AiProvider } from '@common/ai-config';
import type { Db } from '../../db/client';
import { userAiConfig } from '../../db/schema';
import { AppError } from '../../errors';
import { maskSecret, type SecretBox } from '../../secrets/secret-box';

/** The input after its schema ran: the key trimmed, and undefined when left out or empty ("unchanged"). */
export type AiConfigValues = z.output<typeof aiConfigInputSchema>;

type ConfigRow = typeof userAiConfig.$inferSelect;

const nothingSaved: AiConfig = { provider: null, model: null, apiKeyMasked: null, baseUrl: null };

/** An OpenAI-compatible endpoint may have no key: the column holds the sealed empty string then. */
const NO_KEY = '';

function toAiConfig(row: ConfigRow, secrets: SecretBox): AiConfig {
  const key = secrets.decrypt(row.apiKeyEncrypted);
  return {
    // The column's check allows only the providers of aiProviders.
    provider: row.provider as AiProvider,
    model: row.model,
    // A key sealed under another SECRET_KEY cannot be opened: still shown as stored, with nothing of it visible.
    apiKeyMasked: key === NO_KEY ? null : maskSecret(key ?? ''),
    baseUrl: row.baseUrl,
  };
}

/** The user's AI configuration; all null before the first save. */
export async function getAiConfig(db: Db, secrets: SecretBox, userId: string): Promise<AiConfig> {
  const [row] = await db.select().from(userAiConfig).where(eq(userAiConfig.userId, userId));
  return row ? toAiConfig(row, secrets) : nothingSaved;
}

/** What a call to the user's provider needs, the key opened; only the server's own AI calls ask for it. */
export interface AiCredentials {
  provider: AiProvider;
  model: string;
  /** Empty for an endpoint without a key; null when the key was sealed under another SECRET_KEY. */
  apiKey: string | null;
  baseUrl: string | null;
}

export async function getAiCredentials(db: Db, secrets: SecretBox, userId: string): Promise<AiCredentials | null> {
  const [row] = await db.select().from(userAiConfig).where(eq(userAiConfig.userId, userId));
  if (!row) return null;
  return {
    provider: row.provider as AiProvider,
    model: row.model,
    apiKey: secrets.decrypt(row.apiKeyEncrypted),
    baseUrl: row.baseUrl,
  };
}

const isCompatible = (provider: string) => provider === 'openaiCompatible';

/**
 * Upserts the configuration (part 2 §7). A key given is sealed before it is stored. A key left out keeps the stored
 * one while the provider stays on the same side (the spec's providers, or an OpenAI-compatible endpoint): a key of
 * OpenAI is never sent to an address the user typed, nor an endpoint's key to OpenAI. The first save of a spec
 * provider needs a key (decisions.md item 5); an endpoint's is optional.
 */
export async function saveAiConfig(
  db: Db,
  secrets: SecretBox,
  userId: string,
  input: AiConfigValues,
): Promise<AiConfig> {
  const { provider, model, apiKey, baseUrl } = input;
  const set = { provider, model, baseUrl };
  if (apiKey === undefined) {
    const [stored] = await db.select().from(userAiConfig).where(eq(userAiConfig.userId, userId));
    const keeps =
      stored &&
      isCompatible(stored.provider) === isCompatible(provider) &&
      (isCompatible(provider) || secrets.decrypt(stored.apiKeyEncrypted) !== NO_KEY);
    if (keeps) {
      const [row] = await db.update(userAiConfig).set(set).where(eq(userAiConfig.userId, userId)).returning();
      if (row) return toAiConfig(row, secrets);
    }
    if (!isCompatible(provider)) throw new AppError(400, aiMessages.keyRequired, { apiKey: aiMessages.keyRequired });
  }
  const values = { ...set, apiKeyEncrypted: secrets.encrypt(apiKey ?? NO_KEY) };
  const [row] = await db
    .insert(userAiConfig)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userAiConfig.userId, set: values })
    .returning();
  return toAiConfig(row!, secrets);
}
