import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_KIND_CAP } from '@common/calendar';
import { calendarBusyTimes, caldavConnections, schedulingSettings } from '../../db/schema';
import { at, calendarOf, HOUR } from '../../test/calendar-kit';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { joined } from '../../test/workspace-kit';

// The calendar range's external busy blocks (GET /api/calendar, issue 31): the user's own busy times overlapping the
// range, whatever the workspace, their titles only when the user chose "show titles", at most the cap.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const calendarUrl = 'https://calendar.example.com/user/work/';

async function busy(user: UserClient, title: string, start: Date, end: Date) {
  await db()
    .insert(calendarBusyTimes)
    .values({ userId: user.id, calendarUrl, eventUid: title, startsAt: start, endsAt: end, title });
}

async function connect(user: UserClient, showTitles: boolean) {
  await db()
    .insert(caldavConnections)
    .values({
      userId: user.id,
      serverUrl: 'https://calendar.example.com/',
      username: 'user',
      passwordEncrypted: t.app.secrets.encrypt('app-password'),
      publishCalendarUrl: calendarUrl,
      publishCalendarName: 'Work',
      readCalendars: [{ url: calendarUrl, name: 'Work' }],
      showTitles,
    })
    .onConflictDoUpdate({ target: caldavConnections.userId, set: { showTitles } });
}

describe('GET /api/calendar busy blocks', () => {
  it('answers the user’s own busy times overlapping the range, by start, and never another user’s', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    const from = '2031-03-10T00:00:00.000Z';
    const to = '2031-03-11T00:00:00.000Z';
    await busy(ann, 'Before', at(from, -2 * HOUR), at(from));
    await busy(ann, 'Overnight', at(from, -HOUR), at(from, HOUR));
    await busy(ann, 'Morning', at(from, 9 * HOUR), at(from, 10 * HOUR));
    await busy(ann, 'Longer than the range', at(from, -24 * HOUR), at(to, 24 * HOUR));
    await busy(ann, 'After', at(to), at(to, HOUR));
    await busy(bob, 'Bob’s', at(from, 9 * HOUR), at(from, 10 * HOUR));

    const calendar = await calendarOf(ann, from, to);
    expect(calendar.busy).toEqual({
      blocks: [
        { start: at(from, -24 * HOUR).toISOString(), end: at(to, 24 * HOUR).toISOString(), allDay: true },
        { start: at(from, -HOUR).toISOString(), end: at(from, HOUR).toISOString(), allDay: false },
        { start: at(from, 9 * HOUR).toISOString(), end: at(from, 10 * HOUR).toISOString(), allDay: false },
      ],
      hasMore: false,
    });
    // Busy times are not records: the spec's kinds and their counts are as they were.
    expect(calendar.events).toEqual([]);

    const bobs = await calendarOf(bob, from, to);
    expect(bobs.busy.blocks).toEqual([
      { start: at(from, 9 * HOUR).toISOString(), end: at(from, 10 * HOUR).toISOString(), allDay: false },
    ]);
  });

  it('keeps them personal in a shared workspace: a colleague sees only their own', async () => {
    const owner = await signUp(t.app, 'owner');
    const colleague = await joined(t.app, owner, 'colleague', 'member');
    const from = '2031-04-01T00:00:00.000Z';
    await busy(owner, 'Owner dentist', at(from, 9 * HOUR), at(from, 10 * HOUR));
    await connect(owner, true);

    const seen = await colleague.get(`/api/calendar?from=${from}&to=2031-04-02T00:00:00.000Z`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().busy).toEqual({ blocks: [], hasMore: false });
    expect(seen.body).not.toContain('Owner dentist');
    // The owner sees theirs.
    expect((await calendarOf(owner, from, '2031-04-02T00:00:00.000Z')).busy.blocks).toHaveLength(1);
  });

  it('answers titles only when the user’s connection shows them, and an empty title never', async () => {
    const ann = await signUp(t.app, 'ann');
    const from = '2031-05-05T00:00:00.000Z';
    const to = '2031-05-06T00:00:00.000Z';
    await busy(ann, 'Private doctor visit', at(from, 9 * HOUR), at(from, 10 * HOUR));
    await busy(ann, '', at(from, 11 * HOUR), at(from, 12 * HOUR));
    const read = async () => {
      const res = await ann.get(`/api/calendar?from=${from}&to=${to}`);
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };

    // No connection (it was removed, the rows not yet): no titles.
    let res = await read();
    expect(res.body).not.toContain('Private doctor visit');
    expect(res.json().busy.blocks.map((b: object) => 'title' in b)).toEqual([false, false]);

    await connect(ann, false);
    res = await read();
    expect(res.body).not.toContain('Private doctor visit');
    expect(res.json().busy.blocks.map((b: object) => 'title' in b)).toEqual([false, false]);

    await connect(ann, true);
    res = await read();
    expect(res.json().busy.blocks.map((b: { title?: string }) => b.title)).toEqual(['Private doctor visit', undefined]);
  });

  it('tells whole days in the user’s time zone', async () => {
    const ann = await signUp(t.app, 'ann');
    const from = '2031-06-01T00:00:00.000Z';
    const to = '2031-06-08T00:00:00.000Z';
    // Midnight to midnight in New York (EDT, UTC-4), and in UTC.
    await busy(ann, 'Conference', at('2031-06-02T04:00:00.000Z'), at('2031-06-04T04:00:00.000Z'));
    await busy(ann, 'Holiday', at('2031-06-05T00:00:00.000Z'), at('2031-06-06T00:00:00.000Z'));
    const allDay = async () => (await calendarOf(ann, from, to)).busy.blocks.map((b) => b.allDay);

    // Without scheduling settings the sync reads days in UTC, and so does this.
    expect(await allDay()).toEqual([false, true]);
    await db().insert(schedulingSettings).values({ userId: ann.id, timezone: 'America/New_York' });
    expect(await allDay()).toEqual([true, false]);
  });

  it('stops at the cap and says there are more', async () => {
    const ann = await signUp(t.app, 'ann');
    const from = '2031-07-01T00:00:00.000Z';
    await db()
      .insert(calendarBusyTimes)
      .values(
        Array.from({ length: CALENDAR_KIND_CAP + 1 }, (_, i) => ({
          userId: ann.id,
          calendarUrl,
          eventUid: `event-${i}`,
          startsAt: at(from, i * 60_000),
          endsAt: at(from, i * 60_000 + 30_000),
        })),
      );

    const calendar = await calendarOf(ann, from, '2031-07-02T00:00:00.000Z');
    expect(calendar.busy.hasMore).toBe(true);
    expect(calendar.busy.blocks).toHaveLength(CALENDAR_KIND_CAP);
    // The earliest are kept.
    expect(calendar.busy.blocks.at(-1)!.start).toBe(at(from, (CALENDAR_KIND_CAP - 1) * 60_000).toISOString());
  });
});
