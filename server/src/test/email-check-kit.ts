import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { EmailCheckResult, EmailCheckStatus } from '@common/email';
import type { EmailAccount, EmailAccountInput } from '@common/email-accounts';
import { emailAccounts, mailMessages } from '../db/schema';
import { startMailCheckJobs } from '../modules/email/check-jobs';
import { tempDataDir } from './mail';
import { freePort } from './server-process';
import { buildTestApp, type TestApp, type UserClient } from './test-app';

// Helpers of the tests of 'Check Mail', sending and the automatic checks through the API (modules/email/check.test.ts
// and check-mail-servers.test.ts). The real mail servers are Dovecot and the SMTP server of scripts/mail-servers.sh,
// which CI starts; these tests use its second mailbox.

const env = process.env;
export const configured = Boolean(env.MAIL_TEST_HOST);
export const mailUser = env.MAIL_TEST_USER2 ?? '';
export const mailPassword = env.MAIL_TEST_PASSWORD2 ?? '';
export const mailCa = configured
  ? readFileSync(env.MAIL_TEST_CA_FILE ?? `${env.MAIL_TEST_DIR}/cert.pem`, 'utf8')
  : undefined;

type Server = EmailAccountInput['pop3'];

/** One of the test mail servers, by its MAIL_TEST_<NAME>_PORT. */
export const testServer = (name: string, useSsl: boolean, overrides: Partial<Server> = {}): Server => ({
  host: env.MAIL_TEST_HOST ?? '',
  port: Number(env[`MAIL_TEST_${name}_PORT`]),
  username: mailUser,
  password: mailPassword,
  useSsl,
  authMethod: 'plain',
  ...overrides,
});

export const draft = (overrides: object = {}) => ({
  to: 'someone@example.com',
  cc: '',
  bcc: '',
  subject: 'Hello',
  content: 'A message',
  ...overrides,
});

export interface CheckApp extends TestApp {
  /** A loopback port nothing listens on: a check or send there is refused at once. */
  closedPort: number;
}

/** The app with a data folder of its own, which closing it removes. */
export async function buildCheckApp(): Promise<CheckApp> {
  const data = await tempDataDir();
  try {
    const t = await buildTestApp({ dataDir: data.dataDir, mailCa }, { jobs: true });
    const { app } = t;
    const checks = await startMailCheckJobs(app.db, app.jobs!, app.secrets, app.config, {
      log: app.log,
      busyRetrySeconds: 1,
    });
    return {
      ...t,
      closedPort: await freePort(),
      close: async () => {
        await checks.stop();
        await t.close();
        await data.remove();
      },
    };
  } catch (error) {
    await data.remove();
    throw error;
  }
}

/** Adding accounts, checking them and reading back what was stored, in the app `app()` gives once it is built. */
export function checkHelpers(app: () => CheckApp) {
  const closedServer = (): Server => ({
    host: '127.0.0.1',
    port: app().closedPort,
    username: 'someone',
    password: 'closed-port-password',
    useSsl: true,
    authMethod: 'plain',
  });

  async function addAccount(user: UserClient, input: Partial<EmailAccountInput> = {}): Promise<EmailAccount> {
    const res = await user.post('/api/email-accounts', {
      email: mailUser || 'me@example.com',
      pop3: closedServer(),
      smtp: closedServer(),
      ...input,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  /** 'Check Mail', waiting until every account it queued has finished: what each fetched, or why it could not. */
  async function check(user: UserClient, body?: { accountId?: string }): Promise<EmailCheckResult> {
    const res = await user.post('/api/email/check', body);
    expect(res.statusCode, res.body).toBe(202);
    return finished(user, body?.accountId);
  }

  /** Polls the user's 'Check Mail' (or one account's) until nothing is queued or under way. */
  async function finished(user: UserClient, accountId?: string, timeoutMs = 30_000): Promise<EmailCheckResult> {
    const query = accountId ? `?accountId=${accountId}` : '';
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await user.get(`/api/email/check${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const status = res.json<EmailCheckStatus>();
      if (!status.running) {
        const accounts = status.accounts.map(({ accountId, email, newMessages, error }) => ({
          accountId,
          email,
          newMessages,
          error,
        }));
        return { newMessages: status.newMessages, accounts };
      }
      if (Date.now() > deadline) throw new Error(`the check did not finish: ${res.body}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const accountRow = async (id: string) =>
    (await app().database.db.select().from(emailAccounts).where(eq(emailAccounts.id, id)))[0]!;
  const messageCount = async (userId: string) =>
    (await app().database.db.select({ n: count() }).from(mailMessages).where(eq(mailMessages.userId, userId)))[0]!.n;

  return { addAccount, check, finished, accountRow, messageCount };
}
