import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EMAIL_ACCOUNTS, emailAccountMessages } from '@common/email-accounts';
import { emailAccounts, emailServerConfig } from '../../db/schema';
import { accountsApi, input, passwords } from '../../test/email-accounts-kit';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

// What a user's email accounts refuse and keep: required fields and bad values, the account limit, one transaction
// for an account and its servers, other users, and no password in any answer. Adding, editing and deleting:
// email-accounts.test.ts.

let t: TestApp;
let ann: UserClient;
let bob: UserClient;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  bob = await signUp(t.app, 'bob');
});
afterAll(() => t.close());
const { seen, send, create, list, accountsOf, serversOf, serverRowsOfUser } = accountsApi(() => t);

describe('email accounts', () => {
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
