import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, dealActivities, tasks } from '../../db/schema';
import { at, calendarOf, HOUR, newDeal, titles } from '../../test/calendar-kit';
import { buildTestApp, signUp, type TestApp } from '../../test/test-app';

// The calendar (GET /api/calendar): every kind in the range with its details, the range's ends as instants, and the
// user's own and assigned items only. The cap, the ranges refused and the index reads: calendar-limits.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

describe('GET /api/calendar', () => {
  it('answers every kind starting in [from, to), ordered by start, with its details', async () => {
    const ann = await signUp(t.app, 'ann');
    const dealId = await newDeal(ann, 'Acme, Inc.');
    const from = '2030-03-01T00:00:00.000Z';
    const to = '2030-03-08T00:00:00.000Z';
    await db()
      .insert(tasks)
      .values([
        { userId: ann.id, workspaceId: ann.id, name: 'At start', dueDate: at(from), isMilestone: true },
        { userId: ann.id, workspaceId: ann.id, name: 'Just before end', dueDate: at(to, -1), status: 'In Progress' },
        { userId: ann.id, workspaceId: ann.id, name: 'At end', dueDate: at(to) },
        { userId: ann.id, workspaceId: ann.id, name: 'Just before start', dueDate: at(from, -1) },
        { userId: ann.id, workspaceId: ann.id, name: 'Undated' },
      ]);
    await db()
      .insert(dealActivities)
      .values([
        {
          dealId,
          userId: ann.id,
          workspaceId: ann.id,
          activityType: 'meeting',
          description: 'Demo',
          dueDate: at(from, HOUR),
          priority: 'high',
        },
        { dealId, userId: ann.id, workspaceId: ann.id, activityType: 'call', description: 'Too late', dueDate: at(to) },
      ]);
    await db()
      .insert(bookings)
      .values([
        {
          userId: ann.id,
          scheduledStartTime: at(from, 2 * HOUR),
          scheduledEndTime: at(from, 3 * HOUR),
          bookerName: 'Pat',
          bookerEmail: 'pat@example.com',
          notes: 'Bring slides',
        },
        {
          userId: ann.id,
          scheduledStartTime: at(from, 4 * HOUR),
          scheduledEndTime: at(from, 5 * HOUR),
          bookerName: 'Cancelled one',
          bookerEmail: 'c@example.com',
          status: 'Cancelled',
        },
        {
          userId: ann.id,
          scheduledStartTime: at(from, 6 * HOUR),
          scheduledEndTime: at(from, 7 * HOUR),
          bookerName: 'Done one',
          bookerEmail: 'd@example.com',
          status: 'Completed',
        },
        {
          userId: ann.id,
          scheduledStartTime: at(from, -HOUR),
          scheduledEndTime: at(from, HOUR),
          bookerName: 'Started before',
          bookerEmail: 'e@example.com',
        },
      ]);

    const calendar = await calendarOf(ann, from, to);
    expect(calendar.events).toEqual([
      { kind: 'task', id: expect.any(String), title: 'At start', start: from, status: 'To Do', isMilestone: true },
      {
        kind: 'activity',
        id: expect.any(String),
        title: 'Demo',
        start: '2030-03-01T01:00:00.000Z',
        activityType: 'meeting',
        priority: 'high',
        status: 'pending',
        dealId,
        dealName: 'Acme, Inc.',
      },
      {
        kind: 'booking',
        id: expect.any(String),
        title: 'Pat',
        start: '2030-03-01T02:00:00.000Z',
        end: '2030-03-01T03:00:00.000Z',
        bookerEmail: 'pat@example.com',
        notes: 'Bring slides',
        status: 'Scheduled',
      },
      {
        kind: 'booking',
        id: expect.any(String),
        title: 'Done one',
        start: '2030-03-01T06:00:00.000Z',
        end: '2030-03-01T07:00:00.000Z',
        bookerEmail: 'd@example.com',
        notes: null,
        status: 'Completed',
      },
      {
        kind: 'task',
        id: expect.any(String),
        title: 'Just before end',
        start: '2030-03-07T23:59:59.999Z',
        status: 'In Progress',
        isMilestone: false,
      },
    ]);
    expect(calendar.counts).toEqual({
      task: { count: 2, hasMore: false },
      activity: { count: 1, hasMore: false },
      booking: { count: 2, hasMore: false },
    });
  });

  it('reads the range’s ends with their offsets, as instants', async () => {
    const ann = await signUp(t.app, 'ann');
    await db()
      .insert(tasks)
      .values([
        { userId: ann.id, workspaceId: ann.id, name: 'Inside', dueDate: at('2030-04-30T22:00:00Z') },
        { userId: ann.id, workspaceId: ann.id, name: 'Outside', dueDate: at('2030-04-30T21:59:59.999Z') },
      ]);
    // Midnight in UTC+2 is 22:00 UTC the day before.
    const calendar = await calendarOf(ann, '2030-05-01T00:00:00+02:00', '2030-05-02T00:00:00+02:00');
    expect(titles(calendar)).toEqual(['Inside']);
  });

  it('shows the workspace’s items and the user’s bookings, once each, and never another workspace’s', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    const annDeal = await newDeal(ann, 'Ann deal');
    const bobDeal = await newDeal(bob, 'Bob deal');
    const day = '2030-06-10T09:00:00.000Z';
    await db()
      .insert(tasks)
      .values([
        { userId: ann.id, workspaceId: ann.id, name: 'Ann own', dueDate: at(day, 1) },
        { userId: ann.id, workspaceId: ann.id, assignedUserId: ann.id, name: 'Ann self-assigned', dueDate: at(day, 2) },
        { userId: ann.id, workspaceId: ann.id, assignedUserId: bob.id, name: 'Ann gives Bob', dueDate: at(day, 3) },
        { userId: bob.id, workspaceId: ann.id, assignedUserId: ann.id, name: 'Bob gives Ann', dueDate: at(day, 4) },
        { userId: bob.id, workspaceId: bob.id, name: 'Bob own', dueDate: at(day, 5) },
      ]);
    await db()
      .insert(dealActivities)
      .values([
        {
          dealId: annDeal,
          userId: ann.id,
          workspaceId: ann.id,
          assignedUserId: ann.id,
          activityType: 'call',
          description: 'Ann call',
          dueDate: at(day, 6),
        },
        {
          dealId: annDeal,
          userId: bob.id,
          workspaceId: ann.id,
          assignedUserId: ann.id,
          activityType: 'email',
          description: 'Bob asks Ann',
          dueDate: at(day, 7),
        },
        {
          dealId: bobDeal,
          userId: bob.id,
          workspaceId: bob.id,
          assignedUserId: bob.id,
          activityType: 'call',
          description: 'Bob call',
          dueDate: at(day, 8),
        },
        {
          dealId: annDeal,
          userId: ann.id,
          workspaceId: ann.id,
          assignedUserId: bob.id,
          activityType: 'call',
          description: 'Ann asks Bob',
          dueDate: at(day, 9),
        },
      ]);
    const booking = (userId: string, bookerName: string, ms: number) => ({
      userId,
      scheduledStartTime: at(day, ms),
      scheduledEndTime: at(day, ms + HOUR),
      bookerName,
      bookerEmail: 'x@example.com',
    });
    await db()
      .insert(bookings)
      .values([booking(ann.id, 'Visitor of Ann', 10), booking(bob.id, 'Visitor of Bob', 11)]);

    const from = '2030-06-10T00:00:00Z';
    const to = '2030-06-11T00:00:00Z';
    expect(titles(await calendarOf(ann, from, to))).toEqual([
      'Ann own',
      'Ann self-assigned',
      'Ann gives Bob',
      'Bob gives Ann',
      'Ann call',
      'Bob asks Ann',
      'Ann asks Bob',
      'Visitor of Ann',
    ]);
    const annView = await calendarOf(ann, from, to);
    expect(annView.events.find((e) => e.title === 'Bob asks Ann')).toMatchObject({
      dealId: annDeal,
      dealName: 'Ann deal',
    });
    expect(annView.counts).toEqual({
      task: { count: 4, hasMore: false },
      activity: { count: 3, hasMore: false },
      booking: { count: 1, hasMore: false },
    });
    // Bob, in his own workspace (not a member of Ann's): his own workspace's items and his bookings only.
    expect(titles(await calendarOf(bob, from, to))).toEqual(['Bob own', 'Bob call', 'Visitor of Bob']);
  });
});
