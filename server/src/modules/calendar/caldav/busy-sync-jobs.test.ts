import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarBusyMessages } from '@common/calendar-busy-messages';
import { caldavMessages, type CaldavConnectionAnswer } from '@common/calendar-caldav';
import { caldavConnections, calendarBusySources, calendarBusyTimes } from '../../../db/schema';
import { openBookingOwner, slotsOf, utcDate } from '../../../test/booking-kit';
import { putEvent } from '../../../test/caldav-busy-kit';
import {
  caldavPath,
  caldavTestAccount,
  connectCaldav,
  makeTestCalendar,
  until,
  type CaldavTestAccount,
} from '../../../test/caldav-kit';
import { calendarObject, vevent } from '../../../test/ical-kit';
import { buildTestApp, type TestApp, type UserClient } from '../../../test/test-app';
import {
  BUSY_SYNC_EVERY_MINUTES,
  BUSY_SYNC_QUEUE,
  BUSY_SYNCS_DUE_QUEUE,
  queueDueBusySyncs,
  runBusySync,
  sendDueBusySyncs,
  startBusySyncJobs,
} from './busy-sync-jobs';

// The busy-times sync as jobs, against the test CalDAV server (Radicale, scripts/caldav-server.sh): a saved
// connection's read calendars are read within seconds, the schedule's rounds read them again, a failure shows on
// the connection and keeps what was read, and Disconnect takes the busy times away. The owner books in UTC, open
// 08:00–17:00 in hour slots; the meeting is 10:00–11:00 three days from now.

const account = caldavTestAccount();
const day = utcDate(3);
const slotAt = (hour: number) => `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;
const meeting = (uid: string, hour: number) =>
  calendarObject(
    vevent(
      uid,
      `SUMMARY:${uid}`,
      `DTSTART:${day.replaceAll('-', '')}T${String(hour).padStart(2, '0')}0000Z`,
      'DURATION:PT1H',
    ),
  );

describe.skipIf(!account)('the busy-times sync jobs', () => {
  const alice = account as CaldavTestAccount;
  let t: TestApp;
  let sync: { stop(): Promise<void> };
  let owner: UserClient;
  let family: string;

  const busyOf = async (userId: string) =>
    (await t.database.db.select().from(calendarBusyTimes).where(eq(calendarBusyTimes.userId, userId)))
      .map((row) => row.startsAt.toISOString())
      .sort();
  const offered = async () => (await slotsOf(t.app, owner.id, day)).map((slot) => slot.start);
  const connectionOf = async (user: UserClient) =>
    (await user.get(caldavPath)).json<CaldavConnectionAnswer>().connection;

  beforeAll(async () => {
    t = await buildTestApp({}, { jobs: true });
    sync = await startBusySyncJobs(t.app.db, t.app.jobs!, t.app.secrets, {
      allowPrivateHosts: true,
      log: { warn: () => undefined },
      scheduled: true,
      retryDelaySeconds: 1,
    });
    owner = await openBookingOwner(t.app, { slotMinutes: 60 }, { startTime: '08:00', endTime: '17:00' });
    family = await makeTestCalendar(alice, 'Family');
    await putEvent(family, 'dentist', meeting('dentist', 10));
  }, 60_000);
  afterAll(async () => {
    await sync?.stop();
    await t?.close();
  });

  it('is scheduled every few minutes, one sync of a user at a time', async () => {
    expect(await t.app.jobs!.boss.getSchedules()).toContainEqual(
      expect.objectContaining({ name: BUSY_SYNCS_DUE_QUEUE, cron: `*/${BUSY_SYNC_EVERY_MINUTES} * * * *` }),
    );
    // At most one job of a user waiting and one being worked (keyed by the user).
    expect(await t.app.jobs!.boss.getQueue(BUSY_SYNC_QUEUE)).toMatchObject({ policy: 'stately' });
  });

  it('reads a newly connected read calendar at once, and the booking page leaves its busy slot out', async () => {
    expect(await offered()).toContain(slotAt(10));
    const work = await makeTestCalendar(alice, 'Work');
    await connectCaldav(t.app, owner, alice, { publishCalendarUrl: work, readCalendarUrls: [family] });
    await until(async () => (await busyOf(owner.id)).length === 1);
    expect(await busyOf(owner.id)).toEqual([slotAt(10)]);
    const slots = await offered();
    expect(slots).not.toContain(slotAt(10));
    expect(slots).toContain(slotAt(9));
    expect(slots).toContain(slotAt(11));
    expect((await connectionOf(owner))?.status).toBe('connected');
  });

  it('reads the calendars again in each round, only for users with a calendar to read', async () => {
    // A user connected with nothing to read is not queued.
    const other = await openBookingOwner(t.app);
    await connectCaldav(t.app, other, alice, { publishCalendarUrl: family });
    expect(await queueDueBusySyncs(t.app.db, t.app.jobs!)).toBe(1);

    await putEvent(family, 'lunch', meeting('lunch', 13));
    await sendDueBusySyncs(t.app.jobs!);
    await until(async () => (await busyOf(owner.id)).length === 2);
    expect(await busyOf(owner.id)).toEqual([slotAt(10), slotAt(13)]);
    expect(await offered()).not.toContain(slotAt(13));
    expect(await busyOf(other.id)).toEqual([]);
  });

  it('marks the connection with the reason when the password is refused, and keeps the busy times', async () => {
    const sealed = (password: string) =>
      t.database.db
        .update(caldavConnections)
        .set({ passwordEncrypted: t.app.secrets.encrypt(password) })
        .where(eq(caldavConnections.userId, owner.id));
    // The app password was revoked on the server.
    await sealed('revoked-app-password');
    await sendDueBusySyncs(t.app.jobs!);
    await until(async () => (await connectionOf(owner))?.status === 'error');
    expect(await connectionOf(owner)).toMatchObject({
      status: 'error',
      lastError: calendarBusyMessages.wrongPassword,
      lastErrorAt: expect.any(String),
    });
    expect(await busyOf(owner.id)).toEqual([slotAt(10), slotAt(13)]);
    expect(await offered()).not.toContain(slotAt(10));

    // A new app password saved (as Reconnect does): the next sync marks the connection working again.
    await sealed(alice.password);
    await sendDueBusySyncs(t.app.jobs!);
    await until(async () => (await connectionOf(owner))?.status === 'connected');
    expect(await busyOf(owner.id)).toEqual([slotAt(10), slotAt(13)]);
  });

  it('leaves a failure of publishing on the connection', async () => {
    const failed = { status: 'error', lastError: caldavMessages.calendarGone, lastErrorAt: new Date() };
    await t.database.db.update(caldavConnections).set(failed).where(eq(caldavConnections.userId, owner.id));
    await runBusySync(t.app.db, t.app.secrets, { allowPrivateHosts: true }, owner.id);
    expect(await connectionOf(owner)).toMatchObject({ status: 'error', lastError: caldavMessages.calendarGone });
  });

  it('takes the busy times away on Disconnect', async () => {
    const res = await owner.delete(caldavPath);
    expect(res.statusCode, res.body).toBe(200);
    expect(await busyOf(owner.id)).toEqual([]);
    expect(
      await t.database.db.select().from(calendarBusySources).where(eq(calendarBusySources.userId, owner.id)),
    ).toEqual([]);
    expect(await offered()).toContain(slotAt(10));
  });
});
