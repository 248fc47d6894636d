import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetMessages } from '@common/password-reset-messages';
import { selectRows } from '../db/select-rows';
import { mailTo, productMailbox, resetLinkIn, waitForMail } from '../test/product-mailbox';
import { buildTestApp, clientFor, cookieOf, type TestApp } from '../test/test-app';
import { RESET_MAILS_PER_HOUR } from './password-reset';

const PASSWORD = 'correct-horse-42';
const NEW_PASSWORD = 'brand-new-horse-9';
const mailbox = productMailbox();

const post = (t: TestApp, url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const signInStatus = async (t: TestApp, email: string, password: string) =>
  (await post(t, '/api/auth/sign-in', { email, password })).statusCode;

async function signUpAs(t: TestApp, email: string) {
  const res = await post(t, '/api/auth/sign-up', { name: 'Carol', email, password: PASSWORD });
  expect(res.statusCode, res.body).toBe(201);
  return clientFor(t.app, cookieOf(res), { id: res.json().user.id, email });
}

describe('password reset on a server without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  it('says it is off, and a request answers 400 with that and stores no link', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/password-reset' })).json()).toEqual({
      available: false,
    });
    const user = await signUpAs(t, 'nomail@example.com');
    const res = await post(t, '/api/auth/password-reset', { email: user.email });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: passwordResetMessages.unavailable });
    expect(await selectRows(t.app.db, sql`select 1 from auth_verifications`)).toEqual([]);
  });
});

describe.skipIf(!mailbox)('password reset by email (the test mail servers; skipped without them)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ smtpUrl: new URL(mailbox!.smtpUrl), mailCa: mailbox!.ca });
  }, 120_000);
  afterAll(() => t?.close());

  it('mails a single-use link that sets a new password and ends every session of the account', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/password-reset' })).json()).toEqual({
      available: true,
    });
    const user = await signUpAs(t, mailbox!.address('reset'));
    expect((await post(t, '/api/auth/password-reset', { email: user.email.toUpperCase() })).statusCode).toBe(204);
    const mail = await waitForMail(user.email);
    expect(mail.subject).toBe(passwordResetMessages.mailSubject);
    expect(mail.from).toContain('no-reply@localhost');
    const link = resetLinkIn(mail);
    expect(link.origin).toBe(t.app.config.publicUrl);
    const token = link.searchParams.get('token')!;
    // Only its hash is stored.
    const stored = await selectRows<{ identifier: string }>(t.app.db, sql`select identifier from auth_verifications`);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((row) => row.identifier.includes(token))).toBe(false);

    const res = await post(t, '/api/auth/password-reset/confirm', { token, newPassword: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(204);
    expect((await user.get('/api/me')).statusCode).toBe(401);
    expect(await signInStatus(t, user.email, PASSWORD)).toBe(401);
    expect(await signInStatus(t, user.email, NEW_PASSWORD)).toBe(200);

    const again = await post(t, '/api/auth/password-reset/confirm', { token, newPassword: 'another-horse-7' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: passwordResetMessages.linkInvalid,
      fields: { token: passwordResetMessages.linkInvalid },
    });
    expect(await signInStatus(t, user.email, NEW_PASSWORD)).toBe(200);
  });

  it('answers an address without an account the same, and mails it nothing', async () => {
    const nobody = mailbox!.address('nobody');
    const user = await signUpAs(t, mailbox!.address('somebody'));
    const unknown = await post(t, '/api/auth/password-reset', { email: nobody });
    const known = await post(t, '/api/auth/password-reset', { email: user.email });
    expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    await waitForMail(user.email);
    expect(await mailTo(nobody)).toEqual([]);
  });

  it('refuses a forged or an expired link and changes nothing', async () => {
    const user = await signUpAs(t, mailbox!.address('expired'));
    const forged = await post(t, '/api/auth/password-reset/confirm', {
      token: 'a'.repeat(24),
      newPassword: NEW_PASSWORD,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toBe(passwordResetMessages.linkInvalid);

    await post(t, '/api/auth/password-reset', { email: user.email });
    const token = resetLinkIn(await waitForMail(user.email)).searchParams.get('token')!;
    await t.app.db.execute(
      sql`update auth_verifications set expires_at = now() - interval '1 minute' where value = ${user.id}`,
    );
    const expired = await post(t, '/api/auth/password-reset/confirm', { token, newPassword: NEW_PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect(await signInStatus(t, user.email, PASSWORD)).toBe(200);
  });

  it(`mails one account at most ${RESET_MAILS_PER_HOUR} links an hour`, async () => {
    const user = await signUpAs(t, mailbox!.address('flood'));
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 2; i++) {
      expect((await post(t, '/api/auth/password-reset', { email: user.email })).statusCode).toBe(204);
    }
    // Each decision is made before its answer: the later requests were never handed to the mail server.
    const deadline = Date.now() + 20_000;
    while ((await mailTo(user.email)).length < RESET_MAILS_PER_HOUR && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await mailTo(user.email)).toHaveLength(RESET_MAILS_PER_HOUR);
  });

  it('checks the new password by the sign-up rules, and a missing token, under their fields', async () => {
    const short = await post(t, '/api/auth/password-reset/confirm', { token: 'x', newPassword: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.newPassword).toMatch(/at least 6/);
    const missing = await post(t, '/api/auth/password-reset/confirm', { newPassword: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.token).toBe('Token is required');
    const badEmail = await post(t, '/api/auth/password-reset', { email: 'not-an-address' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fields.email).toBe('Please enter a valid email address');
  });
});
