import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_FUTURE_DAYS, FEED_KIND_CAP, FEED_PAST_DAYS } from '@common/calendar';
import { bookings, dealActivities, tasks } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const DAY = 86_400_000;
const HOUR = 3_600_000;

async function feedPathOf(user: UserClient): Promise<string> {
  const res = await user.get('/api/calendar/integration');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ feedPath: string }>().feedPath;
}

/** As a calendar app asks: no cookie, from its own address. */
const fetchFeed = (url: string, remoteAddress = '127.0.0.1') => t.app.inject({ method: 'GET', url, remoteAddress });

interface FeedEvent {
  uid: string;
  summary: string;
  description: string | null;
  start: number;
  end: number;
  startIsUtc: boolean;
}

function parseFeed(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  const events: FeedEvent[] = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description ?? null,
      start: event.startDate.toJSDate().getTime(),
      end: event.endDate.toJSDate().getTime(),
      startIsUtc: event.startDate.zone?.tzid === 'UTC',
    };
  });
  return { name: calendar.getFirstPropertyValue('x-wr-calname'), events };
}

async function newDeal(user: UserClient, name: string): Promise<string> {
  const pipelineId = (await user.post('/api/pipelines', { name: 'Sales' })).json().id as string;
  const res = await user.post('/api/deals', { name, pipelineId, stage: 'Lead' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

// Names a naive writer would break: RFC 5545 escapes commas, semicolons, backslashes and newlines in TEXT.
const awkward = 'Call back, then; write \\ notes\nsecond line: ok';

describe('GET /api/calendar/feed/:token.ics', () => {
  it('answers the owner’s tasks, activities and appointments as iCalendar, text exactly as stored', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    const dealId = await newDeal(ann, 'Acme, Inc.; EU\nbranch');
    const bobDeal = await newDeal(bob, 'Bob deal');
    const now = Date.now();
    const taskDue = new Date(Math.floor(now / 1000) * 1000 + DAY + 123);
    const activityDue = new Date(now + 2 * DAY);
    const bookingStart = new Date(now + 3 * DAY);
    const bookingEnd = new Date(now + 3 * DAY + 45 * 60_000);
    const [task, pastTask, assigned] = await db()
      .insert(tasks)
      .values([
        { userId: ann.id, workspaceId: ann.id, name: awkward, dueDate: taskDue },
        { userId: ann.id, workspaceId: ann.id, name: 'Last month', dueDate: new Date(now - 30 * DAY) },
        {
          userId: bob.id,
          workspaceId: ann.id,
          assignedUserId: ann.id,
          name: 'Assigned by Bob',
          dueDate: new Date(now + 4 * DAY),
        },
        { userId: ann.id, workspaceId: ann.id, name: 'Too old', dueDate: new Date(now - (FEED_PAST_DAYS + 1) * DAY) },
        { userId: ann.id, workspaceId: ann.id, name: 'Too far', dueDate: new Date(now + (FEED_FUTURE_DAYS + 1) * DAY) },
        { userId: ann.id, workspaceId: ann.id, name: 'Undated' },
        { userId: bob.id, workspaceId: bob.id, name: 'Bob private task', dueDate: new Date(now + DAY) },
      ])
      .returning({ id: tasks.id });
    const [activity] = await db()
      .insert(dealActivities)
      .values([
        {
          dealId,
          userId: ann.id,
          workspaceId: ann.id,
          activityType: 'call',
          description: `Activity: ${awkward}`,
          dueDate: activityDue,
        },
        {
          dealId: bobDeal,
          userId: bob.id,
          workspaceId: bob.id,
          activityType: 'call',
          description: 'Bob private call',
          dueDate: activityDue,
        },
      ])
      .returning({ id: dealActivities.id });
    const [booking] = await db()
      .insert(bookings)
      .values([
        {
          userId: ann.id,
          scheduledStartTime: bookingStart,
          scheduledEndTime: bookingEnd,
          bookerName: "O'Brien, Pat; Jr.",
          bookerEmail: 'pat@example.com',
          notes: 'Line one,\nline two; \\end',
        },
        {
          userId: ann.id,
          scheduledStartTime: new Date(now + 5 * DAY),
          scheduledEndTime: new Date(now + 5 * DAY + HOUR),
          bookerName: 'Cancelled visitor',
          bookerEmail: 'c@example.com',
          status: 'Cancelled',
        },
        {
          userId: bob.id,
          scheduledStartTime: bookingStart,
          scheduledEndTime: bookingEnd,
          bookerName: 'Visitor of Bob',
          bookerEmail: 'b@example.com',
        },
      ])
      .returning({ id: bookings.id });

    const res = await fetchFeed(await feedPathOf(ann));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['set-cookie']).toBeUndefined();
    // The escaping is on the wire, not only undone by a lenient parser.
    expect(res.body).toContain('SUMMARY:Call back\\, then\\; write \\\\ notes\\nsecond line: ok');

    const feed = parseFeed(res.body);
    expect(feed.name).toBe('Pipewise');
    const byUid = new Map(feed.events.map((event) => [event.uid, event]));
    expect([...byUid.keys()].sort()).toEqual(
      [
        `task-${task!.id}@pipewise`,
        `task-${pastTask!.id}@pipewise`,
        `task-${assigned!.id}@pipewise`,
        `activity-${activity!.id}@pipewise`,
        `booking-${booking!.id}@pipewise`,
      ].sort(),
    );
    expect(byUid.get(`task-${task!.id}@pipewise`)).toEqual({
      uid: `task-${task!.id}@pipewise`,
      summary: awkward,
      description: null,
      // iCalendar times are whole seconds.
      start: taskDue.getTime() - 123,
      end: taskDue.getTime() - 123 + 30 * 60_000,
      startIsUtc: true,
    });
    expect(byUid.get(`activity-${activity!.id}@pipewise`)).toMatchObject({
      summary: `Activity: ${awkward}`,
      description: 'Deal: Acme, Inc.; EU\nbranch',
      start: Math.floor(activityDue.getTime() / 1000) * 1000,
      end: Math.floor(activityDue.getTime() / 1000) * 1000 + 30 * 60_000,
      startIsUtc: true,
    });
    expect(byUid.get(`booking-${booking!.id}@pipewise`)).toMatchObject({
      summary: "Appointment with O'Brien, Pat; Jr.",
      description: 'pat@example.com\n\nLine one,\nline two; \\end',
      start: Math.floor(bookingStart.getTime() / 1000) * 1000,
      end: Math.floor(bookingEnd.getTime() / 1000) * 1000,
      startIsUtc: true,
    });
    expect(res.body).not.toMatch(/Bob private|Visitor of Bob|Cancelled visitor|Too old|Too far|Undated/);

    // Bob's feed has his own items of his current workspace (his own), and his appointments; the task he gave Ann
    // is in Ann's workspace.
    const bobFeed = parseFeed((await fetchFeed(await feedPathOf(bob))).body);
    expect(bobFeed.events.map((e) => e.summary).sort()).toEqual(
      ['Appointment with Visitor of Bob', 'Bob private call', 'Bob private task'].sort(),
    );
  });

  it('answers an unknown, malformed or revoked token with the plain 404', async () => {
    const ann = await signUp(t.app, 'ann');
    const path = await feedPathOf(ann);
    const token = /feed\/(.+)\.ics$/.exec(path)![1]!;
    const notFound = [
      `/api/calendar/feed/${'A'.repeat(43)}.ics`,
      `/api/calendar/feed/${token.slice(1)}.ics`,
      `/api/calendar/feed/${token}x.ics`,
      `/api/calendar/feed/${token.slice(0, 42)}%00.ics`,
      `/api/calendar/feed/${token.slice(0, 42)}!.ics`,
      `/api/calendar/feed/${token.slice(0, 42)}%2F.ics`,
      `/api/calendar/feed/${token}`,
      `/api/calendar/feed/${token}.ics/`,
      `/api/calendar/feed/${token}.ical`,
      `/api/calendar/feed/.ics`,
    ];
    for (const url of notFound) {
      const res = await fetchFeed(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: 'Not found' });
    }

    // Fastify's router answers these itself, for every route and before any of ours runs: a parameter past
    // its longest (414) and a broken percent-encoding (400). Still a plain error, never a 500.
    for (const [url, status] of [
      [`/api/calendar/feed/${'a'.repeat(500)}.ics`, 414],
      ['/api/calendar/feed/%E0%A4%A.ics', 400],
    ] as const) {
      const res = await fetchFeed(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.json().error, url).toBeTypeOf('string');
    }

    const regenerated = await ann.post('/api/calendar/integration/token');
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const newPath = regenerated.json<{ feedPath: string }>().feedPath;
    expect(newPath).not.toBe(path);
    expect((await fetchFeed(path)).statusCode).toBe(404);
    expect((await fetchFeed(path)).json()).toEqual({ error: 'Not found' });
    expect((await fetchFeed(newPath)).statusCode).toBe(200);
  });

  it('answers a feed with nothing in it', async () => {
    const ann = await signUp(t.app, 'ann');
    const res = await fetchFeed(await feedPathOf(ann));
    expect(res.statusCode).toBe(200);
    expect(parseFeed(res.body)).toEqual({ name: 'Pipewise', events: [] });
  });

  it('keeps the nearest items of a kind past the cap', async () => {
    const ann = await signUp(t.app, 'ann');
    const now = Date.now();
    // Past the cap: the nearest FEED_KIND_CAP around now stay, the farthest (some behind, some ahead) go.
    const offsets = Array.from({ length: FEED_KIND_CAP + 10 }, (_, i) => (i % 2 ? 1 : -1) * (i + 1) * 60_000);
    await db()
      .insert(tasks)
      .values(
        offsets.map((ms, i) => ({ userId: ann.id, workspaceId: ann.id, name: `T${i}`, dueDate: new Date(now + ms) })),
      );
    const feed = parseFeed((await fetchFeed(await feedPathOf(ann))).body);
    expect(feed.events).toHaveLength(FEED_KIND_CAP);
    const kept = new Set(feed.events.map((e) => e.summary));
    for (let i = 0; i < offsets.length; i++) expect(kept.has(`T${i}`), `T${i}`).toBe(i < FEED_KIND_CAP);
  });

  it('limits requests per client address', async () => {
    const ann = await signUp(t.app, 'ann');
    const path = await feedPathOf(ann);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await fetchFeed(path, '203.0.113.9')).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    // Another address is not held back by it.
    expect((await fetchFeed(path, '203.0.113.10')).statusCode).toBe(200);
  });
});
