import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { selectRows } from '../db/select-rows';
import {
  buildTestApp,
  createPostgresDatabase,
  signUp,
  testConfig,
  type TestApp,
  type UserClient,
} from '../test/test-app';

/**
 * Every secret a user can save (decisions.md item 5), saved through the API, then looked for in clear in every
 * answer of every GET route the API documents and in every row of every table: it must be in none of them.
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

const server = (password: string, port: number) => ({
  host: 'mail.example.com',
  port,
  username: 'ann',
  password,
  useSsl: true,
  authMethod: 'login',
});

beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  const saved = await Promise.all([
    send('PUT', '/api/settings/ai', { provider: 'openai', model: 'gpt-4', apiKey: SECRETS.aiKey }),
    send('POST', '/api/email-accounts', {
      email: 'ann@example.com',
      pop3: server(SECRETS.pop3Password, 995),
      smtp: server(SECRETS.smtpPassword, 587),
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

/**
 * A canary saved as the AI key and as both mail passwords, through requests that succeed and requests that fail
 * with it in their body, on an app logging everything: it must show in no table, no log line and no answer.
 */
describe('a canary secret', () => {
  const canary = `canary-${randomBytes(12).toString('hex')}`;
  const logLines: string[] = [];
  let app: FastifyInstance;
  let database: Database;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  let owner: UserClient;
  const answers: LightMyRequestResponse[] = [];

  const request = async (options: InjectOptions) => {
    const res = await app.inject(options);
    answers.push(res);
    return res;
  };
  const asOwner = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, type = 'application/json') =>
    request({
      method,
      url,
      headers: { cookie: owner.cookie, ...(payload === undefined ? {} : { 'content-type': type }) },
      ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });
  const account = (pop3Password: string, smtpPassword = pop3Password) => ({
    email: 'canary@example.com',
    pop3: server(pop3Password, 995),
    smtp: server(smtpPassword, 587),
  });

  beforeAll(async () => {
    if (process.env.TEST_DB === 'postgres') {
      const fresh = await createPostgresDatabase();
      databaseUrl = fresh.url;
      dropDatabase = fresh.drop;
    }
    database = await openDatabase({ databaseUrl, dataDir: null });
    // The most verbose level, every line kept.
    const stream = { write: (line: string) => void logLines.push(line) };
    app = await buildApp({ config: testConfig, database, webDir: null, logger: { level: 'trace', stream } });
    await app.ready();
    owner = await signUp(app, 'canary-owner');

    const saved = [
      await asOwner('PUT', '/api/settings/ai', { provider: 'openai', model: 'gpt-4', apiKey: canary }),
      await asOwner('POST', '/api/email-accounts', account(canary)),
    ];
    for (const res of saved) expect(res.statusCode, res.body).toBeLessThan(300);
    const accountId = saved[1]!.json<{ id: string }>().id;

    // Refused with the canary in the body: by validation, by the JSON parser, by size, by the edge checks.
    const refused = [
      await asOwner('POST', '/api/email-accounts', { ...account(canary), pop3: { ...server(canary, 0) } }),
      await asOwner('POST', '/api/email-accounts', account(`${canary}${'x'.repeat(500)}`)),
      await asOwner('POST', '/api/email-accounts', { ...account(canary), email: 'not an address' }),
      await asOwner('PUT', `/api/email-accounts/${accountId}`, { ...account(canary), email: '' }),
      await asOwner('PUT', '/api/settings/ai', { provider: 'skynet', model: 'gpt-4', apiKey: canary }),
      await asOwner('PUT', '/api/settings/ai', `{"provider":"openai","apiKey":"${canary}"`),
      await asOwner('PUT', '/api/settings/ai', `{"provider":"openai","apiKey":"${canary}\\u0000"}`),
      await asOwner('PUT', '/api/settings/ai', `{"apiKey":"${canary}","padding":"${'x'.repeat(1024 * 1024)}"}`),
      await asOwner('PUT', '/api/settings/ai', `apiKey=${canary}`, 'application/x-www-form-urlencoded'),
      await asOwner('POST', '/api/email-accounts', JSON.stringify(account(canary)), 'text/plain'),
      await request({
        method: 'PUT',
        url: '/api/settings/ai',
        payload: { provider: 'openai', model: 'gpt-4', apiKey: canary },
        headers: { cookie: owner.cookie, origin: 'https://evil.example' },
      }),
      await request({
        method: 'PUT',
        url: '/api/settings/ai',
        payload: { provider: 'openai', model: 'gpt-4', apiKey: canary },
      }),
    ];
    expect(refused.map((res) => res.statusCode)).toEqual([400, 400, 400, 400, 400, 400, 400, 413, 415, 415, 403, 401]);

    const spec = (await request({ url: '/api/openapi.json' })).json<{ paths: Record<string, object> }>();
    const ids: Record<string, string> = { id: accountId, userId: owner.id };
    for (const [path, operations] of Object.entries(spec.paths)) {
      if ('get' in operations)
        await asOwner(
          'GET',
          path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? randomUUID()),
        );
    }
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await dropDatabase();
  });

  it('is in no row of any table', async () => {
    const tables = await selectRows<{ name: string }>(
      database.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(10);
    let rowCount = 0;
    for (const { name } of tables) {
      const rows = await selectRows<{ row: string }>(
        database.db,
        sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`,
      );
      rowCount += rows.length;
      for (const { row } of rows) expect(row.includes(canary), `the canary in table ${name}: ${row}`).toBe(false);
    }
    expect(rowCount).toBeGreaterThan(5);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres' || !hasPgDump())('is nowhere in pg_dump’s dump of the database', () => {
    const dump = execFileSync('pg_dump', ['--no-owner', databaseUrl!], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(dump).toContain('user_ai_config');
    expect(dump.includes(canary)).toBe(false);
  });

  it('is in no log line, even at the most verbose level', () => {
    const logs = logLines.join('');
    expect(logLines.length).toBeGreaterThan(answers.length);
    // Every request was logged, the refused ones too.
    expect(logs).toContain('"statusCode":413');
    expect(logs.includes(canary)).toBe(false);
  });

  it('is in no answer, nor any header of one', () => {
    expect(answers.length).toBeGreaterThan(30);
    for (const res of answers) {
      const where = `${res.raw.req.method} ${res.raw.req.url}`;
      expect(res.body.includes(canary), `the canary in the answer of ${where}`).toBe(false);
      expect(JSON.stringify(res.headers).includes(canary), `the canary in the headers of ${where}`).toBe(false);
    }
  });

  it('fails closed when its ciphertext is tampered with: never clear text, still a working screen', async () => {
    const flipped = (sealed: string, part: number) => {
      const parts = sealed.split('.');
      const bytes = Buffer.from(parts[part]!, 'base64url');
      bytes[bytes.length - 1]! ^= 0x01;
      parts[part] = bytes.toString('base64url');
      return parts.join('.');
    };
    const [stored] = await selectRows<{ value: string }>(
      database.db,
      sql`select api_key_encrypted as value from user_ai_config where user_id = ${owner.id}`,
    );
    expect(app.secrets.decrypt(stored!.value)).toBe(canary);
    // Any byte of the nonce, the tag or the ciphertext: the seal does not open.
    for (const part of [1, 2, 3]) expect(app.secrets.decrypt(flipped(stored!.value, part))).toBeNull();

    await database.db.execute(
      sql`update user_ai_config set api_key_encrypted = ${flipped(stored!.value, 3)} where user_id = ${owner.id}`,
    );
    const [pop3] = await selectRows<{ value: string }>(
      database.db,
      sql`select password_encrypted as value from email_server_config where server_type = 'pop3'`,
    );
    await database.db.execute(
      sql`update email_server_config set password_encrypted = ${flipped(pop3!.value, 2)} where server_type = 'pop3'`,
    );
    const ai = await asOwner('GET', '/api/settings/ai');
    expect(ai.statusCode, ai.body).toBe(200);
    // Shown as a stored key with nothing of it visible: the last four characters are not readable either.
    expect(ai.json()).toEqual({ provider: 'openai', model: 'gpt-4', apiKeyMasked: '••••••••', baseUrl: null });
    const accounts = await asOwner('GET', '/api/email-accounts');
    expect(accounts.statusCode, accounts.body).toBe(200);
    const [listed] = accounts.json<{ items: Array<Record<'pop3' | 'smtp', { passwordMasked: string }>> }>().items;
    expect(listed!.pop3.passwordMasked).toBe('••••••••');
    expect(listed!.smtp.passwordMasked).toBe('••••••••');
    for (const res of [ai, accounts]) expect(res.body.includes(canary)).toBe(false);
    // Saving a new key over the tampered one works as ever.
    const replaced = await asOwner('PUT', '/api/settings/ai', {
      provider: 'openai',
      model: 'gpt-4',
      apiKey: 'sk-new-key-2468',
    });
    expect(replaced.json().apiKeyMasked).toBe('••••••••2468');
    expect(logLines.join('').includes(canary)).toBe(false);
  });
});

function hasPgDump(): boolean {
  try {
    execFileSync('pg_dump', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The log at its most verbose while the area is used: secrets saved and refused, the calendar feed read by its
 * token, lists paged by cursor and searched, and a query failing with a contact's e-mail among its parameters.
 * No secret, no feed token, no cursor and no contact's e-mail address may show in any line.
 */
describe('the log', () => {
  const tag = randomBytes(8).toString('hex');
  const hidden = {
    aiKey: `sk-log-canary-${tag}`,
    pop3Password: `pop3-log-canary-${tag}`,
    smtpPassword: `smtp-log-canary-${tag}`,
    contactEmail: `log-canary-${tag}@example.com`,
    feedToken: '',
    cursor: '',
  };
  const lines: string[] = [];
  let app: FastifyInstance;
  let database: Database;
  let dropDatabase = async () => {};
  let owner: UserClient;

  const as = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie: owner.cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  beforeAll(async () => {
    let databaseUrl: string | undefined;
    if (process.env.TEST_DB === 'postgres') {
      const fresh = await createPostgresDatabase();
      databaseUrl = fresh.url;
      dropDatabase = fresh.drop;
    }
    database = await openDatabase({ databaseUrl, dataDir: null });
    const stream = { write: (line: string) => void lines.push(line) };
    app = await buildApp({ config: testConfig, database, webDir: null, logger: { level: 'trace', stream } });
    await app.ready();
    owner = await signUp(app, 'log-owner');

    const saved = [
      await as('PUT', '/api/settings/ai', { provider: 'openai', model: 'gpt-4', apiKey: hidden.aiKey }),
      await as('POST', '/api/email-accounts', {
        email: 'log-owner@example.com',
        pop3: server(hidden.pop3Password, 995),
        smtp: server(hidden.smtpPassword, 587),
      }),
      await as('POST', '/api/contacts', { name: 'Ada Canary', email: hidden.contactEmail }),
      await as('POST', '/api/contacts', { name: 'Bea Other', email: `other-${tag}@example.com` }),
    ];
    for (const res of saved) expect(res.statusCode, res.body).toBeLessThan(300);
    // Refused with the secret in its body.
    expect((await as('PUT', '/api/settings/ai', { provider: 'skynet', apiKey: hidden.aiKey })).statusCode).toBe(400);

    // A list paged by cursor (sorted by e-mail: the cursor holds one), and searched for the address.
    const first = await as('GET', '/api/contacts?limit=1&sort=email');
    hidden.cursor = first.json<{ nextCursor: string }>().nextCursor;
    expect(hidden.cursor).toBeTruthy();
    expect((await as('GET', `/api/contacts?limit=1&sort=email&cursor=${hidden.cursor}`)).statusCode).toBe(200);
    expect((await as('GET', `/api/contacts?q=${encodeURIComponent(hidden.contactEmail)}`)).statusCode).toBe(200);
    expect((await as('GET', `/api/search?q=${encodeURIComponent(hidden.contactEmail)}`)).statusCode).toBe(200);

    // The calendar feed, by its token, as a calendar app reads it; and written another way.
    const feedPath = (await as('POST', '/api/calendar/integration/token')).json<{ feedPath: string }>().feedPath;
    hidden.feedToken = feedPath
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    expect((await app.inject({ url: feedPath })).statusCode).toBe(200);
    expect((await app.inject({ url: feedPath.replace('/api/', '/%61pi/') })).statusCode).toBe(200);
    expect((await app.inject({ url: feedPath.replace('.ics', 'x.ics') })).statusCode).toBe(404);

    // A query that fails with the contact's e-mail among its parameters.
    await database.db.execute(
      sql`create function refuse_contact() returns trigger language plpgsql
        as $$ begin raise exception 'contacts cannot be added now'; end $$`,
    );
    await database.db.execute(
      sql`create trigger refuse_contact before insert on contacts for each row execute function refuse_contact()`,
    );
    expect((await as('POST', '/api/contacts', { name: 'Cy Canary', email: hidden.contactEmail })).statusCode).toBe(500);
    await database.db.execute(sql`drop trigger refuse_contact on contacts`);

    // Every documented GET route, as in the sweeps above.
    const spec = (await app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, object> }>();
    for (const [path, operations] of Object.entries(spec.paths)) {
      if ('get' in operations)
        await as(
          'GET',
          path.replace(/\{(\w+)\}/g, () => randomUUID()),
        );
    }
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await dropDatabase();
  });

  it('shows no secret, feed token, cursor or contact’s e-mail in any line', () => {
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(40);
    for (const [what, value] of Object.entries(hidden)) expect(log.includes(value), `${what} in the log`).toBe(false);
    // The lines are there, with what was hidden marked.
    expect(log).toContain('/api/calendar/feed/[redacted].ics');
    expect(log).toContain('cursor=%5Bredacted%5D');
    expect(log).toContain('q=%5Bredacted%5D');
  });

  it('names a failed query by its statement and code, without its parameters', () => {
    const failure = lines.find((line) => line.includes('contacts cannot be added now'));
    expect(failure).toBeDefined();
    expect(failure).toContain('"code":"P0001"');
    expect(failure).toMatch(/"statement":"insert into \\"contacts\\"/);
  });
});
