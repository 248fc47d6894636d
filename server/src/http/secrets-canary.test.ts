import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { selectRows } from '../db/select-rows';
import { buildVerboseApp, mailServer, type VerboseApp } from '../test/secrets-kit';
import { signUp, type UserClient } from '../test/test-app';

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
  let verbose: VerboseApp | undefined;
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
    pop3: mailServer(pop3Password, 995),
    smtp: mailServer(smtpPassword, 587),
  });

  beforeAll(async () => {
    // The most verbose level, every line kept.
    verbose = await buildVerboseApp(logLines);
    ({ app, database, databaseUrl } = verbose);
    owner = await signUp(app, 'canary-owner');

    const saved = [
      await asOwner('PUT', '/api/settings/ai', { provider: 'openai', model: 'gpt-4', apiKey: canary }),
      await asOwner('POST', '/api/email-accounts', account(canary)),
    ];
    for (const res of saved) expect(res.statusCode, res.body).toBeLessThan(300);
    const accountId = saved[1]!.json<{ id: string }>().id;

    // Refused with the canary in the body: by validation, by the JSON parser, by size, by the edge checks.
    const refused = [
      await asOwner('POST', '/api/email-accounts', { ...account(canary), pop3: { ...mailServer(canary, 0) } }),
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
  afterAll(() => verbose?.close());

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
