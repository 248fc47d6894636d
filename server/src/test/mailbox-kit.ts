import { expect } from 'vitest';
import type { EmailListItem } from '@common/email';
import { storeIncoming } from '../modules/email/store';
import { parsedMessage, tempDataDir } from './mail';
import { buildTestApp, signUp, type TestApp, type UserClient } from './test-app';

// Helpers of the mailbox tests (modules/email/email-folders.test.ts, email-messages.test.ts): Ann's mailbox with an
// account, Bob beside her, and mail stored as a fetch stores it.

export const server = { host: 'mail.example.com', port: 995, username: 'me', password: 'a-password-1' };
export type Page = { items: EmailListItem[]; nextCursor: string | null };

export async function ok<T>(response: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200) {
  const res = await response;
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}
export const page = (user: UserClient, query: string) => ok<Page>(user.get(`/api/email/messages?${query}`));
export const subjects = (p: Page) => p.items.map((item) => item.subject);

export interface Mailbox extends TestApp {
  a: UserClient;
  b: UserClient;
  /** Ann's account. */
  accountId: string;
  /** The app's data folder (attachments), removed when it closes. */
  dataDir: string;
}

export async function openMailbox(): Promise<Mailbox> {
  const { dataDir, remove } = await tempDataDir();
  const t = await buildTestApp({ dataDir }).catch(async (error: unknown) => {
    await remove();
    throw error;
  });
  const close = async () => {
    await t.close();
    await remove();
  };
  try {
    const a = await signUp(t.app, 'ann');
    const b = await signUp(t.app, 'bob');
    const accountId = (
      await ok<{ id: string }>(
        a.post('/api/email-accounts', { email: 'ann@example.com', pop3: server, smtp: server }),
        201,
      )
    ).id;
    return { ...t, a, b, accountId, dataDir, close };
  } catch (error) {
    await close();
    throw error;
  }
}

let uid = 0;

/** Mail arriving in the mailbox `mailbox()` gives once it is open: stored as a fetch stores it. */
export function receiver(mailbox: () => Mailbox) {
  return async function receive(
    user: UserClient,
    account: string,
    overrides: Parameters<typeof parsedMessage>[0] = {},
  ) {
    const { database, dataDir } = mailbox();
    const result = await storeIncoming(
      database.db,
      dataDir,
      user.id,
      account,
      `uid-${++uid}`,
      parsedMessage(overrides),
    );
    return result.id!;
  };
}
