import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';

// Node's scrypt runs on the libuv thread pool, so hashing never blocks the event loop.
const PARAMS: ScryptOptions = { N: 16384, r: 16, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 64;

// The thread pool also runs the quick crypto of every signed-in request (session cookie HMACs).
// A burst of sign-ins must not fill it, nor take every core from the event loop: hashes queue here.
export const MAX_CONCURRENT_HASHES = Math.max(1, Math.min(2, availableParallelism() - 1));
/**
 * Hashes that may wait for a slot. At about 50 ms a hash on two slots, the last in line waits under a second; past
 * this, a sign-in is refused at once (503, try again) instead of queueing for minutes while memory grows.
 */
export const MAX_WAITING_HASHES = 32;
let running = 0;
const waiting: Array<() => void> = [];

/** Thrown instead of queueing when MAX_WAITING_HASHES wait already: the caller answers 503 with Retry-After. */
export class HashQueueFullError extends Error {
  constructor() {
    super('Too many password checks are waiting');
  }
}

/** Whether a hash asked for now would be refused: a sign-in checks before it counts against its account. */
export const isHashQueueFullNow = () => running >= MAX_CONCURRENT_HASHES && waiting.length >= MAX_WAITING_HASHES;

/** Whether an error (as such, or as the cause of a library's error) is a full hashing queue. */
export function isHashQueueFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof HashQueueFullError) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  // A finishing hash hands its slot straight to the next in line, so `running` never overshoots.
  if (running < MAX_CONCURRENT_HASHES) running++;
  else if (waiting.length >= MAX_WAITING_HASHES) throw new HashQueueFullError();
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return withHashSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, PARAMS, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

/** `scrypt$<salt hex>$<key hex>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt);
  return `scrypt$${salt.toString('hex')}$${key.toString('hex')}`;
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [scheme, saltHex, keyHex] = hash.split('$');
  if (scheme !== 'scrypt' || !saltHex || !keyHex) return false;
  const expected = Buffer.from(keyHex, 'hex');
  const actual = await derive(password, Buffer.from(saltHex, 'hex'));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
