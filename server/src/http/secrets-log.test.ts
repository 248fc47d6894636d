import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { buildVerboseApp, mailServer, type VerboseApp } from '../test/secrets-kit';
import { signUp, type UserClient } from '../test/test-app';

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
  let verbose: VerboseApp | undefined;
  let owner: UserClient;

  const as = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie: owner.cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  beforeAll(async () => {
    verbose = await buildVerboseApp(lines);
    ({ app, database } = verbose);
    owner = await signUp(app, 'log-owner');

    const saved = [
      await as('PUT', '/api/settings/ai', { provider: 'openai', model: 'gpt-4', apiKey: hidden.aiKey }),
      await as('POST', '/api/email-accounts', {
        email: 'log-owner@example.com',
        pop3: mailServer(hidden.pop3Password, 995),
        smtp: mailServer(hidden.smtpPassword, 587),
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

    // Every documented GET route, as in the sweeps of secrets-exposure.test.ts and secrets-canary.test.ts.
    const spec = (await app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, object> }>();
    for (const [path, operations] of Object.entries(spec.paths)) {
      if ('get' in operations)
        await as(
          'GET',
          path.replace(/\{(\w+)\}/g, () => randomUUID()),
        );
    }
  });
  afterAll(() => verbose?.close());

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
