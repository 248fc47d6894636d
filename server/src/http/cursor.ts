import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Page } from '@common/http';
import { AppError } from '../errors';

/** Where a keyset page ends: the sort key of its last row, then its id (the tie-breaker). */
export type CursorKey = [sort: string | number | null, id: string];

/** What a list query returns before its cursor is sealed: the rows of the page and the key after which the next page starts. */
export interface KeysetPage<T> {
  items: T[];
  next: CursorKey | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const invalidCursor = () => new AppError(400, 'Invalid cursor', { cursor: 'Invalid cursor' });

/**
 * Seals and opens list cursors. A cursor is `payload.signature`, the signature an HMAC of the list's
 * name, the user's id and the payload under the server key: a forged cursor, or one issued to another
 * user or for another list, is refused with 400 before any query runs. Synchronous HMAC: microseconds.
 */
export class Cursors {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = createHmac('sha256', secret).update('pipewise list cursors').digest();
  }

  seal(key: CursorKey, userId: string, list: string): string {
    const payload = Buffer.from(JSON.stringify(key)).toString('base64url');
    return `${payload}.${this.#sign(payload, userId, list)}`;
  }

  /** The position a cursor marks, or null for none; throws 400 for anything this server did not issue to this user for this list. */
  open(cursor: string | undefined, userId: string, list: string): CursorKey | null {
    if (cursor === undefined || cursor === '') return null;
    const [payload, signature, ...rest] = cursor.split('.');
    if (!payload || !signature || rest.length) throw invalidCursor();
    const expected = Buffer.from(this.#sign(payload, userId, list));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidCursor();
    let key: unknown;
    try {
      key = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw invalidCursor();
    }
    if (!isCursorKey(key)) throw invalidCursor();
    return key;
  }

  /** The page as the browser gets it: the next position sealed into an opaque cursor. */
  pageOf<T>(page: KeysetPage<T>, userId: string, list: string): Page<T> {
    return { items: page.items, nextCursor: page.next ? this.seal(page.next, userId, list) : null };
  }

  #sign(payload: string, userId: string, list: string): string {
    return createHmac('sha256', this.#key).update(`${list}\n${userId}\n${payload}`).digest('base64url').slice(0, 27);
  }
}

function isCursorKey(value: unknown): value is CursorKey {
  if (!Array.isArray(value) || value.length !== 2) return false;
  const [sort, id] = value as unknown[];
  const isSortValue = sort === null || typeof sort === 'string' || (typeof sort === 'number' && Number.isFinite(sort));
  return isSortValue && typeof id === 'string' && UUID.test(id);
}
