import { check, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { isNotBlank, isOneOf } from './check-helpers';
import { users } from './users';
import { aiProviders } from '../../../../common/constants';

/** AI configuration, one row per user (part 2 §3 user_ai_config). */
export const userAiConfig = pgTable(
  'user_ai_config',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider key, encrypted by the server (decisions.md item 5); never sent back in clear. */
    apiKeyEncrypted: text('api_key_encrypted').notNull(),
    model: text('model').notNull(),
    /** An OpenAI-compatible endpoint's base URL (a local or open model); null for the spec's providers. */
    baseUrl: text('base_url'),
  },
  (t) => [
    // Beyond the spec's three: an OpenAI-compatible endpoint (issue "AI chatbot").
    check('user_ai_config_provider_check', isOneOf(t.provider, [...aiProviders, 'openaiCompatible'])),
    check('user_ai_config_model_not_blank', isNotBlank(t.model)),
  ],
);
