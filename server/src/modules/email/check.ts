import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { emailIncomingTypes } from '@common/constants';
import type { EmailAccountCheck } from '@common/email';
import { emailSendMessages } from '@common/email';
import type { EmailAuthMethod } from '@common/email-accounts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { emailAccounts, emailImapFolders, emailServerConfig, mailRemoteUids } from '../../db/schema';
import { notFound } from '../../errors';
import type { SecretBox } from '../../secrets/secret-box';
import {
  claimAccount,
  claimDueAccounts,
  finishCheck,
  renewLease,
  type ClaimedAccount,
} from '../email-accounts/check-lease';
import { fetchImap, type ImapFolder, type ImapFolderState } from './imap';
import { MailConnectionError } from './mail-errors';
import type { MailConnectOptions, MailServer } from './mail-host';
import { parseMessage } from './parse-pool';
import { fetchPop3 } from './pop3';
import { storeIncoming, type IncomingPlacement } from './store';

// Checking an account for new mail: by 'Check Mail' (POST /api/email/check, a job: check-jobs.ts) and by the
// server itself every N minutes (also on the job queue). An account is checked by one check at a time: each check first takes the account's lease
// (email-accounts/check-lease.ts), and gives it back when done.

/** What a check needs of the server's settings. */
export type MailCheckConfig = Pick<Config, 'dataDir' | 'allowPrivateHosts' | 'mailCa'>;

/** Where a check's trouble of our own (not the mail server's) is written. */
export type MailCheckLog = Pick<FastifyBaseLogger, 'error'>;

type AccountCheck = EmailAccountCheck;

/** IMAP folders whose mail is fetched, and where it goes: the Sent folder holds copies of what we sent ourselves. */
export function storedFolderOf(folder: ImapFolder): IncomingPlacement['folder'] | null {
  if (!folder.selectable) return null;
  if (folder.path.toUpperCase() === 'INBOX' || folder.specialUse === '\\Inbox') return 'inbox';
  if (folder.specialUse === '\\Junk') return 'spam';
  if (folder.specialUse === '\\Trash') return 'trash';
  // Sent, Drafts, archives and the user's own folders: often years of mail that does not belong in the inbox.
  return null;
}
const folderOrder = { inbox: 0, spam: 1, trash: 2 } as const;

/** A fetched message, parsed and stored once; counts what was new. */
type Store = (remoteUid: string, raw: Buffer, placement?: IncomingPlacement) => Promise<void>;

async function fetchPop3Into(db: Db, accountId: string, server: MailServer, connect: MailConnectOptions, store: Store) {
  const known = await db
    .select({ uid: mailRemoteUids.uid })
    .from(mailRemoteUids)
    .where(eq(mailRemoteUids.accountId, accountId));
  await fetchPop3(server, {
    ...connect,
    knownUids: new Set(known.map((row) => row.uid)),
    onMessage: ({ uid, raw }) => store(uid, raw),
  });
}

async function fetchImapInto(db: Db, accountId: string, server: MailServer, connect: MailConnectOptions, store: Store) {
  const saved = await db.select().from(emailImapFolders).where(eq(emailImapFolders.accountId, accountId));
  const targets = new Map<string, NonNullable<IncomingPlacement['folder']>>();
  const chooseFolders = (listed: ImapFolder[]): ImapFolderState[] => {
    for (const folder of listed) {
      const target = storedFolderOf(folder);
      if (target) targets.set(folder.path, target);
    }
    // The inbox first: a check fetches at most so many messages, all folders together.
    return [...targets]
      .sort(([, a], [, b]) => folderOrder[a] - folderOrder[b])
      .map(([path]) => {
        const state = saved.find((row) => row.path === path);
        return { path, uidValidity: state?.uidValidity ?? undefined, lastUid: state?.lastUid ?? undefined };
      });
  };
  const result = await fetchImap(server, {
    ...connect,
    folders: chooseFolders,
    onMessage: ({ folder, uidValidity, uid, raw, flags }) =>
      store(`${folder}:${uidValidity}:${uid}`, raw, {
        folder: targets.get(folder) ?? 'inbox',
        isRead: flags.includes('\\Seen'),
      }),
  });
  for (const state of result.states) {
    await db
      .insert(emailImapFolders)
      .values({ accountId, ...state })
      .onConflictDoUpdate({
        target: [emailImapFolders.accountId, emailImapFolders.path],
        set: { uidValidity: state.uidValidity, lastUid: state.lastUid },
      });
  }
}

/** Fetches and stores the account's new mail, counting into `progress` as each message is stored. */
async function fetchNewMail(
  db: Db,
  secrets: SecretBox,
  config: MailCheckConfig,
  account: ClaimedAccount,
  progress: { newMessages: number },
): Promise<void> {
  const [row] = await db
    .select()
    .from(emailServerConfig)
    .where(
      and(eq(emailServerConfig.emailAccountId, account.id), inArray(emailServerConfig.serverType, emailIncomingTypes)),
    );
  if (!row) throw new Error('email account without its incoming server');
  const password = secrets.decrypt(row.passwordEncrypted);
  if (password === null) throw new MailConnectionError('wrongPassword', emailSendMessages.passwordUnreadable);
  const server: MailServer = {
    host: row.serverHost,
    port: row.serverPort,
    username: row.username,
    password,
    useSsl: row.useSsl,
    // The column's check allows only these.
    authMethod: row.authMethod as EmailAuthMethod,
    allowUnencrypted: account.allowUnencrypted,
  };
  const connect: MailConnectOptions = { allowPrivate: config.allowPrivateHosts, ca: config.mailCa };
  const store: Store = async (remoteUid, raw, placement) => {
    const parsed = await parseMessage(raw);
    const result = await storeIncoming(db, config.dataDir, account.userId, account.id, remoteUid, parsed, placement);
    if (result.stored) progress.newMessages++;
  };
  if (row.serverType === 'imap') await fetchImapInto(db, account.id, server, connect, store);
  else await fetchPop3Into(db, account.id, server, connect, store);
}

/**
 * Checks an account whose lease this check holds, records the outcome and gives the lease back. A mail server's
 * trouble is the answer's reason; trouble of our own (storing) is logged and answered in general words. What was
 * stored before a failure stays, and counts.
 */
export async function checkClaimed(
  db: Db,
  secrets: SecretBox,
  config: MailCheckConfig,
  account: ClaimedAccount,
  log?: MailCheckLog,
): Promise<AccountCheck> {
  const progress = { newMessages: 0 };
  let error: string | null = null;
  try {
    await fetchNewMail(db, secrets, config, account, progress);
  } catch (caught) {
    if (caught instanceof MailConnectionError) error = caught.message;
    else {
      log?.error({ err: caught, accountId: account.id }, 'storing fetched mail failed');
      error = emailSendMessages.storeFailed;
    }
  }
  await finishCheck(db, account.id, error);
  return { accountId: account.id, email: account.email, newMessages: progress.newMessages, error };
}

/**
 * Checks one account of the user for new mail (404 when it is not theirs). When another check holds the account,
 * this one skips it: that check stores what is new.
 */
export async function checkAccount(
  db: Db,
  secrets: SecretBox,
  config: MailCheckConfig,
  userId: string,
  accountId: string,
  log?: MailCheckLog,
): Promise<AccountCheck> {
  const [account] = await db
    .select({ email: emailAccounts.email })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.id, accountId), eq(emailAccounts.userId, userId)));
  if (!account) throw notFound();
  const claimed = await claimAccount(db, userId, accountId);
  if (!claimed) return { accountId, email: account.email, newMessages: 0, error: null };
  return checkClaimed(db, secrets, config, claimed, log);
}

/**
 * One round of the automatic checks: claims the accounts due (checked automatically, due, not held by a check)
 * in one statement, then checks them one at a time; each is due again its interval after its check.
 */
export async function runDueChecks(
  db: Db,
  secrets: SecretBox,
  config: MailCheckConfig,
  options: { log?: MailCheckLog; stopping?: () => boolean; limit?: number } = {},
): Promise<AccountCheck[]> {
  const claimed = await claimDueAccounts(db, options.limit);
  const checks: AccountCheck[] = [];
  for (const [index, account] of claimed.entries()) {
    // Stopping, the accounts left keep their lease until it runs out: a lease may not be ours any more to free.
    if (options.stopping?.()) break;
    // The round's later accounts waited for the earlier ones: each starts with a fresh lease, taken only while the
    // round's own still runs (no other check can hold it then); one that ran out is left for a later round.
    if (index > 0 && !(await renewLease(db, account.id))) continue;
    checks.push(await checkClaimed(db, secrets, config, account, options.log));
  }
  return checks;
}
