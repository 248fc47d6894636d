import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAccountMessages, type EmailAccount } from '@common/email-accounts';
import {
  accountsApi,
  expectNoPasswordIn,
  input,
  NEW_SMTP_PASSWORD,
  POP3_PASSWORD,
  SMTP_PASSWORD,
} from '../../test/email-accounts-kit';
import { buildTestApp, signUp, type TestApp } from '../../test/test-app';

// A user's email accounts: added with their POP3 or IMAP and SMTP servers, listed, edited (a password asked for again
// when a server's address or security changes) and deleted. Refused input, limits and other users:
// email-accounts-guards.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const { seen, send, create, list, accountsOf, serversOf } = accountsApi(() => t);
// The last tests of email-accounts-guards.test.ts look through the answers of their own file for passwords: this
// file's answers are looked through once its tests are done.
afterAll(() => expectNoPasswordIn(seen));

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
});
