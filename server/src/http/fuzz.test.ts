import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@common/http';
import { selectRows } from '../db/select-rows';
import { fuzzTarget, inject, type Request, type Target } from '../test/fuzz-targets';
import type { TestApp } from '../test/test-app';
import { routeCases } from '../test/isolation-cases';
import { buildAppWithRoutes, routeKeys } from '../test/isolation-app';
import { makeWorld, type World } from '../test/isolation-world';

// Issue 14's fuzzer: every /api route of the server's own route table gets malformed bodies, query strings and
// ids, generated from the route's schema and a valid example of it, as its owner (a public route with no session).
// Whatever arrives, the answer is below 500, a 4xx is `{ error }`, a request that is not answered 2xx stores
// nothing, and the server still answers afterwards. The requests are made in server/src/test/fuzz-*.ts.

const SEED = 1414;
// Each run is a request to a real app: with the chatbot's routes, 80 runs took 163 s on PostgreSQL in CI.
const RUNS_PER_ROUTE = 50;

let t: TestApp & { routes: RouteOptions[] };
let w: World;
/** The stored data as of the last request: only a 2xx may change it. */
let lastFingerprint: string;
let requests = 0;
/** How many requests got each status, for the run's report. */
const answered = new Map<number, number>();

/** Every table's rows, hashed; the rate limiter's counters change on any answer, so they are left out. */
let fingerprintQuery: string;
async function fingerprint(): Promise<string> {
  const rows = await selectRows<{ name: string; rows: number; hash: string }>(t.database.db, sql.raw(fingerprintQuery));
  return rows.map((row) => `${row.name}:${row.rows}:${row.hash}`).join(' ');
}

beforeAll(async () => {
  t = await buildAppWithRoutes();
  w = await makeWorld(t.app);
  const tables = await selectRows<{ name: string }>(
    t.database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limits'
        order by table_name`,
  );
  fingerprintQuery = tables
    .map(
      ({ name }) =>
        `select '${name}' as name, count(*)::int as rows, ` +
        `coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as hash from "${name}" t`,
    )
    .join(' union all ');
  lastFingerprint = await fingerprint();
}, 120_000);
afterAll(() => t?.close());

const targetOf = (key: string) => fuzzTarget(t.routes, w, key);

/** Sends one request and checks the answer and the stored data; fails with what was sent. */
async function sendAndCheck(target: Target, request: Request) {
  const { url, body, headers } = request;
  requests++;
  const res = await inject(t.app, w, target, request);
  answered.set(res.statusCode, (answered.get(res.statusCode) ?? 0) + 1);
  const label = `${target.method} ${url.slice(0, 300)} ${JSON.stringify(headers)} ${JSON.stringify(body).slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  // Sending answers 502 when the mail server cannot be used (the world's account may not reach its private address).
  const mailServerRefusal = target.key === 'POST /api/email/send' && res.statusCode === 502;
  // 'Check Mail' is a job: this app runs without the job queue, and says so (503) to a well-formed request.
  const noJobQueue = target.key === 'POST /api/email/check' && res.statusCode === 503;
  if (!mailServerRefusal && !noJobQueue) expect(res.statusCode, label).toBeLessThan(500);
  if (res.statusCode >= 400) {
    let parsed: unknown;
    try {
      parsed = res.json();
    } catch {
      parsed = res.body;
    }
    expect(errorBodySchema.safeParse(parsed).success, label).toBe(true);
  }
  const now = await fingerprint();
  const changed = now !== lastFingerprint;
  lastFingerprint = now;
  if (res.statusCode < 200 || res.statusCode >= 300)
    expect(changed, `a refused request stored data: ${label}`).toBe(false);
}

// Deletes last: they take away the records the other routes are fuzzed with. Signing out is fuzzed with no
// session (it is public), so A's stays. Deleting the workspace goes first instead, while A's has the world's name,
// which no fuzzed value spells (after the rename's own fuzzing it could be one): so A keeps the workspace.
const WORKSPACE_DELETE = 'DELETE /api/workspace';
const rank = (key: string) => (key === WORKSPACE_DELETE ? -1 : Number(key.startsWith('DELETE')));
const fuzzedKeys = Object.keys(routeCases).sort((x, y) => rank(x) - rank(y) || x.localeCompare(y));

describe('the fuzzer', () => {
  it('covers every /api route of the route table', () => {
    const live = routeKeys(t.routes).filter((key) => key.split(' ')[1]!.startsWith('/api/'));
    expect(live.length).toBeGreaterThan(90);
    expect(live.filter((key) => !fuzzedKeys.includes(key))).toEqual([]);
  });

  it.each(fuzzedKeys)('%s: malformed input is a 4xx with { error }, and stores nothing', async (key) => {
    const target = targetOf(key);
    await fc.assert(
      fc.asyncProperty(target.request, (request) => sendAndCheck(target, request)),
      { seed: SEED, numRuns: RUNS_PER_ROUTE },
    );
  });

  it('stays up', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect((await w.a.get('/api/me')).statusCode).toBe(200);
    // Thousands in all: the count is in the report of this run.
    expect(requests).toBeGreaterThan(fuzzedKeys.length * RUNS_PER_ROUTE * 0.9);
    const statuses = [...answered].sort(([x], [y]) => x - y).map(([status, n]) => `${status}: ${n}`);
    console.info(`fuzzer: ${requests} requests over ${fuzzedKeys.length} routes (${statuses.join(', ')})`);
  });
});
