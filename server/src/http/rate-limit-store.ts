import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client';
import { selectRows } from '../db/select-rows';
import { counterUpsert, noWaitCommit, sweepCounters } from './attempt-limits';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * A @fastify/rate-limit store in the database, so every server process counts the same attempts
 * and a restart forgets nothing. One upsert per attempt: a fixed window per key.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly route = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      this.count(key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    /** One counter per route: the plugin hands the route's options over as `routeInfo`. */
    child(params: unknown): FastifyRateLimitStore {
      const route = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new DatabaseStore(undefined, `${String(route?.method ?? '')} ${route?.url ?? ''}`);
    }

    private async count(key: string, windowMs: number) {
      const hashed = createHash('sha256').update(`${this.route}|${key}`).digest('base64url');
      // The statement's own transaction commits without waiting for the disk: a count lost in a crash is harmless,
      // and the caller's request no longer waits a flush for it, nor do concurrent requests of one key queue behind
      // that flush for the row's lock.
      const [row] = await selectRows<{ count: number; ttl: number }>(db, counterUpsert(hashed, windowMs, noWaitCommit));
      if (Math.random() < 0.01) void sweepCounters(db);
      return { current: Number(row!.count), ttl: Number(row!.ttl) };
    }
  }
  return DatabaseStore;
}
