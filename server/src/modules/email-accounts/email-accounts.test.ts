import { asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_EMAIL_ACCOUNTS,
  emailAccountMessages,
  type EmailAccount,
  type EmailAccountInput,
} from '@common/email-accounts';
import { emailAccounts, emailServerConfig } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

let t: TestApp;
let ann: UserClient;
let bob: UserClient;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  bob = await signUp(t.app, 'bob');
});
afterAll(() => t.close());

const POP3_PASSWORD = 'pop3-Secret-Passw0rd-x7q';
const SMTP_PASSWORD = 'smtp-Secret-Passw0rd-k2w';
const NEW_SMTP_PASSWORD = 'smtp-Replaced-Passw0rd-z9z';
const passwords = [POP3_PASSWORD, SMTP_PASSWORD, NEW_SMTP_PASSWORD];

/** Every answer of this file: none may hold a password in clear. */
const seen: LightMyRequestResponse[] = [];

async function send(user: UserClient, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: { cookie: user.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  seen.push(res);
  return res;
}

const input = (overrides: Partial<EmailAccountInput> = {}): EmailAccountInput => ({
  email: ' Ann@Example.COM ',
  pop3: {
    host: 'pop.example.com',
    port: 995,
    username: 'ann',
    password: POP3_PASSWORD,
    useSsl: true,
    authMethod: 'plain',
  },
  smtp: {
    host: 'smtp.example.com',
    port: 587,
    username: 'ann@example.com',
    password: SMTP_PASSWORD,
    useSsl: false,
    authMethod: 'login',
  },
  ...overrides,
});

async function create(user: UserClient, body: unknown = input()): Promise<EmailAccount> {
  const res = await send(user, 'POST', '/api/email-accounts', body);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json();
}

const list = async (user: UserClient): Promise<EmailAccount[]> => {
  const res = await send(user, 'GET', '/api/email-accounts');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<{ items: EmailAccount[] }>().items;
};

const accountsOf = (userId: string) =>
  t.database.db
    .select()
    .from(emailAccounts)
    .where(eq(emailAccounts.userId, userId))
    .orderBy(asc(emailAccounts.createdAt));
const serversOf = (accountId: string) =>
  t.database.db
    .select()
    .from(emailServerConfig)
    .where(eq(emailServerConfig.emailAccountId, accountId))
    .orderBy(asc(emailServerConfig.serverType));
const serverRowsOfUser = (userId: string) =>
  t.database.db.select().from(emailServerConfig).where(eq(emailServerConfig.userId, userId));

describe('email accounts', () => {
  it('adds an account with its POP3 and SMTP servers, passwords sealed and shown only masked', async () => {
    const user = await signUp(t.app, 'cy');
    const account = await create(user);
    expect(account).toEqual({
      id: expect.any(String),
      email: 'ann@example.com',
      provider: 'custom',
      createdAt: expect.any(String),
      incomingType: 'pop3',
      pop3: {
        host: 'pop.example.com',
        port: 995,
        username: 'ann',
        passwordMasked: '••••••••',
        useSsl: true,
        authMethod: 'plain',
      },
      smtp: {
        host: 'smtp.example.com',
        port: 587,
        username: 'ann@example.com',
        passwordMasked: '••••••••',
        useSsl: false,
        authMethod: 'login',
      },
      checkEveryMinutes: null,
      allowUnencrypted: false,
      lastCheckedAt: null,
      lastCheckError: null,
    });

    const [row] = await accountsOf(user.id);
    expect(row).toMatchObject({ id: account.id, email: 'ann@example.com', provider: 'custom' });
    const servers = await serversOf(account.id);
    expect(servers.map((s) => [s.serverType, s.serverHost, s.serverPort, s.userId])).toEqual([
      ['pop3', 'pop.example.com', 995, user.id],
      ['smtp', 'smtp.example.com', 587, user.id],
    ]);
    for (const [server, password] of [
      [servers[0]!, POP3_PASSWORD],
      [servers[1]!, SMTP_PASSWORD],
    ] as const) {
      expect(server.passwordEncrypted).not.toContain(password);
      expect(t.app.secrets.decrypt(server.passwordEncrypted)).toBe(password);
    }
  });

  it('lists the accounts oldest first with both servers', async () => {
    const user = await signUp(t.app, 'dee');
    expect(await list(user)).toEqual([]);
    const first = await create(user, input({ email: 'first@example.com' }));
    const second = await create(user, input({ email: 'second@example.com' }));
    const items = await list(user);
    expect(items).toEqual([first, second]);
  });

  it('applies the defaults of SSL/TLS (on) and the auth method (plain)', async () => {
    const user = await signUp(t.app, 'eli');
    const body = input();
    const { useSsl: _a, authMethod: _b, ...smtp } = body.smtp;
    const account = await create(user, { ...body, smtp });
    expect(account.smtp).toMatchObject({ useSsl: true, authMethod: 'plain' });
  });

  it('edits an account, keeping a password left out and replacing a typed one', async () => {
    const user = await signUp(t.app, 'fay');
    const account = await create(user);
    const [pop3Before, smtpBefore] = await serversOf(account.id);

    const body = input({ email: 'renamed@example.com' });
    const { password: _p, ...pop3 } = body.pop3;
    const res = await send(user, 'PUT', `/api/email-accounts/${account.id}`, {
      ...body,
      pop3,
      smtp: { ...body.smtp, port: 465, password: NEW_SMTP_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const updated: EmailAccount = res.json();
    expect(updated).toMatchObject({
      id: account.id,
      email: 'renamed@example.com',
      createdAt: account.createdAt,
      pop3: { host: 'pop.example.com', port: 995, passwordMasked: '••••••••' },
      smtp: { port: 465, passwordMasked: '••••••••' },
    });

    const [pop3After, smtpAfter] = await serversOf(account.id);
    expect(pop3After!.passwordEncrypted).toBe(pop3Before!.passwordEncrypted);
    expect(smtpAfter!.passwordEncrypted).not.toBe(smtpBefore!.passwordEncrypted);
    expect(t.app.secrets.decrypt(smtpAfter!.passwordEncrypted)).toBe(NEW_SMTP_PASSWORD);
    expect(await list(user)).toEqual([updated]);

    // An empty password is "unchanged" too, as the edit form sends it.
    const again = await send(user, 'PUT', `/api/email-accounts/${account.id}`, {
      ...body,
      pop3: { ...body.pop3, password: '' },
      smtp: { ...body.smtp, port: 465, password: '' },
    });
    expect(again.statusCode, again.body).toBe(200);
    const [pop3Kept, smtpKept] = await serversOf(account.id);
    expect(pop3Kept!.passwordEncrypted).toBe(pop3Before!.passwordEncrypted);
    expect(smtpKept!.passwordEncrypted).toBe(smtpAfter!.passwordEncrypted);
  });

  it.each([
    ['host', { host: 'mail.attacker.example' }],
    ['port', { port: 110 }],
    ['user name', { username: 'someone-else' }],
    ['SSL/TLS', { useSsl: false }],
    ['auth method', { authMethod: 'cram-md5' as const }],
  ])('asks for the password again when the %s of a server changes, and changes nothing', async (_what, change) => {
    const user = await signUp(t.app, 'gil');
    const account = await create(user);
    const before = await serversOf(account.id);
    const body = input();
    for (const key of ['pop3', 'smtp'] as const) {
      const res = await send(user, 'PUT', `/api/email-accounts/${account.id}`, {
        ...body,
        [key]: { ...body[key], ...change, password: '' },
        // The smtp row starts without SSL/TLS: the pop3 change's value would be no change there.
        ...(key === 'smtp' && 'useSsl' in change ? { smtp: { ...body.smtp, useSsl: true, password: '' } } : {}),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        error: emailAccountMessages.passwordAgain,
        fields: { [`${key}.password`]: emailAccountMessages.passwordAgain },
      });
    }
    expect(await serversOf(account.id)).toEqual(before);
    expect((await list(user))[0]).toEqual(account);

    // Typed again, the change is saved with the new password.
    const res = await send(user, 'PUT', `/api/email-accounts/${account.id}`, {
      ...body,
      pop3: { ...body.pop3, ...change, password: 'the-new-servers-password' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [pop3] = await serversOf(account.id);
    expect(t.app.secrets.decrypt(pop3!.passwordEncrypted)).toBe('the-new-servers-password');
  });

  it('asks for the password again when an unencrypted connection becomes allowed, for a server without SSL/TLS', async () => {
    const user = await signUp(t.app, 'hux');
    const account = await create(user);
    const body = input();
    const blank = { pop3: { ...body.pop3, password: '' }, smtp: { ...body.smtp, password: '' } };
    const res = await send(user, 'PUT', `/api/email-accounts/${account.id}`, {
      ...body,
      ...blank,
      allowUnencrypted: true,
    });
    expect(res.statusCode, res.body).toBe(400);
    // Only SMTP has no SSL/TLS here: POP3's password still goes nowhere but through TLS.
    expect(res.json().fields).toEqual({ 'smtp.password': emailAccountMessages.passwordAgain });
    const typed = await send(user, 'PUT', `/api/email-accounts/${account.id}`, {
      ...body,
      ...blank,
      smtp: { ...body.smtp, password: NEW_SMTP_PASSWORD },
      allowUnencrypted: true,
    });
    expect(typed.statusCode, typed.body).toBe(200);
    // Turning it off again asks for nothing.
    const off = await send(user, 'PUT', `/api/email-accounts/${account.id}`, { ...body, ...blank });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().allowUnencrypted).toBe(false);
  });

  it('takes IMAP as the incoming server, switches it back to POP3, and turns the automatic check on and off', async () => {
    const user = await signUp(t.app, 'ima');
    const body = input();
    const account = await create(user, {
      ...body,
      incomingType: 'imap',
      pop3: { ...body.pop3, host: 'imap.example.com', port: 993 },
      checkEveryMinutes: 15,
    });
    expect(account).toMatchObject({ incomingType: 'imap', pop3: { host: 'imap.example.com' }, checkEveryMinutes: 15 });
    expect((await serversOf(account.id)).map((s) => s.serverType)).toEqual(['imap', 'smtp']);
    const [due] = await accountsOf(user.id);
    // Turned on: due at once, for the server's next round.
    expect(due!.nextCheckAt).toBeInstanceOf(Date);
    expect(due!.nextCheckAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await list(user)).toEqual([account]);

    const back = await send(user, 'PUT', `/api/email-accounts/${account.id}`, { ...body, incomingType: 'pop3' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({
      incomingType: 'pop3',
      checkEveryMinutes: null,
      pop3: { host: 'pop.example.com' },
    });
    const servers = await serversOf(account.id);
    expect(servers.map((s) => s.serverType)).toEqual(['pop3', 'smtp']);
    expect(t.app.secrets.decrypt(servers[0]!.passwordEncrypted)).toBe(POP3_PASSWORD);
    expect((await accountsOf(user.id))[0]!.nextCheckAt).toBeNull();

    const bad = await send(user, 'PUT', `/api/email-accounts/${account.id}`, {
      ...body,
      incomingType: 'exchange',
      checkEveryMinutes: 10,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      incomingType: emailAccountMessages.incomingTypeInvalid,
      checkEveryMinutes: emailAccountMessages.checkEveryInvalid,
    });
  });

  it('deletes an account and its server rows', async () => {
    const user = await signUp(t.app, 'gus');
    const kept = await create(user, input({ email: 'kept@example.com' }));
    const gone = await create(user, input({ email: 'gone@example.com' }));
    const res = await send(user, 'DELETE', `/api/email-accounts/${gone.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await serversOf(gone.id)).toEqual([]);
    expect((await accountsOf(user.id)).map((a) => a.id)).toEqual([kept.id]);
    expect(await list(user)).toEqual([kept]);
    expect((await send(user, 'DELETE', `/api/email-accounts/${gone.id}`)).statusCode).toBe(404);
  });

  it('requires both passwords to add an account, naming each field, and stores nothing', async () => {
    const user = await signUp(t.app, 'hal');
    const body = input();
    const { password: _p, ...pop3 } = body.pop3;
    const res = await send(user, 'POST', '/api/email-accounts', {
      ...body,
      pop3,
      smtp: { ...body.smtp, password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: emailAccountMessages.passwordRequired,
      fields: {
        'pop3.password': emailAccountMessages.passwordRequired,
        'smtp.password': emailAccountMessages.passwordRequired,
      },
    });
    expect(await accountsOf(user.id)).toHaveLength(0);
    expect(await serverRowsOfUser(user.id)).toHaveLength(0);
  });

  it('answers 400 with each required field message and stores nothing', async () => {
    const user = await signUp(t.app, 'ivy');
    const blankServer = { host: ' ', username: '', password: '' };
    const res = await send(user, 'POST', '/api/email-accounts', { email: '', pop3: blankServer, smtp: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      email: emailAccountMessages.emailRequired,
      'pop3.host': emailAccountMessages.hostRequired,
      'pop3.port': emailAccountMessages.portRequired,
      'pop3.username': emailAccountMessages.usernameRequired,
      'pop3.password': emailAccountMessages.passwordRequired,
      'smtp.host': emailAccountMessages.hostRequired,
      'smtp.port': emailAccountMessages.portRequired,
      'smtp.username': emailAccountMessages.usernameRequired,
      'smtp.password': emailAccountMessages.passwordRequired,
    });

    const missing = await send(user, 'POST', '/api/email-accounts', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({
      email: emailAccountMessages.emailRequired,
      pop3: expect.any(String),
      smtp: expect.any(String),
    });
    expect(await accountsOf(user.id)).toHaveLength(0);
  });

  it('refuses ports outside 1 to 65535, a bad address, host and auth method, on create and edit', async () => {
    const user = await signUp(t.app, 'jo');
    const body = input();
    const bad = await send(user, 'POST', '/api/email-accounts', {
      ...body,
      email: 'not-an-address',
      pop3: { ...body.pop3, port: 0, host: 'pop example.com' },
      smtp: { ...body.smtp, port: 65536, authMethod: 'oauth' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      email: emailAccountMessages.emailInvalid,
      'pop3.host': emailAccountMessages.hostInvalid,
      'pop3.port': emailAccountMessages.portInvalid,
      'smtp.port': emailAccountMessages.portInvalid,
      'smtp.authMethod': emailAccountMessages.authMethodInvalid,
    });
    for (const port of [1.5, '587', -1, 1e9]) {
      const res = await send(user, 'POST', '/api/email-accounts', { ...body, smtp: { ...body.smtp, port } });
      expect(res.statusCode, String(port)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['smtp.port']);
    }
    expect(await accountsOf(user.id)).toHaveLength(0);

    const account = await create(user);
    const edit = await send(user, 'PUT', `/api/email-accounts/${account.id}`, {
      ...body,
      pop3: { ...body.pop3, port: 70000 },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toEqual({
      error: emailAccountMessages.portInvalid,
      fields: { 'pop3.port': emailAccountMessages.portInvalid },
    });
    expect((await serversOf(account.id))[0]!.serverPort).toBe(995);
  });

  it(`refuses the account past MAX_EMAIL_ACCOUNTS (${MAX_EMAIL_ACCOUNTS}) and stores nothing`, async () => {
    const user = await signUp(t.app, 'kim');
    const made = await t.database.db
      .insert(emailAccounts)
      .values(
        Array.from({ length: MAX_EMAIL_ACCOUNTS - 1 }, (_, i) => ({ userId: user.id, email: `a${i}@example.com` })),
      )
      .returning({ id: emailAccounts.id });
    await t.database.db.insert(emailServerConfig).values(
      made.flatMap(({ id }) =>
        (['pop3', 'smtp'] as const).map((serverType) => ({
          userId: user.id,
          emailAccountId: id,
          serverType,
          serverHost: 'mail.example.com',
          serverPort: 993,
          username: 'u',
          passwordEncrypted: t.app.secrets.encrypt('pw'),
        })),
      ),
    );
    await create(user, input({ email: 'twentieth@example.com' }));
    const res = await send(user, 'POST', '/api/email-accounts', input({ email: 'one-too-many@example.com' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: emailAccountMessages.tooMany });
    expect(await accountsOf(user.id)).toHaveLength(MAX_EMAIL_ACCOUNTS);
    expect(await serverRowsOfUser(user.id)).toHaveLength(2 * MAX_EMAIL_ACCOUNTS);
    expect(await list(user)).toHaveLength(MAX_EMAIL_ACCOUNTS);
  });

  it('stores nothing when writing the servers fails: the account and its servers are one transaction', async () => {
    const user = await signUp(t.app, 'lea');
    // A server row the database refuses, standing for any failure after the account row is written.
    await t.database.db.execute(sql`
      create function refuse_failing_host() returns trigger language plpgsql as $$
      begin
        if new.server_host = 'fail.example.com' then raise exception 'refused by test'; end if;
        return new;
      end $$`);
    await t.database.db.execute(sql`
      create trigger refuse_failing_host before insert or update on email_server_config
      for each row execute function refuse_failing_host()`);
    try {
      const body = input();
      const res = await send(user, 'POST', '/api/email-accounts', {
        ...body,
        smtp: { ...body.smtp, host: 'fail.example.com' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'Something went wrong. Please try again.' });
      expect(await accountsOf(user.id)).toHaveLength(0);
      expect(await serverRowsOfUser(user.id)).toHaveLength(0);

      // An edit failing at its SMTP row leaves the account and its POP3 row as they were.
      const account = await create(user);
      const edit = await send(user, 'PUT', `/api/email-accounts/${account.id}`, {
        ...body,
        email: 'changed@example.com',
        pop3: { ...body.pop3, port: 110 },
        smtp: { ...body.smtp, host: 'fail.example.com' },
      });
      expect(edit.statusCode).toBe(500);
      expect((await accountsOf(user.id))[0]!.email).toBe('ann@example.com');
      expect((await serversOf(account.id))[0]!.serverPort).toBe(995);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_failing_host on email_server_config`);
      await t.database.db.execute(sql`drop function refuse_failing_host()`);
    }
  });

  it("hides an account from anyone but its owner: 404 on edit and delete, absent from the other's list", async () => {
    const account = await create(ann, input({ email: 'private@example.com' }));
    const [pop3Before] = await serversOf(account.id);
    const edit = await send(bob, 'PUT', `/api/email-accounts/${account.id}`, input({ email: 'stolen@example.com' }));
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toEqual({ error: 'Not found' });
    expect((await send(bob, 'DELETE', `/api/email-accounts/${account.id}`)).statusCode).toBe(404);
    expect(await list(bob)).toEqual([]);

    const [row] = await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, account.id));
    expect(row!.email).toBe('private@example.com');
    expect((await serversOf(account.id))[0]).toEqual(pop3Before);
    expect((await list(ann)).map((a) => a.id)).toContain(account.id);

    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid']) {
      expect((await send(ann, 'PUT', `/api/email-accounts/${id}`, input())).statusCode).toBe(404);
      expect((await send(ann, 'DELETE', `/api/email-accounts/${id}`)).statusCode).toBe(404);
    }
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/email-accounts' });
    expect(res.statusCode).toBe(401);
  });

  it('shows a saved mail password as a fixed mask, with none of its characters (not even the last ones)', async () => {
    const user = await signUp(t.app, 'mia');
    const account = await create(user);
    expect([account.pop3.passwordMasked, account.smtp.passwordMasked]).toEqual(['••••••••', '••••••••']);
    expect((await list(user)).map((a) => [a.pop3.passwordMasked, a.smtp.passwordMasked])).toEqual([
      ['••••••••', '••••••••'],
    ]);
    for (const res of seen) {
      for (const password of passwords) expect(res.body).not.toContain(password.slice(-4));
    }
  });

  it('never sends a password in clear, and stores only ciphertext', async () => {
    expect(seen.length).toBeGreaterThan(10);
    for (const res of seen) {
      for (const password of passwords) expect(res.body).not.toContain(password);
    }
    const rows = await t.database.db.select().from(emailServerConfig);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.passwordEncrypted).toMatch(/^v1\./);
      for (const password of passwords) expect(row.passwordEncrypted).not.toContain(password);
    }
  });
});
