import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/** Counters older than this are swept now and then. */
const KEEP_MS = 24 * 60 * 60 * 1000;

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
      const window = sql`make_interval(secs => ${windowMs / 1000})`;
      const expired = sql`${rateLimits.windowStart} + ${window} <= now()`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key: hashed })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
          },
        })
        .returning({
          count: rateLimits.count,
          ttl: sql<number>`greatest(0, extract(epoch from (${rateLimits.windowStart} + ${window} - now())) * 1000)::int`,
        });
      if (Math.random() < 0.01) void this.sweep();
      return { current: row!.count, ttl: Number(row!.ttl) };
    }

    private async sweep() {
      await db
        .delete(rateLimits)
        .where(sql`${rateLimits.windowStart} < now() - make_interval(secs => ${KEEP_MS / 1000})`)
        .catch(() => undefined);
    }
  }
  return DatabaseStore;
}
