import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/select-rows';
import { mailServer } from '../test/secrets-kit';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../test/test-app';

/**
 * Every secret a user can save (decisions.md item 5), saved through the API, then looked for in clear in every
 * answer of every GET route the API documents and in every row of every table: it must be in none of them. A canary
 * secret through refused requests is in secrets-canary.test.ts, the log's redactions in secrets-log.test.ts.
 */
const SECRETS = {
  aiKey: 'sk-proj-sweep-AI-key-4c1d9e77',
  pop3Password: 'pop3-sweep-Password-91ab',
  smtpPassword: 'smtp-sweep-Password-5e2f',
  calendarSecret: 'GOCSPX-sweep-calendar-secret-0d3a',
};

let t: TestApp;
let ann: UserClient;
const answers: LightMyRequestResponse[] = [];

async function send(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: { cookie: ann.cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  answers.push(res);
  return res;
}

beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  const saved = await Promise.all([
    send('PUT', '/api/settings/ai', { provider: 'openai', model: 'gpt-4', apiKey: SECRETS.aiKey }),
    send('POST', '/api/email-accounts', {
      email: 'ann@example.com',
      pop3: mailServer(SECRETS.pop3Password, 995),
      smtp: mailServer(SECRETS.smtpPassword, 587),
    }),
    send('PUT', '/api/calendar/integration', { googleClientId: 'id', googleClientSecret: SECRETS.calendarSecret }),
  ]);
  for (const res of saved) expect(res.statusCode, res.body).toBeLessThan(300);
});
afterAll(() => t.close());

function expectNoSecretIn(text: string, where: string) {
  for (const [name, secret] of Object.entries(SECRETS)) {
    expect(text.includes(secret), `${name} in clear in ${where}`).toBe(false);
  }
}

describe('stored secrets', () => {
  it('appear in clear in no answer of any GET route', async () => {
    const spec = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, object> }>();
    const accounts = (await send('GET', '/api/email-accounts')).json<{ items: { id: string }[] }>();
    const ids: Record<string, string> = { id: accounts.items[0]!.id, userId: ann.id };
    const getPaths = Object.entries(spec.paths)
      .filter(([, operations]) => 'get' in operations)
      .map(([path]) => path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? crypto.randomUUID()));
    expect(getPaths.length).toBeGreaterThan(20);
    for (const path of getPaths) await send('GET', path);

    expect(answers.length).toBeGreaterThan(getPaths.length);
    for (const res of answers) {
      expectNoSecretIn(res.body, `${res.raw.req.method} ${res.raw.req.url}`);
      expectNoSecretIn(JSON.stringify(res.headers), `the headers of ${res.raw.req.url}`);
    }
  });

  it('are stored only as ciphertext: no row of any table holds one in clear', async () => {
    const db = t.database.db;
    const tables = await selectRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(10);
    for (const { name } of tables) {
      const rows = await selectRows<{ row: string }>(db, sql`select t::text as row from ${sql.identifier(name)} t`);
      for (const { row } of rows) expectNoSecretIn(row, `table ${name}`);
    }
    const sealed = await selectRows<{ value: string }>(
      db,
      sql`select api_key_encrypted as value from user_ai_config
        union all select password_encrypted from email_server_config
        union all select google_client_secret_encrypted from calendar_integration`,
    );
    expect(sealed).toHaveLength(4);
    for (const { value } of sealed) expect(value).toMatch(/^v1\./);
  });
});
