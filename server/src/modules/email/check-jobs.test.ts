import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailCheckStatus } from '@common/email';
import { emailSendMessages } from '@common/email';
import { mailConnectionMessages } from '@common/mail-connection';
import { selectRows } from '../../db/select-rows';
import { buildCheckApp, checkHelpers, type CheckApp } from '../../test/email-check-kit';
import { buildTestApp, signUp } from '../../test/test-app';
import { MAIL_CHECK_QUEUE } from './check-jobs';

// 'Check Mail' as a job: the request answers at once, the state is polled from the database, one check of an account
// at a time, and another user's check is not found. With real mail servers: check-mail-servers.test.ts.

let t: CheckApp;
/** A mail server that accepts connections and never says a word: a check of it waits out its timeout. */
let silent: Server;
const held: Socket[] = [];
beforeAll(async () => {
  t = await buildCheckApp();
  silent = createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  silent?.close();
  await t?.close();
});
const { addAccount, check, finished } = checkHelpers(() => t);
const silentServer = () => ({
  host: '127.0.0.1',
  port: (silent.address() as { port: number }).port,
  username: 'someone',
  password: 'silent-password',
  useSsl: true,
  authMethod: 'plain' as const,
});

const jobsOf = async (accountId: string) =>
  selectRows<{ state: string }>(
    t.database.db,
    sql`select state from pgboss.job where name = ${MAIL_CHECK_QUEUE} and data->>'accountId' = ${accountId}`,
  );

describe("'Check Mail' as a job", () => {
  it('answers at once while a slow account is checked, shows it under way, and checks it once however often asked', async () => {
    const user = await signUp(t.app, 'sam');
    const slow = await addAccount(user, { email: 'slow@example.com', pop3: silentServer() });
    const refused = await addAccount(user, { email: 'refused@example.com' });
    const started = Date.now();
    const res = await user.post('/api/email/check');
    expect(res.statusCode, res.body).toBe(202);
    expect(Date.now() - started).toBeLessThan(2_000);
    const status = res.json<EmailCheckStatus>();
    expect(status.running).toBe(true);
    expect(status.accounts.map((account) => [account.email, account.state])).toEqual([
      ['slow@example.com', 'queued'],
      ['refused@example.com', 'queued'],
    ]);

    // The slow one is being checked while the other has finished with its reason.
    await expect
      .poll(async () => (await user.get('/api/email/check')).json<EmailCheckStatus>().accounts, { timeout: 10_000 })
      .toEqual([
        expect.objectContaining({ accountId: slow.id, state: 'checking', error: null, finishedAt: null }),
        expect.objectContaining({
          accountId: refused.id,
          state: 'failed',
          newMessages: 0,
          error: mailConnectionMessages.connectionRefused,
          finishedAt: expect.any(String),
        }),
      ]);
    // A second click while it runs queues the finished account again, not the one under way.
    const again = await user.post('/api/email/check');
    expect(again.statusCode).toBe(202);
    expect(await jobsOf(slow.id)).toHaveLength(1);
    expect(await jobsOf(refused.id)).toHaveLength(2);

    // The silent server is given up after the connection's timeout: a failure with its reason.
    const done = await finished(user, slow.id, 60_000);
    expect(done.accounts).toEqual([
      { accountId: slow.id, email: 'slow@example.com', newMessages: 0, error: expect.any(String) },
    ]);
    expect(done.accounts[0]!.error).not.toBe(emailSendMessages.storeFailed);
  }, 90_000);

  it("answers another user's account as not found, and leaves it unchecked", async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    const account = await addAccount(ann);
    await check(ann);
    for (const res of [
      await bob.get(`/api/email/check?accountId=${account.id}`),
      await bob.post('/api/email/check', { accountId: account.id }),
    ])
      expect(res.statusCode).toBe(404);
    // Bob's own view has none of Ann's accounts.
    expect((await bob.get('/api/email/check')).json()).toEqual({ running: false, newMessages: 0, accounts: [] });
    expect(await jobsOf(account.id)).toHaveLength(1);
  });

  it('answers 503 on a server without its job queue', async () => {
    const bare = await buildTestApp();
    try {
      const user = await signUp(bare.app, 'lone');
      await user.post('/api/email-accounts', {
        email: 'lone@example.com',
        pop3: { ...silentServer(), port: t.closedPort },
        smtp: { ...silentServer(), port: t.closedPort },
      });
      const res = await user.post('/api/email/check');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: emailSendMessages.checkUnavailable });
    } finally {
      await bare.close();
    }
  });
});
