import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNREAD_COUNT_CAP } from '@common/notifications';
import { notifications, notificationSettings } from '../../db/schema';
import { allOn, listOf, notificationsApi, unreadOf } from '../../test/notifications-kit';
import { buildTestApp, signUp, type TestApp } from '../../test/test-app';

// The bell (decisions.md item 17): a user's notifications only, read one or all, each kind turned on or off. Overdue
// tasks and deal activities turned into notifications by a job: overdue.test.ts and overdue-jobs.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const none = '00000000-0000-0000-0000-000000000000';
const { put, rowsOf } = notificationsApi(() => t);

/** Notifications written straight to the table, oldest first, a second apart. */
async function addNotifications(userId: string, titles: string[], start = Date.now() - titles.length * 1000) {
  return t.database.db
    .insert(notifications)
    .values(
      titles.map((title, i) => ({
        userId,
        kind: 'form_submission',
        title,
        body: `Body of ${title}`,
        link: '/app/forms',
        createdAt: new Date(start + i * 1000),
      })),
    )
    .returning({ id: notifications.id });
}

describe('without a session', () => {
  it('answers 401 on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread'],
      ['POST', `/api/notifications/${none}/read`],
      ['POST', '/api/notifications/read-all'],
      ['GET', '/api/notifications/settings'],
      ['PUT', '/api/notifications/settings'],
    ] as const) {
      const payload = method === 'GET' ? undefined : method === 'PUT' ? allOn : {};
      const res = await t.app.inject({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('the list and the count', () => {
  it('list the user’s notifications newest first, a page at a time', async () => {
    const ann = await signUp(t.app, 'ann');
    await addNotifications(ann.id, ['one', 'two', 'three', 'four', 'five']);
    const first = await listOf(ann, '?limit=2');
    expect(first.items.map((n) => n.title)).toEqual(['five', 'four']);
    expect(first.items[0]).toEqual({
      id: expect.any(String),
      kind: 'form_submission',
      title: 'five',
      body: 'Body of five',
      link: '/app/forms',
      readAt: null,
      createdAt: expect.any(String),
    });
    const second = await listOf(ann, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((n) => n.title)).toEqual(['three', 'two']);
    const last = await listOf(ann, `?limit=2&cursor=${second.nextCursor}`);
    expect(last).toEqual({ items: [expect.objectContaining({ title: 'one' })], nextCursor: null });
  });

  it('count the unread ones up to the cap and name the newest unread', async () => {
    const ann = await signUp(t.app, 'ann');
    expect(await unreadOf(ann)).toEqual({ count: 0, hasMore: false, newest: null });
    const [older, newer] = await addNotifications(ann.id, ['older', 'newer']);
    expect(await unreadOf(ann)).toMatchObject({ count: 2, hasMore: false, newest: { id: newer!.id, title: 'newer' } });
    // Reading one: the count drops and the newest unread is the other.
    const read = await ann.post(`/api/notifications/${newer!.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: newer!.id, readAt: expect.any(String) });
    expect(await unreadOf(ann)).toMatchObject({ count: 1, newest: { id: older!.id } });
    // Read again, it keeps its first time.
    const again = await ann.post(`/api/notifications/${newer!.id}/read`);
    expect(again.json().readAt).toBe(read.json().readAt);
    // Past the cap: "99+".
    await addNotifications(
      ann.id,
      Array.from({ length: UNREAD_COUNT_CAP + 5 }, (_, i) => `bulk ${i}`),
    );
    expect(await unreadOf(ann)).toMatchObject({ count: UNREAD_COUNT_CAP, hasMore: true });
  });

  it('mark all read: only the user’s own unread ones', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    const [first] = await addNotifications(ann.id, ['a', 'b', 'c']);
    await addNotifications(bob.id, ['bob 1', 'bob 2']);
    await ann.post(`/api/notifications/${first!.id}/read`);
    const [before] = await t.database.db.select().from(notifications).where(eq(notifications.id, first!.id));
    const res = await ann.post('/api/notifications/read-all');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ marked: 2 });
    expect(await unreadOf(ann)).toEqual({ count: 0, hasMore: false, newest: null });
    expect((await ann.post('/api/notifications/read-all')).json()).toEqual({ marked: 0 });
    // The one read before keeps its time; another user's stay unread.
    const [after] = await t.database.db.select().from(notifications).where(eq(notifications.id, first!.id));
    expect(after!.readAt).toEqual(before!.readAt);
    expect((await rowsOf(bob.id)).map((row) => row.readAt)).toEqual([null, null]);
    expect(await unreadOf(bob)).toMatchObject({ count: 2 });
  });

  it('never show, count or mark another user’s notification', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    const [secret] = await addNotifications(bob.id, ['Bob’s secret']);
    expect((await listOf(ann)).items).toEqual([]);
    expect(await unreadOf(ann)).toEqual({ count: 0, hasMore: false, newest: null });
    const res = await ann.post(`/api/notifications/${secret!.id}/read`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found' });
    expect((await ann.post('/api/notifications/read-all')).json()).toEqual({ marked: 0 });
    expect((await rowsOf(bob.id))[0]!.readAt).toBeNull();
    // Bob's cursor is not Ann's.
    await addNotifications(bob.id, ['b1', 'b2']);
    const bobs = await listOf(bob, '?limit=1');
    const foreign = await ann.get(`/api/notifications?cursor=${bobs.nextCursor}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ error: 'Invalid cursor' });
  });

  it('answer malformed or unknown ids with 404 and bad paging with 400', async () => {
    const ann = await signUp(t.app, 'ann');
    for (const id of ['x', '%00', none, `${none}0`]) {
      const res = await ann.post(`/api/notifications/${id}/read`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found' });
    }
    for (const query of [
      '?limit=0',
      '?limit=abc',
      '?cursor=a.b.c',
      '?cursor=W251bGwsIngiXQ.AAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      const res = await ann.get(`/api/notifications${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBeTypeOf('string');
    }
  });
});

describe('settings', () => {
  it('are all on until saved, and saved as sent', async () => {
    const ann = await signUp(t.app, 'ann');
    expect((await ann.get('/api/notifications/settings')).json()).toEqual(allOn);
    const off = { formSubmissions: false, bookings: true, overdue: false, assignments: true };
    const saved = await put(ann, '/api/notifications/settings', off);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(off);
    expect((await ann.get('/api/notifications/settings')).json()).toEqual(off);
    expect((await put(ann, '/api/notifications/settings', allOn)).json()).toEqual(allOn);
    const rows = await t.database.db.select().from(notificationSettings).where(eq(notificationSettings.userId, ann.id));
    expect(rows).toEqual([expect.objectContaining(allOn)]);
    // Another user's are their own.
    const bob = await signUp(t.app, 'bob');
    expect((await bob.get('/api/notifications/settings')).json()).toEqual(allOn);
  });

  it('refuse a bad body with 400 and change nothing', async () => {
    const ann = await signUp(t.app, 'ann');
    const off = { formSubmissions: false, bookings: false, overdue: false, assignments: false };
    await put(ann, '/api/notifications/settings', off);
    for (const [body, field, message] of [
      [{ ...off, bookings: 'yes' }, 'bookings', 'Must be true or false'],
      [{ ...off, overdue: null }, 'overdue', 'Must be true or false'],
      [{ bookings: true, overdue: true, assignments: true }, 'formSubmissions', 'Must be true or false'],
      [{ ...allOn, admin: true }, undefined, undefined],
      [[], undefined, undefined],
    ] as const) {
      const res = await put(ann, '/api/notifications/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(res.json()).toEqual({ error: message, fields: { [field]: message } });
      else expect(res.json().error).toBeTypeOf('string');
    }
    expect((await ann.get('/api/notifications/settings')).json()).toEqual(off);
  });
});
