import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarBusyMessages } from '@common/calendar-busy-messages';
import { caldavMessages } from '@common/calendar-caldav';
import { caldavConnections } from '../../../db/schema';
import { buildTestApp, signUp, type TestApp } from '../../../test/test-app';
import { markCaldavFailed, markCaldavWorking } from './account';

// The connection's status is shared by two kinds of work, publishing and reading busy times: a success of one
// clears only its own failure, so a read calendar that keeps failing stays on the card while publishing works.

describe('the CalDAV connection’s status', () => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    userId = (await signUp(t.app, 'caldav-status')).id;
    await t.app.db.insert(caldavConnections).values({
      userId,
      serverUrl: 'https://calendar.example/',
      username: 'ann',
      passwordEncrypted: t.app.secrets.encrypt('app-password'),
      publishCalendarUrl: 'https://calendar.example/ann/work/',
      publishCalendarName: 'Work',
    });
  });
  afterAll(() => t.close());

  const status = async () =>
    (
      await t.app.db
        .select({ status: caldavConnections.status, lastError: caldavConnections.lastError })
        .from(caldavConnections)
        .where(eq(caldavConnections.userId, userId))
    )[0];

  it.each([calendarBusyMessages.calendarNotFound, `${calendarBusyMessages.serverAnswered} 500 Internal Server Error`])(
    'keeps a busy-times failure while publishing works, and clears it when the sync works (%s)',
    async (reason) => {
      await markCaldavFailed(t.app.db, userId, reason);
      await markCaldavWorking(t.app.db, userId, 'publishing');
      expect(await status()).toEqual({ status: 'error', lastError: reason });
      await markCaldavWorking(t.app.db, userId, 'busy sync');
      expect(await status()).toEqual({ status: 'connected', lastError: reason });
    },
  );

  it('keeps a publishing failure while the sync works, and clears it when publishing works', async () => {
    await markCaldavFailed(t.app.db, userId, caldavMessages.calendarGone);
    await markCaldavWorking(t.app.db, userId, 'busy sync');
    expect((await status())?.status).toBe('error');
    await markCaldavWorking(t.app.db, userId, 'publishing');
    expect(await status()).toEqual({ status: 'connected', lastError: caldavMessages.calendarGone });
  });
});
