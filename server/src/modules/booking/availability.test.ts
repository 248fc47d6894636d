import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileMessages, weekdays } from '@common/profile';
import { schedulingAvailability } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const put = (user: UserClient, day: number | string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/profile/availability/${day}`,
    payload: payload as object,
    headers: { cookie: user.cookie },
  });

const rowsOf = (userId: string) =>
  t.database.db
    .select()
    .from(schedulingAvailability)
    .where(eq(schedulingAvailability.userId, userId))
    .orderBy(asc(schedulingAvailability.dayOfWeek));

const monday = { isAvailable: true, startTime: '08:30', endTime: '16:00' };

describe('weekly availability', () => {
  it('answers seven days, Sunday first, off 09:00–17:00 until saved', async () => {
    const ann = await signUp(t.app, 'ann');
    const res = await ann.get('/api/profile/availability');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      days: weekdays.map((_, dayOfWeek) => ({ dayOfWeek, isAvailable: false, startTime: '09:00', endTime: '17:00' })),
    });
    expect(await rowsOf(ann.id)).toEqual([]);
  });

  it('upserts one row per weekday and shows it with the defaults of the other days', async () => {
    const ann = await signUp(t.app, 'ann');
    const saved = await put(ann, 1, monday);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ dayOfWeek: 1, ...monday });

    const changed = await put(ann, 1, { ...monday, isAvailable: false, endTime: '23:30' });
    expect(changed.json()).toEqual({ dayOfWeek: 1, ...monday, isAvailable: false, endTime: '23:30' });
    await put(ann, 6, { isAvailable: true, startTime: '00:00', endTime: '12:00' });

    expect(await rowsOf(ann.id)).toEqual([
      { userId: ann.id, dayOfWeek: 1, isAvailable: false, startTime: '08:30', endTime: '23:30' },
      { userId: ann.id, dayOfWeek: 6, isAvailable: true, startTime: '00:00', endTime: '12:00' },
    ]);
    const { days } = (await ann.get('/api/profile/availability')).json();
    expect(days).toHaveLength(7);
    expect(days[0]).toEqual({ dayOfWeek: 0, isAvailable: false, startTime: '09:00', endTime: '17:00' });
    expect(days[1]).toEqual({ dayOfWeek: 1, isAvailable: false, startTime: '08:30', endTime: '23:30' });
    expect(days[6]).toEqual({ dayOfWeek: 6, isAvailable: true, startTime: '00:00', endTime: '12:00' });
  });

  it('stores an end not after the start: the spec allows any pair', async () => {
    const ann = await signUp(t.app, 'ann');
    const res = await put(ann, 3, { isAvailable: true, startTime: '17:00', endTime: '09:00' });
    expect(res.statusCode).toBe(200);
    expect((await rowsOf(ann.id))[0]).toMatchObject({ startTime: '17:00', endTime: '09:00' });
  });

  it('refuses a weekday outside 0–6 with its message', async () => {
    const ann = await signUp(t.app, 'ann');
    for (const day of ['7', '-1', 'x', '1.5', '1e9', '%00', 'Monday', '', ' ']) {
      const res = await put(ann, day, monday);
      expect(res.statusCode, day).toBe(400);
      expect(res.json()).toEqual({ error: profileMessages.dayInvalid, fields: { day: profileMessages.dayInvalid } });
    }
    expect(await rowsOf(ann.id)).toEqual([]);
  });

  it('refuses a time off the half-hour list, or a missing switch, with the field message', async () => {
    const ann = await signUp(t.app, 'ann');
    await put(ann, 2, monday);
    for (const [body, field, message] of [
      [{ ...monday, startTime: '09:15' }, 'startTime', profileMessages.timeInvalid],
      [{ ...monday, endTime: '24:00' }, 'endTime', profileMessages.timeInvalid],
      [{ ...monday, endTime: '9:00' }, 'endTime', profileMessages.timeInvalid],
      [{ ...monday, startTime: 900 }, 'startTime', profileMessages.timeInvalid],
      [{ ...monday, startTime: null }, 'startTime', profileMessages.timeInvalid],
      [{ startTime: '09:00', endTime: '17:00' }, 'isAvailable', 'Choose on or off'],
      [{ ...monday, isAvailable: 'yes' }, 'isAvailable', 'Choose on or off'],
    ] as const) {
      const res = await put(ann, 2, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    expect(await rowsOf(ann.id)).toEqual([{ userId: ann.id, dayOfWeek: 2, ...monday }]);
  });

  it("never touches another user's days: each user only ever addresses their own", async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    await put(ann, 1, monday);
    const bobs = await put(bob, 1, { isAvailable: false, startTime: '12:00', endTime: '13:00' });
    expect(bobs.statusCode).toBe(200);

    expect(await rowsOf(ann.id)).toEqual([{ userId: ann.id, dayOfWeek: 1, ...monday }]);
    expect(
      await t.database.db
        .select()
        .from(schedulingAvailability)
        .where(and(eq(schedulingAvailability.userId, bob.id), eq(schedulingAvailability.dayOfWeek, 1))),
    ).toEqual([{ userId: bob.id, dayOfWeek: 1, isAvailable: false, startTime: '12:00', endTime: '13:00' }]);
    expect((await ann.get('/api/profile/availability')).json().days[1]).toEqual({ dayOfWeek: 1, ...monday });
    // A user id in the body is not a field: it is dropped, never obeyed.
    await put(bob, 1, { ...monday, userId: ann.id, startTime: '10:00' });
    expect(await rowsOf(ann.id)).toEqual([{ userId: ann.id, dayOfWeek: 1, ...monday }]);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/profile/availability' });
    expect(res.statusCode).toBe(401);
    const write = await t.app.inject({ method: 'PUT', url: '/api/profile/availability/1', payload: monday });
    expect(write.statusCode).toBe(401);
  });
});
