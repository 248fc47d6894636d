import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectRows } from '../db/select-rows';
import { createKey, keyClient } from '../test/api-key-kit';
import { buildTestApp, signUp, type TestApp } from '../test/test-app';

// The per-key limit in blocks (api-key-rate-limit.ts): at 500 a minute a process reserves 5 at a time, so a key's
// requests cost a fifth of the writes, and the limit still holds to the request.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ apiKeyRequestsPerMinute: 500 });
});
afterAll(() => t.close());

it('lets exactly the limit through, writing the count once a block', async () => {
  const ann = await signUp(t.app, 'ann');
  const key = keyClient(t.app, (await createKey(ann, { contacts: 'read' })).secret);
  const answers = await Promise.all(Array.from({ length: 20 }, () => key.get('/api/contacts/count')));
  expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
  const [counted] = await selectRows<{ count: number }>(t.app.db, sql`select max(count) as count from rate_limits`);
  // 20 requests at once, 5 a block: four blocks reserved, none beyond them.
  expect(counted!.count).toBe(20);
  const statuses: number[] = [];
  for (let i = 0; i < 485; i++) statuses.push((await key.get('/api/contacts/count')).statusCode);
  expect(statuses.filter((status) => status === 200)).toHaveLength(480);
  expect(statuses.slice(480).every((status) => status === 429)).toBe(true);
});
