import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { aiMessages, type AiConfig, type aiConfigInputSchema } from '@common/ai-config';
import type { Db } from '../../db/client';
import { userAiConfig } from '../../db/schema';
import { AppError } from '../../errors';
import { maskSecret, type SecretBox } from '../../secrets/secret-box';

/** The input after its schema ran: the key trimmed, and undefined when left out or empty ("unchanged"). */
export type AiConfigValues = z.output<typeof aiConfigInputSchema>;

type ConfigRow = typeof userAiConfig.$inferSelect;

const nothingSaved: AiConfig = { provider: null, model: null, apiKeyMasked: null };

function toAiConfig(row: ConfigRow, secrets: SecretBox): AiConfig {
  return {
    // The column's check allows only the three providers.
    provider: row.provider as AiConfig['provider'],
    model: row.model,
    // A key sealed under another SECRET_KEY cannot be opened: still shown as stored, with nothing of it visible.
    apiKeyMasked: maskSecret(secrets.decrypt(row.apiKeyEncrypted) ?? ''),
  };
}

/** The user's AI configuration; all null before the first save. */
export async function getAiConfig(db: Db, secrets: SecretBox, userId: string): Promise<AiConfig> {
  const [row] = await db.select().from(userAiConfig).where(eq(userAiConfig.userId, userId));
  return row ? toAiConfig(row, secrets) : nothingSaved;
}

/**
 * Upserts the configuration (part 2 §7). A key given is sealed before it is stored; a key left out keeps the
 * stored one, and the first save needs one (decisions.md item 5).
 */
export async function saveAiConfig(
  db: Db,
  secrets: SecretBox,
  userId: string,
  input: AiConfigValues,
): Promise<AiConfig> {
  const { provider, model, apiKey } = input;
  if (apiKey === undefined) {
    const [row] = await db
      .update(userAiConfig)
      .set({ provider, model })
      .where(eq(userAiConfig.userId, userId))
      .returning();
    if (!row) throw new AppError(400, aiMessages.keyRequired, { apiKey: aiMessages.keyRequired });
    return toAiConfig(row, secrets);
  }
  const set = { provider, model, apiKeyEncrypted: secrets.encrypt(apiKey) };
  const [row] = await db
    .insert(userAiConfig)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: userAiConfig.userId, set })
    .returning();
  return toAiConfig(row!, secrets);
}
