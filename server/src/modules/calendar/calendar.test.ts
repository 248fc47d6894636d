import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_KIND_CAP, calendarMessages, type Calendar } from '@common/calendar';
import { analyzeChangedTables } from '../../db/auto-analyze';
import { bookings, dealActivities, tasks } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { activityEventsSql, bookingEventsSql, taskEventsSql } from './events';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const at = (iso: string, ms = 0) => new Date(Date.parse(iso) + ms);
const HOUR = 3_600_000;

async function newDeal(user: UserClient, name: string): Promise<string> {
  const pipelineId = (await user.post('/api/pipelines', { name: 'Sales' })).json().id as string;
  const res = await user.post('/api/deals', { name, pipelineId, stage: 'Lead' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function calendarOf(user: UserClient, from: string, to: string): Promise<Calendar> {
  const res = await user.get(`/api/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const titles = (calendar: Calendar, kind?: string) =>
  calendar.events.filter((e) => !kind || e.kind === kind).map((e) => e.title);

describe('GET /api/calendar', () => {
  it('answers every kind starting in [from, to), ordered by start, with its details', async () => {
    const ann = await signUp(t.app, 'ann');
    const dealId = await newDeal(ann, 'Acme, Inc.');
    const from = '2030-03-01T00:00:00.000Z';
    const to = '2030-03-08T00:00:00.000Z';
    await db()
      .insert(tasks)
      .values([
        { userId: ann.id, name: 'At start', dueDate: at(from), isMilestone: true },
        { userId: ann.id, name: 'Just before end', dueDate: at(to, -1), status: 'In Progress' },
        { userId: ann.id, name: 'At end', dueDate: at(to) },
        { userId: ann.id, name: 'Just before start', dueDate: at(from, -1) },
        { userId: ann.id, name: 'Undated' },
      ]);
    await db()
      .insert(dealActivities)
      .values([
        {
          dealId,
          userId: ann.id,
          activityType: 'meeting',
          description: 'Demo',
          dueDate: at(from, HOUR),
          priority: 'high',
        },
        { dealId, userId: ann.id, activityType: 'call', description: 'Too late', dueDate: at(to) },
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
        { userId: ann.id, name: 'Inside', dueDate: at('2030-04-30T22:00:00Z') },
        { userId: ann.id, name: 'Outside', dueDate: at('2030-04-30T21:59:59.999Z') },
      ]);
    // Midnight in UTC+2 is 22:00 UTC the day before.
    const calendar = await calendarOf(ann, '2030-05-01T00:00:00+02:00', '2030-05-02T00:00:00+02:00');
    expect(titles(calendar)).toEqual(['Inside']);
  });

  it('shows what the user owns or is assigned, once each, and never another user’s', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    const annDeal = await newDeal(ann, 'Ann deal');
    const bobDeal = await newDeal(bob, 'Bob deal');
    const day = '2030-06-10T09:00:00.000Z';
    await db()
      .insert(tasks)
      .values([
        { userId: ann.id, name: 'Ann own', dueDate: at(day, 1) },
        { userId: ann.id, assignedUserId: ann.id, name: 'Ann self-assigned', dueDate: at(day, 2) },
        { userId: ann.id, assignedUserId: bob.id, name: 'Ann gives Bob', dueDate: at(day, 3) },
        { userId: bob.id, assignedUserId: ann.id, name: 'Bob gives Ann', dueDate: at(day, 4) },
        { userId: bob.id, name: 'Bob own', dueDate: at(day, 5) },
      ]);
    await db()
      .insert(dealActivities)
      .values([
        {
          dealId: annDeal,
          userId: ann.id,
          assignedUserId: ann.id,
          activityType: 'call',
          description: 'Ann call',
          dueDate: at(day, 6),
        },
        {
          dealId: bobDeal,
          userId: bob.id,
          assignedUserId: ann.id,
          activityType: 'email',
          description: 'Bob asks Ann',
          dueDate: at(day, 7),
        },
        {
          dealId: bobDeal,
          userId: bob.id,
          assignedUserId: bob.id,
          activityType: 'call',
          description: 'Bob call',
          dueDate: at(day, 8),
        },
        {
          dealId: annDeal,
          userId: ann.id,
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
      dealId: bobDeal,
      dealName: 'Bob deal',
    });
    expect(annView.counts).toEqual({
      task: { count: 4, hasMore: false },
      activity: { count: 3, hasMore: false },
      booking: { count: 1, hasMore: false },
    });
    expect(titles(await calendarOf(bob, from, to))).toEqual([
      'Ann gives Bob',
      'Bob gives Ann',
      'Bob own',
      'Bob asks Ann',
      'Bob call',
      'Ann asks Bob',
      'Visitor of Bob',
    ]);
  });

  it('stops each kind at the cap and says there are more, owned and assigned items counted together', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    const from = '2030-08-01T00:00:00.000Z';
    const owned = 300;
    // Ann owns 300 tasks and is assigned CAP + 1 - 300 of Bob's: one past the cap in all.
    await db()
      .insert(tasks)
      .values(
        Array.from({ length: CALENDAR_KIND_CAP + 1 }, (_, i) => ({
          userId: i < owned ? ann.id : bob.id,
          assignedUserId: i < owned ? null : ann.id,
          name: `Task ${String(i).padStart(4, '0')}`,
          dueDate: at(from, (i % 2 ? i : CALENDAR_KIND_CAP * 2 - i) * 60_000),
        })),
      );
    await db()
      .insert(bookings)
      .values(
        Array.from({ length: CALENDAR_KIND_CAP }, (_, i) => ({
          userId: ann.id,
          scheduledStartTime: at(from, i * 60_000),
          scheduledEndTime: at(from, i * 60_000 + 30_000),
          bookerName: `Visitor ${i}`,
          bookerEmail: 'v@example.com',
        })),
      );

    const calendar = await calendarOf(ann, from, '2030-08-03T00:00:00.000Z');
    expect(calendar.counts).toEqual({
      task: { count: CALENDAR_KIND_CAP, hasMore: true },
      activity: { count: 0, hasMore: false },
      booking: { count: CALENDAR_KIND_CAP, hasMore: false },
    });
    const taskEvents = calendar.events.filter((e) => e.kind === 'task');
    expect(taskEvents).toHaveLength(CALENDAR_KIND_CAP);
    // The earliest ones are kept, and the whole list is in start order.
    const allStarts = Array.from({ length: CALENDAR_KIND_CAP + 1 }, (_, i) =>
      at(from, (i % 2 ? i : CALENDAR_KIND_CAP * 2 - i) * 60_000).toISOString(),
    ).sort();
    expect(taskEvents.map((e) => e.start)).toEqual(allStarts.slice(0, CALENDAR_KIND_CAP));
    const starts = calendar.events.map((e) => e.start);
    expect(starts).toEqual([...starts].sort());

    // One fewer (the last of Bob's assigned to no one): exactly the cap, and nothing more.
    const bobTaskName = `Task ${String(CALENDAR_KIND_CAP).padStart(4, '0')}`;
    await db().execute(
      sql`update tasks set assigned_user_id = null where name = ${bobTaskName} and user_id = ${bob.id}`,
    );
    const exact = await calendarOf(ann, from, '2030-08-03T00:00:00.000Z');
    expect(exact.counts.task).toEqual({ count: CALENDAR_KIND_CAP, hasMore: false });
  });

  it('answers a range that is empty, reversed, too long or malformed with 400 and the range message', async () => {
    const ann = await signUp(t.app, 'ann');
    const bad = [
      'from=2030-01-10T00:00:00Z&to=2030-01-10T00:00:00Z',
      'from=2030-01-10T00:00:00Z&to=2030-01-09T00:00:00Z',
      'from=2030-01-01T00:00:00Z&to=2030-02-15T00:00:00.001Z',
      'from=2030-01-01T00:00:00Z',
      'to=2030-01-01T00:00:00Z',
      '',
      'from=yesterday&to=today',
      'from=2030-01-01&to=2030-01-02',
      'from=2030-13-01T00:00:00Z&to=2030-13-02T00:00:00Z',
      'from=2030-01-01T00:00:00Z&to=2030-01-02T00:00:00Z&from=2030-01-01T00:00:00Z',
      'from[x]=1&to=2030-01-02T00:00:00Z',
    ];
    for (const query of bad) {
      const res = await ann.get(`/api/calendar?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toBe(calendarMessages.rangeInvalid);
    }
    for (const query of ['from=%00&to=2030-01-02T00:00:00Z', 'from=2030-01-01T00:00:00Z%00&to=x']) {
      const res = await ann.get(`/api/calendar?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toBeTypeOf('string');
    }
  });

  it('accepts the longest range, and the far ends of the calendar, without an error', async () => {
    const ann = await signUp(t.app, 'ann');
    await calendarOf(ann, '2030-01-01T00:00:00Z', '2030-02-15T00:00:00Z');
    // Years PostgreSQL's date input refuses (year 0) or barely reaches still answer, with nothing in them.
    expect((await calendarOf(ann, '0000-01-01T00:00:00Z', '0000-01-02T00:00:00Z')).events).toEqual([]);
    expect((await calendarOf(ann, '9999-12-30T00:00:00Z', '9999-12-31T23:59:59.999Z')).events).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/calendar?from=2030-01-01T00:00:00Z&to=2030-01-02T00:00:00Z',
    });
    expect(res.statusCode).toBe(401);
  });

  it('reads each kind through its (user, date) indexes, owned and assigned as two range reads', async () => {
    const ann = await signUp(t.app, 'plan');
    const bob = await signUp(t.app, 'plan');
    const dealId = await newDeal(bob, 'Plan deal');
    const base = Date.parse('2031-01-01T00:00:00Z');
    // A year of items for each, every 2 hours: a 42-day range is a small part of the table.
    const n = 4000;
    const when = (i: number) => new Date(base + i * 2 * HOUR);
    for (const userId of [ann.id, bob.id]) {
      const other = userId === ann.id ? bob.id : ann.id;
      await db()
        .insert(tasks)
        .values(
          Array.from({ length: n }, (_, i) => ({
            userId,
            assignedUserId: i % 10 ? userId : other,
            name: `T${i}`,
            dueDate: when(i),
          })),
        );
      await db()
        .insert(dealActivities)
        .values(
          Array.from({ length: n }, (_, i) => ({
            dealId,
            userId,
            assignedUserId: i % 10 ? userId : other,
            activityType: 'call',
            description: `A${i}`,
            dueDate: when(i),
          })),
        );
      await db()
        .insert(bookings)
        .values(
          Array.from({ length: n }, (_, i) => ({
            userId,
            scheduledStartTime: when(i),
            scheduledEndTime: new Date(when(i).getTime() + HOUR),
            bookerName: `B${i}`,
            bookerEmail: 'b@example.com',
          })),
        );
    }
    await expect
      .poll(() => analyzeChangedTables(db()), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['tasks', 'deal_activities', 'bookings']));

    const planOf = async (query: SQL) =>
      (await selectRows<{ 'QUERY PLAN': string }>(db(), sql`explain ${query}`)).map((r) => r['QUERY PLAN']).join('\n');
    const range = {
      from: new Date(base + 100 * 86_400_000),
      to: new Date(base + 142 * 86_400_000),
      limit: CALENDAR_KIND_CAP + 1,
      order: 'asc' as const,
    };
    // Each read is an index range: an ordered index scan that stops at the limit, or (when the range holds
    // fewer rows than the limit) a bitmap of the same range. Never a scan of the table, nor an OR of both.
    const reads = (plan: string, index: string) =>
      expect(plan, plan).toMatch(new RegExp(`(Index Scan( Backward)?|Bitmap Index Scan) (using|on) ${index}\\b`));
    const taskPlan = await planOf(taskEventsSql(ann.id, range));
    reads(taskPlan, 'tasks_user_due_idx');
    reads(taskPlan, 'tasks_assigned_due_idx');
    expect(taskPlan, taskPlan).not.toMatch(/Seq Scan|BitmapOr/);

    const activityPlan = await planOf(activityEventsSql(ann.id, range));
    reads(activityPlan, 'deal_activities_user_due_idx');
    reads(activityPlan, 'deal_activities_assigned_due_idx');
    expect(activityPlan, activityPlan).not.toMatch(/Seq Scan|BitmapOr/);
    expect(activityPlan, activityPlan).toMatch(/Index Scan using deals_pkey on deals/);

    const bookingPlan = await planOf(bookingEventsSql(ann.id, range));
    reads(bookingPlan, 'bookings_user_start_idx');
    expect(bookingPlan, bookingPlan).not.toMatch(/Seq Scan/);

    // The feed reads the past backwards through the same indexes; a long window is an ordered scan that stops early.
    const year = { ...range, from: new Date(base), to: new Date(base + 365 * 86_400_000), order: 'desc' as const };
    const backwards = await planOf(taskEventsSql(ann.id, year));
    expect(backwards, backwards).toMatch(/Index Scan Backward using tasks_user_due_idx on tasks/);
    expect(backwards, backwards).not.toMatch(/Seq Scan|Bitmap/);

    const calendar = await calendarOf(ann, range.from.toISOString(), range.to.toISOString());
    // 42 days every 2 hours: 504 of Ann's own, plus a tenth of Bob's assigned to her, past the cap.
    expect(calendar.counts.task).toEqual({ count: CALENDAR_KIND_CAP, hasMore: true });
    expect(calendar.counts.booking).toEqual({ count: CALENDAR_KIND_CAP, hasMore: true });
  });
});
