import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { selectRows } from '../db/select-rows';
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
      // The statement's own transaction commits without waiting for the disk (set_config(…, true) lasts until that
      // commit): a count lost in a crash is harmless, and the caller's request no longer waits a flush for it, nor
      // do concurrent requests of one key queue behind that flush for the row's lock.
      const [row] = await selectRows<{ count: number; ttl: number }>(
        db,
        sql`insert into ${rateLimits} (key)
          select ${hashed} from (select set_config('synchronous_commit', 'off', true)) as no_wait
          on conflict (key) do update set
            count = case when ${expired} then 1 else ${rateLimits.count} + 1 end,
            window_start = case when ${expired} then now() else ${rateLimits.windowStart} end
          returning count,
            greatest(0, extract(epoch from (${rateLimits.windowStart} + ${window} - now())) * 1000)::int as ttl`,
      );
      if (Math.random() < 0.01) void this.sweep();
      return { current: Number(row!.count), ttl: Number(row!.ttl) };
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
