import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { apiKeyMessages } from '@common/api-keys';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { AppError } from '../errors';

const WINDOW_MS = 60_000;
/** Leases kept in memory before the ended ones are dropped. */
const MAX_LEASES = 10_000;

/** A key's share of the minute's count, reserved in the database and spent by this process. */
interface Lease {
  windowEnds: number;
  /** The last count of the block reserved. */
  last: number;
  /** The count the next request takes. */
  next: number;
}

/**
 * Adds `block` to the key's count of the current minute (a new minute starts it at `block`), in the database the
 * server processes share: the count after, and the milliseconds left of the minute.
 */
async function reserve(db: Db, keyId: string, block: number): Promise<{ count: number; ttl: number }> {
  const hashed = createHash('sha256').update(`api-key|${keyId}`).digest('base64url');
  const window = sql`make_interval(secs => ${WINDOW_MS / 1000})`;
  const expired = sql`${rateLimits.windowStart} + ${window} <= now()`;
  // As the other limits' store: a count lost in a crash is harmless, so its commit does not wait for the disk.
  const [row] = await selectRows<{ count: number; ttl: number }>(
    db,
    sql`insert into ${rateLimits} (key, count)
      select ${hashed}, ${block} from (select set_config('synchronous_commit', 'off', true)) as no_wait
      on conflict (key) do update set
        count = case when ${expired} then ${block} else ${rateLimits.count} + ${block} end,
        window_start = case when ${expired} then now() else ${rateLimits.windowStart} end
      returning count,
        greatest(0, extract(epoch from (${rateLimits.windowStart} + ${window} - now())) * 1000)::int as ttl`,
  );
  return { count: Number(row!.count), ttl: Number(row!.ttl) };
}

/**
 * The per-key limit (API_KEY_REQUESTS_PER_MINUTE), counted in the database so it holds across server processes, in
 * blocks: a process reserves a hundredth of the limit at a time (at most 100, at least 1) and spends it from memory,
 * so a key's requests cost one write per block instead of one each. A process's unspent block counts as used, so a
 * key may be refused up to a block early per process, never let past the limit. A session's request passes
 * untouched. Answers carry the limit headers; past the limit, 429 with Retry-After.
 */
export function apiKeyRateLimit(app: FastifyInstance): preHandlerAsyncHookHandler {
  const max = app.config.apiKeyRequestsPerMinute;
  const block = Math.min(100, Math.max(1, Math.floor(max / 100)));
  const leases = new Map<string, Lease>();
  // One reservation at a time per key: requests arriving meanwhile wait for it rather than reserve more.
  const reserving = new Map<string, Promise<void>>();

  const renew = async (keyId: string) => {
    const { count, ttl } = await reserve(app.db, keyId, block);
    if (leases.size >= MAX_LEASES) {
      for (const [id, lease] of leases) if (lease.windowEnds <= Date.now()) leases.delete(id);
    }
    leases.set(keyId, { windowEnds: Date.now() + ttl, last: count, next: count - block + 1 });
  };

  return async (req, reply) => {
    const keyId = req.apiKey?.id;
    if (!keyId) return;
    for (;;) {
      const lease = leases.get(keyId);
      // Slots left in this minute's block, or the limit reached in it: either way, no reservation.
      if (lease && lease.windowEnds > Date.now() && (lease.next <= lease.last || lease.next > max)) break;
      let pending = reserving.get(keyId);
      if (!pending) {
        pending = renew(keyId).finally(() => reserving.delete(keyId));
        reserving.set(keyId, pending);
      }
      await pending;
    }
    const lease = leases.get(keyId)!;
    const current = lease.next++;
    const reset = Math.max(1, Math.ceil((lease.windowEnds - Date.now()) / 1000));
    reply.header('x-ratelimit-limit', max);
    reply.header('x-ratelimit-remaining', Math.max(0, max - current));
    reply.header('x-ratelimit-reset', reset);
    if (current > max) {
      reply.header('retry-after', reset);
      throw new AppError(429, apiKeyMessages.tooManyRequests);
    }
  };
}
