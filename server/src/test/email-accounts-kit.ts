import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { EmailAccount, EmailAccountInput } from '@common/email-accounts';
import { emailAccounts, emailServerConfig } from '../db/schema';
import type { TestApp, UserClient } from './test-app';

// Helpers of the email accounts tests (modules/email-accounts/email-accounts.test.ts, email-accounts-guards.test.ts):
// an account's input with its two passwords, and the requests, every answer kept to be looked through for them.

export const POP3_PASSWORD = 'pop3-Secret-Passw0rd-x7q';
export const SMTP_PASSWORD = 'smtp-Secret-Passw0rd-k2w';
export const NEW_SMTP_PASSWORD = 'smtp-Replaced-Passw0rd-z9z';
export const passwords = [POP3_PASSWORD, SMTP_PASSWORD, NEW_SMTP_PASSWORD];

export const input = (overrides: Partial<EmailAccountInput> = {}): EmailAccountInput => ({
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

/** The requests of a test file to the app `app()` gives once it is built, and the rows they leave. */
export function accountsApi(app: () => TestApp) {
  /** Every answer of the file: none may hold a password in clear. */
  const seen: LightMyRequestResponse[] = [];

  async function send(user: UserClient, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
    const res = await app().app.inject({
      method,
      url,
      headers: { cookie: user.cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    seen.push(res);
    return res;
  }

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
    app()
      .database.db.select()
      .from(emailAccounts)
      .where(eq(emailAccounts.userId, userId))
      .orderBy(asc(emailAccounts.createdAt));
  const serversOf = (accountId: string) =>
    app()
      .database.db.select()
      .from(emailServerConfig)
      .where(eq(emailServerConfig.emailAccountId, accountId))
      .orderBy(asc(emailServerConfig.serverType));
  const serverRowsOfUser = (userId: string) =>
    app().database.db.select().from(emailServerConfig).where(eq(emailServerConfig.userId, userId));

  return { seen, send, create, list, accountsOf, serversOf, serverRowsOfUser };
}

/** No password in any of these answers, nor the last characters of one. */
export function expectNoPasswordIn(answers: LightMyRequestResponse[]) {
  for (const res of answers) {
    for (const password of passwords) expect(res.body).not.toContain(password.slice(-4));
  }
}
