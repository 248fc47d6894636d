import { ImapFlow } from 'imapflow';
import type { EmailAuthMethod } from '@common/email-accounts';
import { deliver, DeliveryError, toMailConnectionError } from './mail-errors';
import {
  mailTimeoutMs,
  resolveMailHost,
  trustedCertificates,
  type MailConnectOptions,
  type MailServer,
} from './mail-host';
import { MAX_MESSAGE_BYTES } from '@common/email';
import { DEFAULT_MAX_MESSAGES_PER_CHECK } from './pop3';

/** An IMAP server row has the shape of the POP3 and SMTP rows; 993 with implicit TLS, 143 with STARTTLS. */
export type ImapServer = MailServer;
export const defaultImapPorts = { ssl: 993, starttls: 143 } as const;

/** Where a folder's fetching stopped: a UID is only meaningful while the folder's UIDVALIDITY stays the same. */
export interface ImapFolderState {
  path: string;
  uidValidity?: number;
  lastUid?: number;
}

export interface ImapFolder {
  path: string;
  name: string;
  delimiter: string;
  /** "\Inbox", "\Sent", "\Trash", "\Junk", "\Drafts", "\Flagged", "\All", "\Archive", or null. */
  specialUse: string | null;
  /** False for folders that only hold other folders (\Noselect). */
  selectable: boolean;
}

export interface FetchedImapMessage {
  folder: string;
  uidValidity: number;
  uid: number;
  raw: Buffer;
  /** IMAP flags as the server has them, e.g. "\Seen", "\Flagged". */
  flags: string[];
}

export interface ImapFetchOptions extends MailConnectOptions {
  /**
   * The folders to fetch and where each stopped, or a choice among the server's folders once they are listed;
   * default INBOX from the start. A folder the server does not list (any more) as selectable is left out.
   */
  folders?: ImapFolderState[] | ((listed: ImapFolder[]) => ImapFolderState[]);
  /** Stores one message; awaited before the next is fetched, so a fetch that dies halfway loses nothing stored. */
  onMessage: (message: FetchedImapMessage) => Promise<void>;
  /** Larger messages are skipped and reported, not fetched. */
  maxMessageBytes?: number;
  /** At most this many messages per check, all folders together; the rest come with the next check. */
  maxMessages?: number;
}

export interface ImapFetchResult {
  /** Every folder of the account on the server. */
  folders: ImapFolder[];
  fetched: number;
  tooLarge: { folder: string; uid: number; size: number }[];
  remaining: number;
  /** Where each fetched folder now stands (skipped messages included): the next check starts after it. */
  states: Required<ImapFolderState>[];
}

/**
 * imapflow has no CRAM-MD5: that choice signs in with AUTH=PLAIN, over TLS only (STARTTLS is required even when the
 * account allows an unencrypted connection: the password itself would cross the network where the user chose a
 * method that never sends it).
 */
const loginMethods: Record<EmailAuthMethod, string | undefined> = {
  plain: 'AUTH=PLAIN',
  login: 'AUTH=LOGIN',
  'cram-md5': undefined,
};

async function connect(server: ImapServer, options: MailConnectOptions, maxMessageBytes: number): Promise<ImapFlow> {
  const { address, servername } = await resolveMailHost(server.host, options);
  const timeoutMs = options.timeoutMs ?? mailTimeoutMs;
  const client = new ImapFlow({
    host: address,
    port: server.port,
    secure: server.useSsl,
    servername,
    // Without implicit TLS the upgrade is required, unless the account allows an unencrypted connection (then it is
    // used when offered).
    doSTARTTLS: server.useSsl
      ? undefined
      : server.allowUnencrypted && server.authMethod !== 'cram-md5'
        ? undefined
        : true,
    auth: { user: server.username, pass: server.password, loginMethod: loginMethods[server.authMethod] },
    tls: { ca: trustedCertificates(options.ca) },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    // Above the others: a large message may take a while to arrive.
    socketTimeout: timeoutMs * 4,
    maxLiteralSize: maxMessageBytes + 1024 * 1024,
    maxResponseSize: maxMessageBytes + 2 * 1024 * 1024,
  });
  // A connection error after connect() would otherwise be an unhandled 'error' event.
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** The folder list: path, name and special use (inbox, sent, trash, junk…). */
async function listFolders(client: ImapFlow): Promise<ImapFolder[]> {
  const folders = await client.list();
  return folders.map((folder) => ({
    path: folder.path,
    name: folder.name,
    delimiter: folder.delimiter,
    specialUse: folder.specialUse || null,
    selectable: !folder.flags.has('\\Noselect') && !folder.flags.has('\\NonExistent'),
  }));
}

/**
 * Reads the account's folders and fetches new messages of the given folders (INBOX by default) by IMAP, oldest
 * first, handing each to `onMessage` before the next. New means: a UID above the folder's `lastUid` under the same
 * UIDVALIDITY (all of the folder when it changed). Opens folders read-only: nothing changes on the server.
 * Throws MailConnectionError with the reason a person can act on.
 */
export async function fetchImap(server: ImapServer, options: ImapFetchOptions): Promise<ImapFetchResult> {
  const maxMessageBytes = options.maxMessageBytes ?? MAX_MESSAGE_BYTES;
  const maxMessages = options.maxMessages ?? DEFAULT_MAX_MESSAGES_PER_CHECK;
  let client: ImapFlow | undefined;
  try {
    client = await connect(server, options, maxMessageBytes);
    const result: ImapFetchResult = {
      folders: await listFolders(client),
      fetched: 0,
      tooLarge: [],
      remaining: 0,
      states: [],
    };
    const chosen = typeof options.folders === 'function' ? options.folders(result.folders) : options.folders;
    const selectable = new Set(result.folders.filter((folder) => folder.selectable).map((folder) => folder.path));
    for (const state of chosen ?? [{ path: 'INBOX' }]) {
      if (!selectable.has(state.path)) continue;
      const lock = await client.getMailboxLock(state.path, { readOnly: true });
      try {
        const mailbox = client.mailbox;
        if (!mailbox) continue;
        const uidValidity = Number(mailbox.uidValidity);
        const after = state.uidValidity === uidValidity ? (state.lastUid ?? 0) : 0;
        let lastUid = after;
        const candidates: { uid: number; size: number }[] = [];
        if (mailbox.exists > 0) {
          for await (const message of client.fetch(`${after + 1}:*`, { uid: true, size: true }, { uid: true })) {
            // "n:*" also answers the newest message when n is above every UID.
            if (message.uid > after) candidates.push({ uid: message.uid, size: message.size ?? 0 });
          }
        }
        candidates.sort((a, b) => a.uid - b.uid);
        for (const { uid, size } of candidates) {
          if (size > maxMessageBytes) {
            result.tooLarge.push({ folder: state.path, uid, size });
          } else if (result.fetched >= maxMessages) {
            result.remaining++;
          } else {
            const message = await client.fetchOne(String(uid), { uid: true, source: true, flags: true }, { uid: true });
            if (message && message.source) {
              const flags = [...(message.flags ?? [])];
              await deliver(options.onMessage, { folder: state.path, uidValidity, uid, raw: message.source, flags });
              result.fetched++;
            }
          }
          // Never past a message left for the next check: that check starts at the first one left.
          if (result.remaining === 0) lastUid = uid;
        }
        result.states.push({ path: state.path, uidValidity, lastUid });
      } finally {
        lock.release();
      }
    }
    await client.logout();
    return result;
  } catch (error) {
    throw error instanceof DeliveryError ? error.cause : toMailConnectionError(error, [server.password]);
  } finally {
    client?.close();
  }
}
