// How a request is measured: autocannon over HTTP for servers, a closed loop of workers for the driver alone.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

export interface Stats {
  /** Completed requests (or queries) per second. */
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx (or queries that threw): a run with errors measured nothing useful. */
  errors: number;
}

/** A request's own path and headers, which no other request may use while it is in flight (a conversation). */
export interface PooledRequest {
  path: string;
  headers: Record<string, string>;
}

interface Pooled {
  pooled?: PooledRequest;
}

export interface RequestPool {
  take(): PooledRequest;
  giveBack(request: PooledRequest): void;
}

export interface HttpTarget {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * A new body for every request, for writes that must differ each time (a free slot, an idempotency key), and its
   * own path when it must differ too (the booking page with that free slot).
   */
  nextRequest?: () => { path?: string; body: string };
  /** Each request's path and headers taken from this pool, and given back once answered. */
  pool?: RequestPool;
}

/** One request of the target, as fetch sends it (to record an answer), its pooled request given back after. */
export async function fetchOnce(base: string, target: HttpTarget): Promise<Response> {
  const pooled = target.pool?.take();
  const next = target.nextRequest?.();
  try {
    const res = await fetch(base + (pooled?.path ?? next?.path ?? target.path), {
      method: target.method,
      headers: { ...target.headers, ...pooled?.headers },
      body: next?.body ?? target.body,
    });
    await res.clone().arrayBuffer();
    return res;
  } finally {
    if (pooled) target.pool!.giveBack(pooled);
  }
}

/** Drives `base + target.path` with `connections` concurrent connections for `seconds`, no pipelining. */
export async function measureHttp(
  base: string,
  target: HttpTarget,
  connections: number,
  seconds: number,
): Promise<Stats> {
  const { nextRequest, pool } = target;
  // autocannon keeps a request's context from its setup to its answer: the pooled request goes back from there.
  const dynamic = nextRequest || pool;
  const result = await autocannon({
    url: base + target.path,
    method: target.method,
    headers: target.headers,
    body: target.body,
    ...(dynamic
      ? {
          requests: [
            {
              setupRequest: (request, context) => {
                const pooled = pool?.take();
                (context as Pooled).pooled = pooled;
                const next = nextRequest?.();
                return {
                  ...request,
                  ...(pooled ? { path: pooled.path, headers: { ...request.headers, ...pooled.headers } } : {}),
                  ...(next ? { body: next.body, ...(next.path ? { path: next.path } : {}) } : {}),
                };
              },
              onResponse: (_status, _body, context) => {
                const { pooled } = context as Pooled;
                if (pooled) pool?.giveBack(pooled);
              },
            },
          ],
        }
      : {}),
    connections,
    pipelining: 1,
    duration: seconds,
  });
  return {
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** Runs `query` from `workers` concurrent loops for `seconds`: the database driver's own speed. */
export async function measureLoop(query: () => Promise<unknown>, workers: number, seconds: number): Promise<Stats> {
  const samples: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      try {
        await query();
        samples.push(performance.now() - start);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor((samples.length * p) / 100))] ?? 0;
  return { rps: samples.length / seconds, p50: at(50), p99: at(99), errors };
}
