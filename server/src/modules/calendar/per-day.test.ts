import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '@common/calendar';
import { bookings, dealActivities, tasks } from '../../db/schema';
import { at, HOUR, newDeal, titles } from '../../test/calendar-kit';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

// The month view's reading of the calendar (GET /api/calendar?perDay&tz): the first events of each kind on each
// local day, and how many each day has, for "+N more".

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

async function monthOf(user: UserClient, from: string, to: string, extra: string): Promise<Calendar> {
  const res = await user.get(`/api/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/calendar with perDay', () => {
  it('answers the first events of each kind on each day of the zone, and each day’s count of each kind', async () => {
    const ann = await signUp(t.app, 'ann');
    const dealId = await newDeal(ann, 'Acme');
    // New York in March 2030: UTC−5 until the 10th's change to UTC−4. Five tasks on the 9th (local), one at 23:30
    // local (04:30 UTC on the 10th), two on the 10th across the change, an activity and a booking on the 9th.
    const task = (name: string, iso: string) => ({ userId: ann.id, workspaceId: ann.id, name, dueDate: at(iso) });
    await db()
      .insert(tasks)
      .values([
        task('Ninth 1', '2030-03-09T14:00:00Z'),
        task('Ninth 2', '2030-03-09T15:00:00Z'),
        task('Ninth 3', '2030-03-09T16:00:00Z'),
        task('Ninth 4', '2030-03-09T17:00:00Z'),
        task('Ninth late', '2030-03-10T04:30:00Z'),
        task('Tenth early', '2030-03-10T06:00:00Z'),
        task('Tenth noon', '2030-03-10T16:00:00Z'),
      ]);
    await db()
      .insert(dealActivities)
      .values({
        dealId,
        userId: ann.id,
        workspaceId: ann.id,
        activityType: 'call',
        description: 'Call on the ninth',
        dueDate: at('2030-03-09T13:00:00Z'),
      });
    await db()
      .insert(bookings)
      .values({
        userId: ann.id,
        scheduledStartTime: at('2030-03-09T18:00:00Z'),
        scheduledEndTime: at('2030-03-09T18:00:00Z', HOUR),
        bookerName: 'Pat',
        bookerEmail: 'pat@example.com',
      });
    const from = '2030-03-01T05:00:00.000Z'; // midnight of the 1st in New York
    const to = '2030-04-01T04:00:00.000Z';
    const month = await monthOf(ann, from, to, 'perDay=3&tz=America%2FNew_York');
    expect(titles(month, 'task')).toEqual(['Ninth 1', 'Ninth 2', 'Ninth 3', 'Tenth early', 'Tenth noon']);
    expect(titles(month)).toEqual([
      'Call on the ninth',
      'Ninth 1',
      'Ninth 2',
      'Ninth 3',
      'Pat',
      'Tenth early',
      'Tenth noon',
    ]);
    expect(month.events.find((event) => event.kind === 'activity')).toMatchObject({ dealId, dealName: 'Acme' });
    expect(month.days).toEqual([
      { date: '2030-03-09', task: 5, activity: 1, booking: 1 },
      { date: '2030-03-10', task: 2, activity: 0, booking: 0 },
    ]);
    // The kinds' totals stay the range's, as without perDay.
    expect(month.counts.task).toEqual({ count: 7, hasMore: false });
    // In UTC the late one is the 10th's.
    const utc = await monthOf(ann, '2030-03-01T00:00:00Z', '2030-04-01T00:00:00Z', 'perDay=1');
    expect(utc.days).toEqual([
      { date: '2030-03-09', task: 4, activity: 1, booking: 1 },
      { date: '2030-03-10', task: 3, activity: 0, booking: 0 },
    ]);
    expect(titles(utc)).toEqual(['Call on the ninth', 'Ninth 1', 'Pat', 'Ninth late']);
    // Without perDay: every event, and no days.
    const all = await monthOf(ann, from, to, 'tz=America%2FNew_York');
    expect(titles(all, 'task')).toHaveLength(7);
    expect(all.days).toBeUndefined();
  });

  it('never counts another workspace’s events', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    await db()
      .insert(tasks)
      .values({ userId: bob.id, workspaceId: bob.id, name: 'Bob’s', dueDate: at('2030-05-05T12:00:00Z') });
    const month = await monthOf(ann, '2030-05-01T00:00:00Z', '2030-06-01T00:00:00Z', 'perDay=3');
    expect(month.events).toEqual([]);
    expect(month.days).toEqual([]);
  });

  it('refuses a perDay out of range and an unknown zone, with their messages', async () => {
    const ann = await signUp(t.app, 'ann');
    const range = `from=${encodeURIComponent('2030-05-01T00:00:00Z')}&to=${encodeURIComponent('2030-06-01T00:00:00Z')}`;
    for (const [extra, field, message] of [
      ['perDay=11', 'perDay', 'At most 10 events a day'],
      ['perDay=0', 'perDay', undefined],
      ['perDay=two', 'perDay', undefined],
      ['perDay=3&tz=Mars%2FOlympus', 'tz', 'Unknown time zone'],
    ] as const) {
      const res = await ann.get(`/api/calendar?${range}&${extra}`);
      expect(res.statusCode, extra).toBe(400);
      const fields = res.json().fields as Record<string, string>;
      expect(Object.keys(fields), extra).toEqual([field]);
      if (message) expect(fields[field]).toBe(message);
    }
  });
});
