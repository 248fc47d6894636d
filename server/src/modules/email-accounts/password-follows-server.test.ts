import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAccountMessages, type EmailAccount, type EmailAccountInput } from '@common/email-accounts';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { tempDataDir } from '../../test/mail';
import { startSmtpTrap, type SmtpTrap } from '../../test/mail-servers';

// A stored password belongs to the server it was typed for. Whoever can change an account's settings (a stolen
// session, a forged request) must not be able to point SMTP at a server of theirs and have the stored password
// sent there: a change of the server asks for the password again.

let t: TestApp;
let removeDataDir: () => Promise<void>;
let ours: SmtpTrap;
let theirs: SmtpTrap;
let user: UserClient;
beforeAll(async () => {
  const data = await tempDataDir();
  removeDataDir = data.remove;
  t = await buildTestApp({ dataDir: data.dataDir });
  [ours, theirs] = await Promise.all([startSmtpTrap(), startSmtpTrap()]);
  user = await signUp(t.app, 'pia');
});
afterAll(async () => {
  await t?.close();
  await Promise.all([ours?.close(), theirs?.close()]);
  await removeDataDir?.();
});

const PASSWORD = 'the-real-smtp-password-5150';

const settings = (smtp: Partial<EmailAccountInput['smtp']>): EmailAccountInput => ({
  email: 'pia@example.com',
  pop3: { host: 'pop.example.com', port: 995, username: 'pia', password: '', useSsl: true, authMethod: 'plain' },
  smtp: {
    host: '127.0.0.1',
    port: ours.port,
    username: 'pia',
    password: '',
    useSsl: false,
    authMethod: 'plain',
    ...smtp,
  },
  // The test's SMTP servers offer no STARTTLS.
  allowUnencrypted: true,
});

const put = (id: string, body: EmailAccountInput) =>
  t.app.inject({ method: 'PUT', url: `/api/email-accounts/${id}`, headers: { cookie: user.cookie }, payload: body });
const sendOne = () =>
  user.post('/api/email/send', { to: 'someone@example.com', cc: '', bcc: '', subject: 'Hi', content: 'Hi' });

describe('a saved SMTP password and a change of server', () => {
  it('is not sent to the new server: the change asks for the password, and no AUTH reaches that server', async () => {
    const created = await user.post('/api/email-accounts', {
      ...settings({ password: PASSWORD }),
      pop3: { ...settings({}).pop3, password: 'pop3-password' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const account: EmailAccount = created.json();
    expect((await sendOne()).statusCode).toBe(201);
    expect(ours.auths).toEqual([{ method: 'PLAIN', username: 'pia', password: PASSWORD }]);

    const moved = await put(account.id, settings({ host: 'localhost', port: theirs.port }));
    expect(moved.statusCode, moved.body).toBe(400);
    expect(moved.json()).toEqual({
      error: emailAccountMessages.passwordAgain,
      fields: { 'smtp.password': emailAccountMessages.passwordAgain },
    });
    expect((await sendOne()).statusCode).toBe(201);
    expect(theirs.auths).toEqual([]);
    expect(ours.auths).toHaveLength(2);

    // Typed again, the new server gets the password typed for it, and never the old one.
    const typed = await put(account.id, settings({ host: 'localhost', port: theirs.port, password: 'typed-for-it' }));
    expect(typed.statusCode, typed.body).toBe(200);
    expect((await sendOne()).statusCode).toBe(201);
    expect(theirs.auths).toEqual([{ method: 'PLAIN', username: 'pia', password: 'typed-for-it' }]);
  });
});
