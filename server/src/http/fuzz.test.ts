import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '@common/http';
import { selectRows } from '../db/select-rows';
import { pathSpellings } from '../test/path-spellings';
import type { TestApp } from '../test/test-app';
import { routeCases } from '../test/isolation-cases';
import { buildAppWithRoutes, makeWorld, routeKeys, type Call, type Part, type World } from '../test/isolation-fixtures';

// Issue 14's fuzzer: every /api route of the server's own route table gets malformed bodies, query strings and
// ids, generated from the route's schema and a valid example of it, as its owner (a public route with no session).
// Whatever arrives, the answer is below 500, a 4xx is `{ error }`, a request that is not answered 2xx stores
// nothing, and the server still answers afterwards.

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

// --- What a client might send ----------------------------------------------------------------------------

const sqlFragments = [
  "' or 1=1 --",
  "'; drop table contacts; --",
  '" or ""="',
  "1' union select password from auth_accounts --",
  "%' and '%'='",
  '\\',
  '$1',
  '::text',
  "E'\\x00'",
];
const htmlFragments = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '"><svg onload=alert(1)>',
  "javascript:alert('x')",
  '&lt;&amp;&#0;',
  '{{7*7}}',
  '${7*7}',
  '../../etc/passwd',
];
const oddStrings = [
  '',
  ' ',
  '\t\n\r',
  '\u202e\u200b\ufeff',
  '😀',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301',
  '\ud800',
  '\udfff\ud800',
  '\u0000',
  '0',
  '-1',
  '1e309',
  'NaN',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '2030-02-30',
  '0000-01-01',
  '9999-12-31T25:61:00Z',
  '+275760-09-13T00:00:00.001Z',
  '24:00',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  'a@b',
  'x'.repeat(256),
];

const hugeString = fc
  .tuple(fc.constantFrom('x', 'é', '😀', '<b>', "'", '%_'), fc.integer({ min: 200, max: 20_000 }))
  .map(([unit, times]) => unit.repeat(times));
const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...sqlFragments, ...htmlFragments, ...oddStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: hugeString },
);
const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, -0, 1.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, Number.MAX_VALUE, Number.MIN_VALUE),
);
/** Values a field's type lets through at the edges of what it holds: dates, zones, times, amounts, lengths. */
const edgeStrings = [
  '9999-12-31',
  '1000-01-01',
  '1970-01-01',
  '2000-02-29',
  '9999-12-31T23:59:59.999Z',
  '1000-01-01T00:00:00Z',
  '1969-12-31T23:59:59.999-14:00',
  '2030-01-01T10:00:00+14:00',
  '2030-01-01T10:00:00.123456789Z',
  '2030-01-01',
  '23:59',
  '00:00',
  '23:30',
  '12:00',
  'UTC',
  'Etc/GMT-14',
  'Etc/GMT+12',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'America/St_Johns',
  'EST5EDT',
  'Europe/Paris',
  '#fff',
  '#ABCDEF',
  'https://example.com/<script>',
  'ü@example.com',
  `${'a'.repeat(64)}@${'b'.repeat(63)}.com`,
  'a@example.com',
  'Lead',
  'Won',
  'Lost',
  'To Do',
  'Done',
  'Review',
  'call',
  'meeting',
  'openai',
  '12h',
];
const worldIds = () => [
  w.contactId,
  w.pipelineId,
  w.dealId,
  w.activityId,
  w.projectId,
  w.categoryId,
  w.taskId,
  w.formId,
  w.fieldId,
  w.bookingId,
  w.bPipelineId,
];
const lengths = [1, 2, 50, 99, 100, 101, 120, 200, 254, 255, 256, 500, 1000, 1001, 2000, 5000, 10_000];
const edgeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...edgeStrings),
  fc.tuple(fc.constantFrom('x', 'é', '😀'), fc.constantFrom(...lengths)).map(([unit, n]) => unit.repeat(n)),
  fc.constantFrom(1e15, 99_999_999_999.99, 1e20, 0.001, 1 / 3, 2 ** 31 - 1, 2 ** 31, 1440, 1441, 525_600, 365, 366),
  fc.integer({ min: -2, max: 10_000 }),
  // Another record's id, of any kind, where an id of one kind is asked for.
  fc.constantFrom(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10).map((i) => worldIds()[i]),
);

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: nastyString },
  { weight: 4, arbitrary: edgeValue },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** The key paths of a zod schema (its input side), as far as JSON Schema can say them. */
function schemaPaths(schema: unknown): Array<Array<string | number>> {
  if (!(schema instanceof z.ZodType)) return [];
  let json: unknown;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return [];
  }
  const paths: Array<Array<string | number>> = [];
  const walk = (node: unknown, prefix: Array<string | number>, depth: number) => {
    if (!node || typeof node !== 'object' || depth > 4) return;
    const n = node as { properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[]; oneOf?: unknown[] };
    for (const [key, child] of Object.entries(n.properties ?? {})) {
      paths.push([...prefix, key]);
      walk(child, [...prefix, key], depth + 1);
    }
    if (n.items) {
      paths.push([...prefix, 0]);
      walk(n.items, [...prefix, 0], depth + 1);
    }
    for (const option of [...(n.anyOf ?? []), ...(n.oneOf ?? [])]) walk(option, prefix, depth + 1);
  };
  walk(json, [], 0);
  return paths;
}

/** The key paths of a value: every key and index, nested. */
function valuePaths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key];
    return [path, ...valuePaths(child, path)];
  });
}

/** A copy of `value` with `path` set to `replacement` (undefined drops the key), making the way as needed. */
function withPath(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  const base = value && typeof value === 'object' ? value : typeof head === 'number' ? [] : {};
  const copy = (Array.isArray(base) ? [...(base as unknown[])] : { ...base }) as Record<string | number, unknown>;
  copy[head] = withPath(copy[head], rest, replacement);
  if (copy[head] === undefined && !Array.isArray(copy)) delete copy[head];
  return copy;
}

const rawPayloads = [
  '',
  '{',
  '{"a":',
  '[1,]',
  '{"name":"x",}',
  'null',
  '"text"',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"name":"\\u0000"}',
  '{"name":"\\ud800"}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(2000) + '1' + '}'.repeat(2000),
  '\u00ff\u00fe',
  'name=x&email=y',
  '<xml><name>x</name></xml>',
  // Over the 1 MiB body limit.
  `{"name":"${'x'.repeat(1_100_000)}"}`,
];
const contentTypes = [
  'application/json',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=nope',
  'nonsense',
];

type Body = { json: unknown } | { raw: string; contentType: string } | { parts: Part[] } | { none: true };

function bodyArbitrary(example: unknown, paths: Array<Array<string | number>>, multipart: boolean): fc.Arbitrary<Body> {
  const keys = [...new Set(paths.filter((path) => path.length === 1).map((path) => String(path[0])))];
  const mutated = paths.length
    ? fc
        .array(fc.tuple(fc.constantFrom(...paths), fc.option(nastyValue, { freq: 8, nil: undefined })), {
          minLength: 1,
          maxLength: 3,
        })
        .map((changes) => ({
          json: changes.reduce<unknown>((body, [path, value]) => withPath(body, path, value), example ?? {}),
        }))
    : fc.constant<Body>({ json: example ?? {} });
  const choices: Array<fc.WeightedArbitrary<Body>> = [
    { weight: 6, arbitrary: mutated },
    {
      weight: 2,
      arbitrary: fc
        .tuple(...keys.map(() => fc.option(nastyValue, { nil: undefined })))
        .map((values) => ({ json: Object.fromEntries(keys.map((key, i) => [key, values[i]])) })),
    },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => ({ json })) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }).map((json) => ({ json })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.oneof(fc.constantFrom(...rawPayloads), nastyString), fc.constantFrom(...contentTypes))
        .map(([raw, contentType]) => ({ raw, contentType })),
    },
    { weight: 1, arbitrary: fc.constant({ none: true as const }) },
  ];
  if (multipart) {
    const part = fc.record({
      name: fc.oneof(fc.constantFrom('file', 'avatar', 'mapping', 'duplicates'), nastyString),
      bytes: fc.oneof(nastyString, fc.constantFrom('{"name":0}', '{"name":99,"email":-1}', 'update', 'skip')),
      filename: fc.option(fc.oneof(fc.constantFrom('a.csv', 'a.png', '../../x', ''), nastyString), {
        nil: undefined,
      }),
      type: fc.option(fc.constantFrom('text/csv', 'image/png', 'image/svg+xml', 'text/html'), { nil: undefined }),
    });
    choices.push({ weight: 8, arbitrary: fc.array(part, { maxLength: 4 }).map((parts) => ({ parts })) });
  }
  return fc.oneof(...choices);
}

/** Percent-encoding of any string: a lone surrogate, which encodeURIComponent refuses, becomes its raw bytes. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

const malformedIds = [
  'x',
  '0',
  '-1',
  '%00',
  '%',
  '%zz',
  '..',
  '%2e%2e',
  '%2F',
  'a'.repeat(5000),
  '%E2%80%AE',
  '%F0%9F%98%80',
  '%ED%A0%80',
  "'%20or%201=1--",
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '00000000-0000-0000-0000-000000000000',
  '00000000-0000-0000-0000-00000000000g',
  '7',
  '1.5',
];
const malformedId = fc.oneof(
  fc.constantFrom(...malformedIds),
  fc.constantFrom(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10).map((i) => worldIds()[i]!),
  fc.uuid(),
  nastyString.filter((s) => s.length > 0).map(encode),
);

const junkQueries = [
  '%',
  '%zz',
  'a=%E0%A4%A',
  '&&&',
  '=',
  'a[b][c][d]=1',
  '__proto__[admin]=1',
  'constructor[prototype][admin]=1',
  'limit=1&limit=2&limit=3',
  'cursor=W251bGwsIngiXQ.AAAAAAAAAAAAAAAAAAAAAAAAAAA',
];

const queryValue = fc.oneof(nastyString, edgeValue.map(String));

function queryArbitrary(example: URLSearchParams, schemaKeys: string[]): fc.Arbitrary<string> {
  const keys = [...new Set([...example.keys(), ...schemaKeys, 'limit', 'cursor', 'q'])];
  const pairs = fc
    .array(fc.tuple(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...keys) }, nastyString), queryValue), {
      minLength: 1,
      maxLength: 4,
    })
    .map((entries) => {
      const query = new URLSearchParams(example);
      for (const [key, value] of entries) {
        if (query.has(key) && value.length % 2 === 0) query.set(key, value);
        else query.append(key, value);
      }
      return query.toString();
    });
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(example.toString()) },
    { weight: 5, arbitrary: pairs },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...junkQueries).map((junk) => [example.toString(), junk].filter(Boolean).join('&')),
    },
  );
}

// --- The routes -----------------------------------------------------------------------------------------

/** A's record behind each path parameter, by the path segment before it. */
function realParam(w: World, segments: string[], index: number): string {
  const owner = segments[index - 1];
  const ids: Record<string, string> = {
    contacts: w.contactId,
    pipelines: w.pipelineId,
    deals: w.dealId,
    activities: w.activityId,
    projects: w.projectId,
    tasks: w.taskId,
    'task-categories': w.categoryId,
    'email-accounts': w.emailAccountId,
    messages: w.emailMessageId,
    attachments: w.emailAttachmentId,
    folders: w.emailFolderId,
    bookings: w.bookingId,
    forms: w.formId,
    chatbots: w.chatbotId,
    knowledge: w.knowledgeId,
    conversations: w.conversationId,
    notifications: w.notificationId,
    avatars: w.a.id,
    booking: w.a.id,
    feed: w.feedToken,
    availability: '1',
  };
  const id = owner === undefined ? undefined : ids[owner];
  if (id === undefined) throw new Error(`no record for the parameter ${segments[index]} of ${segments.join('/')}`);
  return id;
}

interface Target {
  key: string;
  method: Call['method'];
  signedIn: boolean;
  request: fc.Arbitrary<Request>;
}

interface Request {
  url: string;
  body: Body;
  /** Replaces or adds to the usual headers. */
  headers: Record<string, string>;
}

/**
 * Now and then a forged or broken session (signed-in routes only: signing out with A's would end it), or another
 * site's origin.
 */
const oddHeaders = (signedIn: boolean): fc.Arbitrary<Record<string, string>> => {
  const sessionName = w.a.cookie.split('=')[0]!;
  const brokenSession = fc
    .oneof(
      nastyString.map((value) => `${sessionName}=${encode(value)}`),
      fc.constantFrom(`${w.a.cookie}; ${w.a.cookie}`, `${w.a.cookie}x`, w.a.cookie.slice(0, -3), '=; ;=', w.b.cookie),
    )
    .map((cookie) => ({ cookie }));
  const otherSite = fc
    .tuple(fc.constantFrom('https://evil.example', 'null', 'http://localhost:3000', ''), fc.boolean())
    .map(([origin, crossSite]) => ({ origin, ...(crossSite ? { 'sec-fetch-site': 'cross-site' } : {}) }));
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: otherSite },
    ...(signedIn ? [{ weight: 1, arbitrary: brokenSession }] : []),
  );
};

/** Now and then the path written another way (path-spellings.ts): an index into its spellings, or -1 for none. */
const otherSpelling = fc.oneof({ weight: 9, arbitrary: fc.constant(-1) }, { weight: 1, arbitrary: fc.nat(20) });

/** The route's valid call: the isolation matrix's, made A's own where it named B's. */
function exampleOf(key: string): Call {
  const c = routeCases[key]!;
  const call = 'probes' in c ? c.probes(w)[0]! : c.call(w);
  const body = JSON.parse(JSON.stringify(call.body ?? null).replaceAll(w.bPipelineId, w.pipelineId)) as unknown;
  if (key === 'POST /api/public/forms/:id/submissions')
    return { ...call, body: { ...(body as object), values: { [w.fieldId]: 'A visitor' } } };
  return { ...call, body: body ?? undefined };
}

function targetOf(key: string): Target {
  const [method, template] = key.split(' ') as [Call['method'], string];
  const route = t.routes.find((r) => r.url === template && [r.method].flat().includes(method));
  const schema = (route?.schema ?? {}) as { body?: unknown; querystring?: unknown };
  const example = exampleOf(key);
  const exampleQuery = new URL(example.url, 'http://localhost').searchParams;
  const queryKeys = schemaPaths(schema.querystring).flatMap((path) => (path.length === 1 ? [String(path[0])] : []));
  const bodyPaths = [...schemaPaths(schema.body), ...valuePaths(example.body)];
  const uniquePaths = [...new Map(bodyPaths.map((path) => [JSON.stringify(path), path])).values()];

  const segments = template.split('/');
  const paramSegments = segments.map((segment, i) => (segment.startsWith(':') ? i : -1)).filter((i) => i >= 0);
  const path = fc
    .tuple(
      ...paramSegments.map((i) =>
        fc.oneof(
          { weight: 3, arbitrary: fc.constant(realParam(w, segments, i)) },
          { weight: 1, arbitrary: malformedId },
        ),
      ),
    )
    .map((values) => {
      const parts = [...segments];
      paramSegments.forEach((segmentIndex, n) => {
        // `:token.ics` keeps its suffix.
        parts[segmentIndex] = parts[segmentIndex]!.replace(/^:[A-Za-z]+/, values[n]!);
      });
      return parts.join('/');
    });
  const hasBody = method !== 'GET';
  const body: fc.Arbitrary<Body> = hasBody
    ? bodyArbitrary(example.body, uniquePaths, Boolean(example.parts))
    : fc.constant({ none: true });
  const signedIn = 'probes' in routeCases[key]!;
  return {
    key,
    method,
    signedIn,
    request: fc
      .record({
        path,
        query: queryArbitrary(exampleQuery, queryKeys),
        body,
        headers: oddHeaders(signedIn).map((odd) => ({ ...example.headers, ...odd })),
        spelling: otherSpelling,
      })
      .map(({ path, query, body, headers, spelling }) => {
        const url = query ? `${path}?${query}` : path;
        const spellings = pathSpellings(url);
        return { url: spelling < 0 ? url : spellings[spelling % spellings.length]!, body, headers };
      }),
  };
}

function inject(target: Target, { url, body, headers: extra }: Request): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(target.signedIn ? { cookie: w.a.cookie } : {}), ...extra };
  const options: InjectOptions = { method: target.method, url, headers };
  if ('json' in body) {
    const payload = JSON.stringify(body.json);
    if (payload !== undefined) {
      options.payload = payload;
      headers['content-type'] = 'application/json';
    }
  } else if ('raw' in body) {
    options.payload = body.raw;
    headers['content-type'] = body.contentType;
  } else if ('parts' in body) {
    const boundary = 'fuzzboundary';
    options.payload = Buffer.concat([
      ...body.parts.map((part) =>
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
            (part.filename === undefined ? '' : `; filename="${part.filename}"`) +
            `\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n${String(part.bytes)}\r\n`,
        ),
      ),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
  }
  return t.app.inject(options);
}

/** Sends one request and checks the answer and the stored data; fails with what was sent. */
async function sendAndCheck(target: Target, request: Request) {
  const { url, body, headers } = request;
  requests++;
  const res = await inject(target, request);
  answered.set(res.statusCode, (answered.get(res.statusCode) ?? 0) + 1);
  const label = `${target.method} ${url.slice(0, 300)} ${JSON.stringify(headers)} ${JSON.stringify(body).slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  // Sending answers 502 when the mail server cannot be used (the world's account may not reach its private address).
  const mailServerRefusal = target.key === 'POST /api/email/send' && res.statusCode === 502;
  if (!mailServerRefusal) expect(res.statusCode, label).toBeLessThan(500);
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
// session (it is public), so A's stays.
const fuzzedKeys = Object.keys(routeCases).sort(
  (x, y) => Number(x.startsWith('DELETE')) - Number(y.startsWith('DELETE')) || x.localeCompare(y),
);

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
