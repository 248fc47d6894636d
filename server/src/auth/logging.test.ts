import { Writable } from 'node:stream';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openTestDatabase, testConfig, uniqueEmail } from '../test/test-app';

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const database = await openTestDatabase();
const app = await buildApp({ config: testConfig, database, webDir: null, logger: { level: 'trace', stream } });
afterAll(async () => {
  await app.close();
  await database.close();
});

it('never writes a password or a session token to the log', async () => {
  const email = uniqueEmail('log');
  const password = 'Very-Secret-Passphrase-913';
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { name: 'Log Test', email, password },
  });
  expect(signUp.statusCode).toBe(201);
  await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: `${password}-wrong` } });
  const token = String(signUp.headers['set-cookie']).split(';')[0]!.split('=')[1]!;
  await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: `pipewise.session_token=${token}` } });
  const log = lines.join('');
  expect(log.length).toBeGreaterThan(0);
  expect(log).not.toContain(password);
  expect(log).not.toContain(decodeURIComponent(token).split('.')[0]);
});

it('writes one line per request, when it ends, with its method, URL, status and time', async () => {
  lines.length = 0;
  await app.inject({ method: 'GET', url: '/api/health' });
  const entries = lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => 'req' in entry || 'res' in entry);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({
    msg: 'request completed',
    req: { method: 'GET', url: '/api/health' },
    res: { statusCode: 200 },
  });
  expect(entries[0]!.responseTime).toEqual(expect.any(Number));
});
