import pg from 'pg';
import type { Db } from './client';

/** What `membership_of(user)` answers (migration 0027): the user's current workspace and their place in it. */
export interface MembershipRow {
  id: string;
  name: string;
  role: string;
  visibility: string;
  last_active_at: Date | string | null;
  webhooks: boolean;
}

/**
 * What `api_key_of(hash)` answers (migration 0027): the key with its member, workspace, account and profile.
 * Only the fields the cache drops it by are named here.
 */
export interface KeyRow {
  id: string;
  workspace_id: string;
  user_id: string;
  last_used_at: Date | string | null;
}

/** The channel the database announces membership changes on (migration 0029). */
export const MEMBERSHIP_CHANNEL = 'membership_changed';

/**
 * The memberships this process's requests read, kept only while it hears the database announce every change to them
 * (migration 0029's triggers, on a connection of its own): a change made by any process drops what it touches here
 * when its commit is announced, with no expiry to wait for. Not hearing (not yet connected, the connection lost)
 * means keeping nothing, so every request reads the database, as without this.
 */
export class MembershipCache {
  readonly #entries = new Map<string, MembershipRow>();
  /** API keys by their hash, with their member: dropped with their user, their workspace, or on their own change. */
  readonly #keys = new Map<string, KeyRow>();
  #hearing = false;
  /** Counts what dropped entries: a read under way when one happened may hold a row from before it. */
  #drops = 0;

  /** Whether announcements are heard now, so memberships are kept. */
  get heard(): boolean {
    return this.#hearing;
  }

  /** The membership kept for a user, if any. */
  get(userId: string): MembershipRow | undefined {
    return this.#hearing ? this.#entries.get(userId) : undefined;
  }

  /** Where a read begins: pass it to `keep` with the row read. */
  get mark(): number {
    return this.#drops;
  }

  /** Keeps a row read since `mark`, unless something dropped entries meanwhile. */
  keep(userId: string, row: MembershipRow, mark: number): void {
    if (this.#hearing && mark === this.#drops) this.#entries.set(userId, row);
  }

  /** The key kept for a hash, if any. */
  getKey<Row extends KeyRow>(hash: string): Row | undefined {
    return this.#hearing ? (this.#keys.get(hash) as Row | undefined) : undefined;
  }

  /** Keeps a key read since `mark`, unless something dropped entries meanwhile. */
  keepKey(hash: string, row: KeyRow, mark: number): void {
    if (this.#hearing && mark === this.#drops) this.#keys.set(hash, row);
  }

  /** The key's last use was just written. */
  keyUsed(hash: string, at: Date): void {
    const row = this.#keys.get(hash);
    if (row) this.#keys.set(hash, { ...row, last_used_at: at });
  }

  /** The member's last activity was just written: kept with the row, so it is not written again at once. */
  touched(userId: string, at: Date): void {
    const row = this.#entries.get(userId);
    if (row) this.#entries.set(userId, { ...row, last_active_at: at });
  }

  /**
   * An announcement: 'user:<id>' drops that user's membership and keys, 'workspace:<id>' everyone's in that
   * workspace, 'key:<id>' that key; anything else, all.
   */
  changed(payload: string): void {
    this.#drops++;
    const [kind, id] = payload.split(':');
    if (kind === 'user' && id) {
      this.#entries.delete(id);
      for (const [hash, key] of this.#keys) if (key.user_id === id) this.#keys.delete(hash);
    } else if (kind === 'workspace' && id) {
      for (const [userId, row] of this.#entries) if (row.id === id) this.#entries.delete(userId);
      for (const [hash, key] of this.#keys) if (key.workspace_id === id) this.#keys.delete(hash);
    } else if (kind === 'key' && id) {
      for (const [hash, key] of this.#keys) if (key.id === id) this.#keys.delete(hash);
    } else this.dropAll();
  }

  /** Whether announcements are heard: either way, start from nothing kept. */
  hearing(on: boolean): void {
    this.#hearing = on;
    this.dropAll();
  }

  /** Drops every kept membership: this process just changed some (`forgetMemberships`). */
  dropAll(): void {
    this.#drops++;
    this.#entries.clear();
    this.#keys.clear();
  }
}

/** How often the listening connection is checked, and how long an answer may take before it counts as lost. */
const PING_EVERY_MS = 5_000;
const PING_TIMEOUT_MS = 2_000;
const RECONNECT_AFTER_MS = 1_000;

/**
 * Listens for membership changes on a connection of its own, for as long as the database is open: the cache hears
 * only while that connection answers (checked every few seconds, so one that died without a word is noticed), and a
 * lost connection is opened again after a second.
 */
export function listenForMembershipChanges(url: string, cache: MembershipCache): { close: () => Promise<void> } {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let ping: NodeJS.Timeout | undefined;

  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    cache.hearing(false);
    client = null;
    clearInterval(ping);
    lostClient.end().catch(() => undefined);
    if (!closed) retry = setTimeout(connect, RECONNECT_AFTER_MS);
  };

  async function connect() {
    const next = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'membership listener' });
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (message) => cache.changed(message.payload ?? ''));
    try {
      await next.connect();
      await next.query(`listen ${MEMBERSHIP_CHANNEL}`);
      if (client !== next || closed) return;
      cache.hearing(true);
      ping = setInterval(() => {
        const timer = setTimeout(() => lost(next), PING_TIMEOUT_MS);
        next.query('select 1').then(
          () => clearTimeout(timer),
          () => lost(next),
        );
      }, PING_EVERY_MS);
      ping.unref();
    } catch {
      lost(next);
    }
  }

  void connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      clearInterval(ping);
      cache.hearing(false);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

/** The cache of a PostgreSQL database (client.ts); none on the embedded one, a single process that reads it cheaply. */
const caches = new WeakMap<Db, MembershipCache>();

export function useMembershipCache(db: Db, cache: MembershipCache): void {
  caches.set(db, cache);
}

export const membershipCacheOf = (db: Db): MembershipCache | undefined => caches.get(db);

/**
 * Drops what this process keeps of every membership: called by a request that may have changed one, before it
 * answers, so this process's next request reads the change even before its announcement arrives.
 */
export function forgetMemberships(db: Db): void {
  caches.get(db)?.dropAll();
}
