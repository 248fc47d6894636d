import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulingMessages, slotMinutesMessage, type SchedulingSettings } from '@common/scheduling';
import { schedulingSettings } from '../../db/schema';
import { buildTestApp, signUp, testConfig, type TestApp, type UserClient } from '../../test/test-app';
import { getSchedulingSettings } from './scheduling';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const URL = '/api/scheduling/settings';

const rowsOf = (userId: string) =>
  t.database.db.select().from(schedulingSettings).where(eq(schedulingSettings.userId, userId));

async function settingsOf(user: UserClient, query = ''): Promise<SchedulingSettings> {
  const res = await user.get(`${URL}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function patchOk(user: UserClient, body: unknown): Promise<SchedulingSettings> {
  const res = await user.patch(URL, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Sends the body as raw JSON, so null, arrays and strings reach the server as they are. */
const patchRaw = (user: UserClient, body: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: URL,
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

describe('scheduling settings', () => {
  it('are made with the defaults and the browser’s time zone on first read, and kept after', async () => {
    const ann = await signUp(t.app, 'ann');
    expect(await rowsOf(ann.id)).toEqual([]);
    const first = await settingsOf(ann, '?timezone=Europe/Berlin');
    expect(first).toEqual({
      timezone: 'Europe/Berlin',
      timeFormat: '24h',
      minNoticeMinutes: 0,
      maxAdvanceDays: 90,
      slotMinutes: 30,
      embedCode: expect.any(String),
      // This test app sends no mail.
      confirmsByEmail: false,
    });
    expect(await rowsOf(ann.id)).toEqual([
      {
        userId: ann.id,
        timezone: 'Europe/Berlin',
        timeFormat: '24h',
        minNoticeMinutes: 0,
        maxAdvanceDays: 90,
        slotMinutes: 30,
      },
    ]);
    // Another browser's time zone later changes nothing.
    expect(await settingsOf(ann, '?timezone=Asia/Tokyo')).toEqual(first);
  });

  it('default to UTC when the browser sends no time zone or an unknown one', async () => {
    const ann = await signUp(t.app, 'ann');
    expect((await settingsOf(ann)).timezone).toBe('UTC');
    const bob = await signUp(t.app, 'bob');
    expect((await settingsOf(bob, '?timezone=Mars/Olympus')).timezone).toBe('UTC');
    const cy = await signUp(t.app, 'cy');
    expect((await settingsOf(cy, `?timezone=${'A'.repeat(64)}`)).timezone).toBe('UTC');
  });

  it('make one row when two first reads race', async () => {
    const ann = await signUp(t.app, 'ann');
    const answers = await Promise.all([
      ann.get(`${URL}?timezone=America/New_York`),
      ann.get(`${URL}?timezone=America/New_York`),
      ann.get(`${URL}?timezone=America/New_York`),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(await rowsOf(ann.id)).toHaveLength(1);
  });

  it('save each field on its own, keeping the others', async () => {
    const ann = await signUp(t.app, 'ann');
    const before = await settingsOf(ann, '?timezone=Europe/Paris');
    expect(await patchOk(ann, { timeFormat: '12h' })).toEqual({ ...before, timeFormat: '12h' });
    expect(await patchOk(ann, { minNoticeMinutes: 120 })).toEqual({
      ...before,
      timeFormat: '12h',
      minNoticeMinutes: 120,
    });
    const after = await patchOk(ann, { maxAdvanceDays: 30, timezone: 'Australia/Sydney' });
    expect(after).toEqual({
      ...before,
      timeFormat: '12h',
      minNoticeMinutes: 120,
      maxAdvanceDays: 30,
      timezone: 'Australia/Sydney',
    });
    expect(await settingsOf(ann)).toEqual(after);
    expect(await rowsOf(ann.id)).toEqual([
      {
        userId: ann.id,
        timezone: 'Australia/Sydney',
        timeFormat: '12h',
        minNoticeMinutes: 120,
        maxAdvanceDays: 30,
        slotMinutes: 30,
      },
    ]);
  });

  it('are made by a change before the first read, with the defaults for the rest', async () => {
    const ann = await signUp(t.app, 'ann');
    expect(await patchOk(ann, { minNoticeMinutes: 60 })).toMatchObject({
      timezone: 'UTC',
      timeFormat: '24h',
      minNoticeMinutes: 60,
      maxAdvanceDays: 90,
    });
    expect(await rowsOf(ann.id)).toHaveLength(1);
  });

  it('accept the ends of each range', async () => {
    const ann = await signUp(t.app, 'ann');
    for (const body of [
      { minNoticeMinutes: 0 },
      { minNoticeMinutes: 1440 },
      { maxAdvanceDays: 1 },
      { maxAdvanceDays: 365 },
      { timeFormat: '24h' },
      { timezone: 'UTC' },
    ]) {
      expect(await patchOk(ann, body)).toMatchObject(body);
    }
  });

  it('refuse values out of range, wrong types, unknown time zones and keys with the field’s message, changing nothing', async () => {
    const ann = await signUp(t.app, 'ann');
    const before = await settingsOf(ann, '?timezone=Europe/Lisbon');
    const cases: Array<[unknown, string, string]> = [
      [{ minNoticeMinutes: -1 }, 'minNoticeMinutes', schedulingMessages.minNoticeInvalid],
      [{ minNoticeMinutes: 1441 }, 'minNoticeMinutes', schedulingMessages.minNoticeInvalid],
      [{ minNoticeMinutes: 1.5 }, 'minNoticeMinutes', schedulingMessages.minNoticeInvalid],
      [{ minNoticeMinutes: '30' }, 'minNoticeMinutes', schedulingMessages.minNoticeInvalid],
      [{ minNoticeMinutes: null }, 'minNoticeMinutes', schedulingMessages.minNoticeInvalid],
      [{ maxAdvanceDays: 0 }, 'maxAdvanceDays', schedulingMessages.maxAdvanceInvalid],
      [{ maxAdvanceDays: 366 }, 'maxAdvanceDays', schedulingMessages.maxAdvanceInvalid],
      [{ maxAdvanceDays: 1.5 }, 'maxAdvanceDays', schedulingMessages.maxAdvanceInvalid],
      [{ maxAdvanceDays: 1e308 }, 'maxAdvanceDays', schedulingMessages.maxAdvanceInvalid],
      [{ timezone: 'Mars/Olympus' }, 'timezone', schedulingMessages.timezoneInvalid],
      [{ timezone: '' }, 'timezone', schedulingMessages.timezoneInvalid],
      [{ timezone: 5 }, 'timezone', schedulingMessages.timezoneInvalid],
      [{ timezone: 'x'.repeat(5000) }, 'timezone', schedulingMessages.timezoneInvalid],
      [{ timeFormat: '36h' }, 'timeFormat', schedulingMessages.timeFormatInvalid],
      [{ timeFormat: 12 }, 'timeFormat', schedulingMessages.timeFormatInvalid],
      // A valid field beside a bad one: none is saved.
      [{ timeFormat: '12h', minNoticeMinutes: 2000 }, 'minNoticeMinutes', schedulingMessages.minNoticeInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await patchRaw(ann, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual({
        error: message,
        fields: expect.objectContaining({ [field]: message }),
      });
    }
    for (const body of [{}, { userId: 'someone-else' }, { timeFormat: '12h', embedCode: 'x' }, null, [], 'text', 42]) {
      const res = await patchRaw(ann, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toBeTypeOf('string');
    }
    expect((await patchRaw(ann, {})).json().error).toBe(schedulingMessages.nothingToUpdate);
    expect(await settingsOf(ann)).toEqual(before);
  });

  it('save the appointment length, 30 minutes by default, and refuse any but 15, 30, 45 or 60', async () => {
    const ann = await signUp(t.app, 'ann');
    expect((await settingsOf(ann)).slotMinutes).toBe(30);
    for (const slotMinutes of [15, 45, 60]) expect((await patchOk(ann, { slotMinutes })).slotMinutes).toBe(slotMinutes);
    expect((await rowsOf(ann.id))[0]!.slotMinutes).toBe(60);
    for (const slotMinutes of [20, 0, 90, -30, 30.5, '30', null, 1e308]) {
      const res = await patchRaw(ann, { slotMinutes });
      expect(res.statusCode, String(slotMinutes)).toBe(400);
      expect(res.json()).toEqual({ error: slotMinutesMessage, fields: { slotMinutes: slotMinutesMessage } });
    }
    expect((await settingsOf(ann)).slotMinutes).toBe(60);
  });

  it('refuse a bad time zone query with 400 and make no row', async () => {
    const ann = await signUp(t.app, 'ann');
    for (const query of [`?timezone=${'A'.repeat(65)}`, '?timezone=UTC&timezone=UTC']) {
      const res = await ann.get(`${URL}${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    expect(await rowsOf(ann.id)).toEqual([]);
  });

  it('give an embed code with the user id and the public URL', async () => {
    const ann = await signUp(t.app, 'ann');
    const { embedCode } = await settingsOf(ann);
    expect(embedCode).toContain(`data-user="${ann.id}"`);
    expect(embedCode).toContain(`src="${testConfig.publicUrl}/scheduling-widget.js"`);
    expect((await patchOk(ann, { timeFormat: '12h' })).embedCode).toBe(embedCode);

    // The service takes the URL from the app's config, whatever it is.
    const elsewhere = await getSchedulingSettings(
      t.database.db,
      { publicUrl: 'https://crm.example.com', confirmsByEmail: true },
      ann.id,
    );
    expect(elsewhere.embedCode).toBe(
      `<div class="pipewise-scheduling" data-user="${ann.id}"></div>\n<script src="https://crm.example.com/scheduling-widget.js" async></script>`,
    );
  });

  it('keep each user’s settings to themselves', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    await settingsOf(ann, '?timezone=Europe/Rome');
    await patchOk(ann, { timeFormat: '12h', minNoticeMinutes: 30 });
    const bobs = await settingsOf(bob, '?timezone=Asia/Kolkata');
    expect(bobs).toMatchObject({ timezone: 'Asia/Kolkata', timeFormat: '24h', minNoticeMinutes: 0 });
    expect(bobs.embedCode).not.toContain(ann.id);
    await patchOk(bob, { maxAdvanceDays: 7 });
    expect(await settingsOf(ann)).toMatchObject({ timezone: 'Europe/Rome', timeFormat: '12h', maxAdvanceDays: 90 });
  });

  it('need a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PATCH', url: URL, payload: { timeFormat: '12h' } })).statusCode).toBe(401);
  });
});
