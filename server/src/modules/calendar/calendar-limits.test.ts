import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_KIND_CAP, calendarMessages, type Calendar } from '@common/calendar';
import { analyzeChangedTables } from '../../db/auto-analyze';
import { bookings, dealActivities, tasks } from '../../db/schema';
import { asMember, soloMember, type Member } from '../../db/member-scope';
import { selectRows } from '../../db/select-rows';
import { at, calendarOf, HOUR, newDeal } from '../../test/calendar-kit';
import { buildTestApp, signUp, type TestApp } from '../../test/test-app';
import { activityEventsSql, bookingEventsSql, taskEventsSql } from './events';

// The calendar's limits (GET /api/calendar): each kind stopped at the cap, the ranges refused and accepted, the
// session it needs, and its reads through the (user, date) indexes.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

describe('GET /api/calendar', () => {
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
          workspaceId: ann.id,
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
    // The month view's reading counts the same capped rows by day: the cap's 500 over the two days, 3 of each shown.
    const perDay = await ann.get(
      `/api/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent('2030-08-03T00:00:00.000Z')}&perDay=3`,
    );
    const month = perDay.json<Calendar>();
    expect(month.counts).toEqual(calendar.counts);
    expect(month.days!.reduce((sum, day) => sum + day.task, 0)).toBe(CALENDAR_KIND_CAP);
    expect(month.days!.reduce((sum, day) => sum + day.booking, 0)).toBe(CALENDAR_KIND_CAP);
    expect(month.events.filter((e) => e.kind === 'task').map((e) => e.start)).toEqual(
      month.days!.flatMap((day) => allStarts.filter((start) => start.startsWith(day.date)).slice(0, 3)),
    );

    // One fewer (the last of Bob's deleted): exactly the cap, and nothing more.
    const bobTaskName = `Task ${String(CALENDAR_KIND_CAP).padStart(4, '0')}`;
    await db().execute(sql`delete from tasks where name = ${bobTaskName} and user_id = ${bob.id}`);
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
    const dealId = await newDeal(ann, 'Plan deal');
    const base = Date.parse('2031-01-01T00:00:00Z');
    // A year of items for each, every 2 hours, both members of Ann's workspace: a 42-day range is a small part of
    // the table.
    const n = 4000;
    const when = (i: number) => new Date(base + i * 2 * HOUR);
    for (const userId of [ann.id, bob.id]) {
      const other = userId === ann.id ? bob.id : ann.id;
      await db()
        .insert(tasks)
        .values(
          Array.from({ length: n }, (_, i) => ({
            userId,
            workspaceId: ann.id,
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
            workspaceId: ann.id,
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

    // As the member, the way the route runs them: under the row-level security policies.
    const planOf = async (query: SQL, member: Member = soloMember(ann.id)) =>
      (await asMember(db(), member, (tx) => selectRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`)))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
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
    // A member seeing all of the workspace reads its (workspace, due date) index; one seeing only their own records
    // reads it for what they own, and what others assigned them as a second range read (of the (assignee, due date)
    // index, or of the workspace's where most of its rows are the member's, as here).
    const all = soloMember(ann.id);
    const own = { ...all, ownOnly: true };
    for (const member of [all, own]) {
      const taskPlan = await planOf(taskEventsSql(member, range), member);
      reads(taskPlan, 'tasks_workspace_due_idx');
      expect(taskPlan, taskPlan).not.toMatch(/Seq Scan|BitmapOr/);

      const activityPlan = await planOf(activityEventsSql(member, range), member);
      reads(activityPlan, 'deal_activities_workspace_due_idx');
      expect(activityPlan, activityPlan).not.toMatch(/Seq Scan|BitmapOr/);
      // The deal's name by an index (its key; under the policies, with one deal here, the workspace's may do).
      expect(activityPlan, activityPlan).toMatch(/Index Scan using deals_\w+ on deals/);
    }

    const bookingPlan = await planOf(bookingEventsSql(ann.id, range));
    reads(bookingPlan, 'bookings_user_start_idx');
    expect(bookingPlan, bookingPlan).not.toMatch(/Seq Scan/);

    // The feed reads the past backwards through the same indexes; a long window is an ordered scan that stops early.
    const year = { ...range, from: new Date(base), to: new Date(base + 365 * 86_400_000), order: 'desc' as const };
    const backwards = await planOf(taskEventsSql(own, year), own);
    expect(backwards, backwards).toMatch(/Index Scan Backward using tasks_workspace_due_idx on tasks/);
    expect(backwards, backwards).not.toMatch(/Seq Scan|Bitmap/);

    const calendar = await calendarOf(ann, range.from.toISOString(), range.to.toISOString());
    // 42 days every 2 hours: 504 of Ann's own and as many of Bob's, past the cap.
    expect(calendar.counts.task).toEqual({ count: CALENDAR_KIND_CAP, hasMore: true });
    expect(calendar.counts.booking).toEqual({ count: CALENDAR_KIND_CAP, hasMore: true });
  });
});
