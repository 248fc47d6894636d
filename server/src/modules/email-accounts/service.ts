import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { emailIncomingTypes } from '@common/constants';
import {
  MAX_EMAIL_ACCOUNTS,
  emailAccountMessages,
  emailAccountServerKeys,
  needsPasswordAgain,
  type ServerConnection,
  type EmailAccount,
  type EmailAccountServerKey,
  type EmailServer,
  type emailAccountCreateSchema,
  type emailAccountInputSchema,
} from '@common/email-accounts';
import type { Db, Tx } from '../../db/client';
import { emailAccounts, emailServerConfig } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { PASSWORD_MASK, type SecretBox } from '../../secrets/secret-box';

/** PUT: a password left out keeps the stored one. */
export type EmailAccountValues = z.output<typeof emailAccountInputSchema>;
/** POST: both passwords given. */
export type EmailAccountCreateValues = z.output<typeof emailAccountCreateSchema>;
type ServerValues = EmailAccountValues['pop3'];

const accountColumns = {
  id: emailAccounts.id,
  email: emailAccounts.email,
  provider: emailAccounts.provider,
  createdAt: emailAccounts.createdAt,
  checkEveryMinutes: emailAccounts.checkEveryMinutes,
  allowUnencrypted: emailAccounts.allowUnencrypted,
  lastCheckedAt: emailAccounts.lastCheckedAt,
  lastCheckError: emailAccounts.lastCheckError,
};
type AccountRow = { [K in keyof typeof accountColumns]: (typeof emailAccounts.$inferSelect)[K] };

const pop3Servers = alias(emailServerConfig, 'pop3');
const smtpServers = alias(emailServerConfig, 'smtp');

const serverColumnsOf = (table: typeof emailServerConfig | typeof pop3Servers | typeof smtpServers) => ({
  serverType: table.serverType,
  serverHost: table.serverHost,
  serverPort: table.serverPort,
  username: table.username,
  useSsl: table.useSsl,
  authMethod: table.authMethod,
});
type ServerRow = Pick<typeof emailServerConfig.$inferSelect, keyof ReturnType<typeof serverColumnsOf>>;

function toServer(row: ServerRow): EmailServer {
  return {
    host: row.serverHost,
    port: row.serverPort,
    username: row.username,
    // Not even its last characters: a mail password is often one of the person's own, used elsewhere too.
    passwordMasked: PASSWORD_MASK,
    useSsl: row.useSsl,
    authMethod: row.authMethod as EmailServer['authMethod'],
  };
}

function toAccount(account: AccountRow, incoming: ServerRow, smtp: ServerRow): EmailAccount {
  return {
    id: account.id,
    email: account.email,
    provider: account.provider,
    createdAt: account.createdAt.toISOString(),
    // The columns' checks allow only these.
    incomingType: incoming.serverType as EmailAccount['incomingType'],
    pop3: toServer(incoming),
    smtp: toServer(smtp),
    checkEveryMinutes: account.checkEveryMinutes as EmailAccount['checkEveryMinutes'],
    allowUnencrypted: account.allowUnencrypted,
    lastCheckedAt: account.lastCheckedAt?.toISOString() ?? null,
    lastCheckError: account.lastCheckError,
  };
}

/** The incoming row is the account's POP3 or IMAP one, whichever it has. */
const isIncoming = (table: typeof emailServerConfig | typeof pop3Servers) =>
  inArray(table.serverType, emailIncomingTypes);
const serverRowOf = (key: EmailAccountServerKey) =>
  key === 'pop3' ? isIncoming(emailServerConfig) : eq(emailServerConfig.serverType, 'smtp');

/** Turning the automatic check on (or changing its interval) makes it due now; off, it is never due. */
function nextCheckAtFor(every: number | null) {
  if (every === null) return null;
  return sql`case when ${emailAccounts.checkEveryMinutes} is distinct from ${every}::integer then now()
    else coalesce(${emailAccounts.nextCheckAt}, now()) end`;
}

/** Serialises the creations of a user's accounts, so two at once cannot both pass the MAX_EMAIL_ACCOUNTS check. */
async function lockUserAccounts(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`email-accounts:${userId}`}, 0))`);
}

const ownAccount = (userId: string, id: string) => and(eq(emailAccounts.id, id), eq(emailAccounts.userId, userId));

/** Every account of the user with both its servers, oldest first: one query, whatever the number of accounts. */
export async function listEmailAccounts(db: Db, userId: string): Promise<EmailAccount[]> {
  const rows = await db
    .select({ account: accountColumns, pop3: serverColumnsOf(pop3Servers), smtp: serverColumnsOf(smtpServers) })
    .from(emailAccounts)
    .innerJoin(pop3Servers, and(eq(pop3Servers.emailAccountId, emailAccounts.id), isIncoming(pop3Servers)))
    .innerJoin(smtpServers, and(eq(smtpServers.emailAccountId, emailAccounts.id), eq(smtpServers.serverType, 'smtp')))
    .where(eq(emailAccounts.userId, userId))
    .orderBy(asc(emailAccounts.createdAt), asc(emailAccounts.id));
  return rows.map((row) => toAccount(row.account, row.pop3, row.smtp));
}

const serverSet = (server: ServerValues, secrets: SecretBox) => ({
  serverHost: server.host,
  serverPort: server.port,
  username: server.username,
  useSsl: server.useSsl,
  authMethod: server.authMethod,
  ...(server.password === undefined ? {} : { passwordEncrypted: secrets.encrypt(server.password) }),
});

/** The account and its incoming (POP3 or IMAP) and SMTP rows, in one transaction: a failure stores nothing. */
export function createEmailAccount(
  db: Db,
  secrets: SecretBox,
  userId: string,
  input: EmailAccountCreateValues,
): Promise<EmailAccount> {
  return db.transaction(async (tx) => {
    await lockUserAccounts(tx, userId);
    const [existing] = await tx.select({ n: count() }).from(emailAccounts).where(eq(emailAccounts.userId, userId));
    if ((existing?.n ?? 0) >= MAX_EMAIL_ACCOUNTS) throw new AppError(400, emailAccountMessages.tooMany);
    const [account] = await tx
      .insert(emailAccounts)
      .values({
        userId,
        email: input.email,
        provider: 'custom',
        checkEveryMinutes: input.checkEveryMinutes,
        nextCheckAt: input.checkEveryMinutes === null ? null : sql`now()`,
        allowUnencrypted: input.allowUnencrypted,
      })
      .returning(accountColumns);
    const servers = await tx
      .insert(emailServerConfig)
      .values(
        (['pop3', 'smtp'] as const).map((key) => ({
          userId,
          emailAccountId: account!.id,
          serverType: serverTypeOf(key, input),
          ...serverSet(input[key], secrets),
          passwordEncrypted: secrets.encrypt(input[key].password),
        })),
      )
      .returning(serverColumnsOf(emailServerConfig));
    return toAccount(account!, serverOf(servers, 'pop3'), serverOf(servers, 'smtp'));
  });
}

const serverTypeOf = (key: EmailAccountServerKey, input: EmailAccountValues) =>
  key === 'pop3' ? input.incomingType : 'smtp';

function serverOf(rows: ServerRow[], key: EmailAccountServerKey): ServerRow {
  const row = rows.find((r) => (key === 'smtp' ? r.serverType === 'smtp' : r.serverType !== 'smtp'));
  if (!row) throw new Error(`email account without its ${key === 'smtp' ? 'SMTP' : 'incoming'} server`);
  return row;
}

/**
 * The account's "Allow an unencrypted connection" and its servers as stored, the account locked until the edit
 * commits; null when the account is not the user's.
 */
async function storedConnections(tx: Tx, userId: string, id: string) {
  const [account] = await tx
    .select({ allowUnencrypted: emailAccounts.allowUnencrypted })
    .from(emailAccounts)
    .where(ownAccount(userId, id))
    .for('update');
  if (!account) return null;
  const servers = await tx
    .select(serverColumnsOf(emailServerConfig))
    .from(emailServerConfig)
    .where(and(eq(emailServerConfig.emailAccountId, id), eq(emailServerConfig.userId, userId)));
  return { allowUnencrypted: account.allowUnencrypted, servers };
}

/** 400 naming each server whose settings changed while its password was left out: it must be typed again. */
function requirePasswordsForNewSettings(
  stored: NonNullable<Awaited<ReturnType<typeof storedConnections>>>,
  input: EmailAccountValues,
): void {
  const fields: Record<string, string> = {};
  for (const key of emailAccountServerKeys) {
    const row = stored.servers.find((server) => (key === 'smtp') === (server.serverType === 'smtp'));
    if (!row || input[key].password !== undefined) continue;
    const before: ServerConnection = {
      host: row.serverHost,
      port: row.serverPort,
      username: row.username,
      useSsl: row.useSsl,
      // The column's check allows only these.
      authMethod: row.authMethod as ServerConnection['authMethod'],
      allowUnencrypted: stored.allowUnencrypted,
    };
    const after = { ...input[key], allowUnencrypted: input.allowUnencrypted };
    if (needsPasswordAgain(before, after)) fields[`${key}.password`] = emailAccountMessages.passwordAgain;
  }
  if (Object.keys(fields).length) throw new AppError(400, emailAccountMessages.passwordAgain, fields);
}

/**
 * A password left out keeps the stored one, unless its server's settings changed (then 400: it must be typed
 * again); a server row missing (never, in practice) is made if one is given. The incoming row takes the type
 * chosen (POP3 or IMAP).
 */
export function updateEmailAccount(
  db: Db,
  secrets: SecretBox,
  userId: string,
  id: string,
  input: EmailAccountValues,
): Promise<EmailAccount> {
  return db.transaction(async (tx) => {
    const stored = await storedConnections(tx, userId, id);
    if (!stored) throw notFound();
    requirePasswordsForNewSettings(stored, input);
    const [account] = await tx
      .update(emailAccounts)
      .set({
        email: input.email,
        checkEveryMinutes: input.checkEveryMinutes,
        nextCheckAt: nextCheckAtFor(input.checkEveryMinutes),
        allowUnencrypted: input.allowUnencrypted,
      })
      .where(ownAccount(userId, id))
      .returning(accountColumns);
    if (!account) throw notFound();
    const servers: ServerRow[] = [];
    for (const key of ['pop3', 'smtp'] as const) {
      const serverType = serverTypeOf(key, input);
      const set = { serverType, ...serverSet(input[key], secrets) };
      const [updated] = await tx
        .update(emailServerConfig)
        .set(set)
        .where(and(eq(emailServerConfig.emailAccountId, id), eq(emailServerConfig.userId, userId), serverRowOf(key)))
        .returning(serverColumnsOf(emailServerConfig));
      if (updated) {
        servers.push(updated);
        continue;
      }
      if (set.passwordEncrypted === undefined) {
        const message = emailAccountMessages.passwordRequired;
        throw new AppError(400, message, { [`${key}.password`]: message });
      }
      const [inserted] = await tx
        .insert(emailServerConfig)
        .values({ userId, emailAccountId: id, ...set, passwordEncrypted: set.passwordEncrypted })
        .returning(serverColumnsOf(emailServerConfig));
      servers.push(inserted!);
    }
    return toAccount(account, serverOf(servers, 'pop3'), serverOf(servers, 'smtp'));
  });
}

/** The account goes, and its server rows with it (ON DELETE CASCADE). */
export async function deleteEmailAccount(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db.delete(emailAccounts).where(ownAccount(userId, id)).returning({ id: emailAccounts.id });
  if (!deleted.length) throw notFound();
}
