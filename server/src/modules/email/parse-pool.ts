import { pathToFileURL } from 'node:url';
import Tinypool from 'tinypool';
import { MAX_MESSAGE_BYTES } from '@common/email';
import { inProject } from '../../project-root';
import { parseEmail, type ParsedEmail } from './parse';

// Parsing and sanitising a message takes CPU in proportion to its size: a 25 MB message holds the event loop for
// seconds, and anyone can send one to a checked mailbox. Messages above PARSE_IN_WORKER_BYTES are parsed in a
// worker thread (one at a time: mail checks run one account after another, and the machine has few cores); smaller
// ones, nearly all of them, stay here, where a thread's round trip would cost more than the parse.

export const PARSE_IN_WORKER_BYTES = 256 * 1024;

let pool: Tinypool | null = null;
let workerParses = 0;
const workerFile = pathToFileURL(inProject('server', 'src', 'modules', 'email', 'parse-worker.mjs')).href;

/**
 * A pool of at most one thread. A thread that fails outside a task (it could not start) would leave its task
 * waiting for ever and, with no listener, end the server: the pool is ended instead, which fails its task (that
 * check fails, the server goes on), and the next large message starts a new one.
 */
export function startParsePool(filename = workerFile): Tinypool {
  const started = new Tinypool({
    filename,
    minThreads: 0,
    maxThreads: 1,
    // The thread goes when no large message came for a minute.
    idleTimeout: 60_000,
  });
  started.on('error', () => {
    if (pool === started) pool = null;
    void started.destroy();
  });
  return started;
}

/** A Uint8Array that crossed from the worker, as the Buffer the rest of the code expects. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** parseEmail, in a worker thread for a message above PARSE_IN_WORKER_BYTES. */
export async function parseMessage(raw: Buffer): Promise<ParsedEmail> {
  // A message over the limit is refused by parseEmail before any parsing: no need of a thread for that.
  if (raw.length <= PARSE_IN_WORKER_BYTES || raw.length > MAX_MESSAGE_BYTES) return parseEmail(raw);
  pool ??= startParsePool();
  const parsed = (await pool.run(raw)) as ParsedEmail;
  workerParses++;
  return {
    ...parsed,
    attachments: parsed.attachments.map((attachment) => ({ ...attachment, content: asBuffer(attachment.content) })),
  };
}

/** How many messages the worker thread parsed: the tests see a large one go there (the bench shows the loop free). */
export const workerParseCount = () => workerParses;

/** Ends the worker thread, if any (the server's close); a later large message starts a new one. */
export async function closeParsePool(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.destroy();
}
