import { boolean, check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { isBetween, isNotBlank, isOneOf } from './check-helpers';
import { emailAuthMethods, emailProviders, emailServerTypes } from '../../../../common/constants';
import { createdAtColumn, idColumn, ownerColumn } from './columns';

export const emailAccounts = pgTable(
  'email_accounts',
  {
    id: idColumn(),
    userId: ownerColumn(),
    email: text('email').notNull(),
    provider: text('provider').notNull().default('custom'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('email_accounts_email_not_blank', isNotBlank(t.email)),
    check('email_accounts_provider_check', isOneOf(t.provider, emailProviders)),
    // Settings list and the dashboard's Email Preview, per user (part 1 §7, part 2 §7).
    index('email_accounts_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** One POP3 and one SMTP row per account (part 2 §7). */
export const emailServerConfig = pgTable(
  'email_server_config',
  {
    id: idColumn(),
    userId: ownerColumn(),
    emailAccountId: uuid('email_account_id')
      .notNull()
      .references(() => emailAccounts.id, { onDelete: 'cascade' }),
    serverType: text('server_type').notNull(),
    serverHost: text('server_host').notNull(),
    serverPort: integer('server_port').notNull(),
    username: text('username').notNull(),
    /** The mail password, encrypted by the server (decisions.md item 5); never sent back in clear. */
    passwordEncrypted: text('password_encrypted').notNull(),
    useSsl: boolean('use_ssl').notNull().default(true),
    authMethod: text('auth_method').notNull().default('plain'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('email_server_config_server_type_check', isOneOf(t.serverType, emailServerTypes)),
    check('email_server_config_auth_method_check', isOneOf(t.authMethod, emailAuthMethods)),
    check('email_server_config_port_check', isBetween(t.serverPort, 1, 65535)),
    check('email_server_config_host_not_blank', isNotBlank(t.serverHost)),
    check('email_server_config_username_not_blank', isNotBlank(t.username)),
    // Also serves the lookup of an account's servers and the cascade from email_accounts.
    unique('email_server_config_account_type_unique').on(t.emailAccountId, t.serverType),
    // "select for the user" (part 2 §7).
    index('email_server_config_user_idx').on(t.userId),
  ],
);
