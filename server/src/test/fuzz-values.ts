import fc from 'fast-check';
import type { World } from './isolation-world';

// The fuzzer's values (server/src/http/fuzz.test.ts): what a client might send in a field, a body, an id or a query,
// from injections and odd text to the edges of what a field holds and the ids of the world's other records.

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
export const nastyString = fc.oneof(
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
const worldIds = (w: World) => [
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
const edgeValue = (w: World): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom(...edgeStrings),
    fc.tuple(fc.constantFrom('x', 'é', '😀'), fc.constantFrom(...lengths)).map(([unit, n]) => unit.repeat(n)),
    fc.constantFrom(1e15, 99_999_999_999.99, 1e20, 0.001, 1 / 3, 2 ** 31 - 1, 2 ** 31, 1440, 1441, 525_600, 365, 366),
    fc.integer({ min: -2, max: 10_000 }),
    // Another record's id, of any kind, where an id of one kind is asked for.
    fc.constantFrom(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10).map((i) => worldIds(w)[i]),
  );

export const nastyValue = (w: World): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 5, arbitrary: nastyString },
    { weight: 4, arbitrary: edgeValue(w) },
    { weight: 2, arbitrary: nastyNumber },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 2, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 3 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );

export const rawPayloads = [
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
export const contentTypes = [
  'application/json',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=nope',
  'nonsense',
];

/** Percent-encoding of any string: a lone surrogate, which encodeURIComponent refuses, becomes its raw bytes. */
export function encode(text: string): string {
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
export const malformedId = (w: World) =>
  fc.oneof(
    fc.constantFrom(...malformedIds),
    fc.constantFrom(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10).map((i) => worldIds(w)[i]!),
    fc.uuid(),
    nastyString.filter((s) => s.length > 0).map(encode),
  );

export const junkQueries = [
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

export const queryValue = (w: World) => fc.oneof(nastyString, edgeValue(w).map(String));
