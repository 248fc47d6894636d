import { mailConnectionMessages } from '@common/mail-connection';
import { DeliveryError, deliver, MailConnectionError, toMailConnectionError } from './mail-errors';
import {
  mailTimeoutMs,
  resolveMailHost,
  trustedCertificates,
  type MailConnectOptions,
  type MailServer,
} from './mail-host';
import { MAX_MESSAGE_BYTES } from '@common/email';
import { Pop3Session } from './pop3-session';

export interface FetchedPop3Message {
  /** The server's UIDL: stable across sessions, the key to "already stored". */
  uid: string;
  raw: Buffer;
}

export interface Pop3FetchOptions extends MailConnectOptions {
  /** UIDs already stored for this account: never fetched again. */
  knownUids: ReadonlySet<string>;
  /** Stores one message; awaited before the next is fetched, so a fetch that dies halfway loses nothing stored. */
  onMessage: (message: FetchedPop3Message) => Promise<void>;
  /** Larger messages are skipped and reported, not fetched. */
  maxMessageBytes?: number;
  /** At most this many messages per check; the rest come with the next check. */
  maxMessages?: number;
}

export interface Pop3FetchResult {
  fetched: number;
  /** New messages over the size limit, left on the server. */
  tooLarge: { uid: string; size: number }[];
  /** New messages beyond `maxMessages`, for the next check. */
  remaining: number;
}

export const DEFAULT_MAX_MESSAGES_PER_CHECK = 100;

/**
 * Fetches the account's new messages by POP3, oldest first, handing each to `onMessage` before the next.
 * New means: its UIDL is not in `knownUids`. Never deletes anything on the server.
 * Throws MailConnectionError with the reason a person can act on.
 */
export async function fetchPop3(server: MailServer, options: Pop3FetchOptions): Promise<Pop3FetchResult> {
  const maxMessageBytes = options.maxMessageBytes ?? MAX_MESSAGE_BYTES;
  const maxMessages = options.maxMessages ?? DEFAULT_MAX_MESSAGES_PER_CHECK;
  const result: Pop3FetchResult = { fetched: 0, tooLarge: [], remaining: 0 };
  let session: Pop3Session | undefined;
  // Said goodbye (QUIT) only from a session in good order; any other ends by closing the socket.
  let orderly = false;
  try {
    // USER and PASS go out as they are: a line break would smuggle in a command of its own.
    if (/[\r\n]/.test(server.username + server.password)) {
      throw new MailConnectionError('wrongPassword', mailConnectionMessages.wrongPassword);
    }
    const { address, servername } = await resolveMailHost(server.host, options);
    const timeoutMs = options.timeoutMs ?? mailTimeoutMs;
    session = new Pop3Session(server, address, servername, trustedCertificates(options.ca), timeoutMs);
    await session.open();
    const uids = await session.listing('UIDL');
    const sizes = await session.listing('LIST');
    for (const [number, uid] of [...uids].sort(([a], [b]) => a - b)) {
      if (options.knownUids.has(uid)) continue;
      const size = Number(sizes.get(number) ?? 0);
      if (size > maxMessageBytes) {
        result.tooLarge.push({ uid, size });
      } else if (result.fetched >= maxMessages) {
        result.remaining++;
      } else {
        // Room for the dots of stuffed lines and a server whose LIST size is approximate.
        const raw = await session.multiline(maxMessageBytes + 1024 * 1024, 'RETR', number);
        await deliver(options.onMessage, { uid, raw });
        result.fetched++;
      }
    }
    orderly = true;
    return result;
  } catch (error) {
    if (error instanceof DeliveryError) {
      orderly = true;
      throw error.cause;
    }
    throw toMailConnectionError(error, [server.password]);
  } finally {
    await session?.close(orderly);
  }
}
