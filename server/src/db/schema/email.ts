import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { isBetween, isNotBlank, isOneOf } from './check-helpers';
import {
  emailAuthMethods,
  emailCheckIntervals,
  emailCheckStates,
  emailProviders,
  emailServerTypes,
} from '../../../../common/constants';
import { createdAtColumn, idColumn, ownerColumn } from './columns';

export const emailAccounts = pgTable(
  'email_accounts',
  {
    id: idColumn(),
    userId: ownerColumn(),
    email: text('email').notNull(),
    provider: text('provider').notNull().default('custom'),
    createdAt: createdAtColumn(),
    // Checking for new mail (issue 15): automatically every N minutes when set, and by 'Check Mail'.
    checkEveryMinutes: integer('check_every_minutes'),
    /** When the automatic check is due; null when it is off. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /** The reason the last check failed, as the user reads it. */
    lastCheckError: text('last_check_error'),
    /** Without SSL/TLS, a server offering no STARTTLS may be used in clear; otherwise it is refused. */
    allowUnencrypted: boolean('allow_unencrypted').notNull().default(false),
    /** A check under way holds the account until then: one check of an account at a time, across servers. */
    checkLeaseUntil: timestamp('check_lease_until', { withTimezone: true }),
    // The last 'Check Mail' of the account, run as a job (email/check-jobs.ts): what the screen polls, from any
    // server process. Null until the user first checks it.
    manualCheckState: text('manual_check_state'),
    manualCheckNewMessages: integer('manual_check_new_messages').notNull().default(0),
    /** The reason that check failed, as the user reads it. */
    manualCheckError: text('manual_check_error'),
    manualCheckRequestedAt: timestamp('manual_check_requested_at', { withTimezone: true }),
    manualCheckFinishedAt: timestamp('manual_check_finished_at', { withTimezone: true }),
  },
  (t) => [
    check('email_accounts_email_not_blank', isNotBlank(t.email)),
    check('email_accounts_provider_check', isOneOf(t.provider, emailProviders)),
    check(
      'email_accounts_check_every_check',
      sql`${t.checkEveryMinutes} in (${sql.raw(emailCheckIntervals.join(', '))})`,
    ),
    check('email_accounts_manual_check_state_check', isOneOf(t.manualCheckState, emailCheckStates)),
    // Settings list and the dashboard's Email Preview, per user (part 1 §7, part 2 §7).
    index('email_accounts_user_created_idx').on(t.userId, t.createdAt),
    // The scheduler's "which accounts are due", of the accounts checked automatically only.
    index('email_accounts_next_check_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.checkEveryMinutes} is not null`),
  ],
);

/** One incoming (POP3, or IMAP beyond the spec) and one SMTP row per account (part 2 §7). */
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
