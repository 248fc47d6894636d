import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarMessages, type CalendarIntegration } from '@common/calendar';
import { calendarIntegration } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const SECRET = 'GOCSPX-very-secret-value-9f3k';
/** Every answer of this file: none may hold the secret in clear. */
const seen: LightMyRequestResponse[] = [];

async function send(user: UserClient, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: { cookie: user.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  seen.push(res);
  return res;
}

async function expectOk(res: LightMyRequestResponse): Promise<CalendarIntegration> {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json();
}

const stored = async (userId: string) =>
  (await t.database.db.select().from(calendarIntegration).where(eq(calendarIntegration.userId, userId)))[0];

const tokenOf = (integration: CalendarIntegration) =>
  /^\/api\/calendar\/feed\/([A-Za-z0-9_-]{43})\.ics$/.exec(integration.feedPath)?.[1];

describe('Calendar Integration settings', () => {
  it('makes the row on first read, with a random feed token, and answers the same one after', async () => {
    const ann = await signUp(t.app, 'ann');
    expect(await stored(ann.id)).toBeUndefined();
    const first = await expectOk(await send(ann, 'GET', '/api/calendar/integration'));
    expect(first).toEqual({ googleClientId: null, googleClientSecretMasked: null, feedPath: expect.any(String) });
    const token = tokenOf(first);
    expect(token).toBeDefined();
    expect((await stored(ann.id))!.icsToken).toBe(token);
    expect(await expectOk(await send(ann, 'GET', '/api/calendar/integration'))).toEqual(first);

    const bob = await signUp(t.app, 'bob');
    const bobs = await expectOk(await send(bob, 'GET', '/api/calendar/integration'));
    expect(tokenOf(bobs)).not.toBe(token);
  });

  it('stores the client id and the secret sealed, shows the secret only masked, and keeps it when left out', async () => {
    const ann = await signUp(t.app, 'ann');
    const before = await expectOk(await send(ann, 'GET', '/api/calendar/integration'));

    const saved = await expectOk(
      await send(ann, 'PUT', '/api/calendar/integration', {
        googleClientId: '  client-123.apps.googleusercontent.com ',
        googleClientSecret: SECRET,
      }),
    );
    expect(saved).toEqual({
      googleClientId: 'client-123.apps.googleusercontent.com',
      googleClientSecretMasked: '••••••••9f3k',
      feedPath: before.feedPath,
    });
    const row = (await stored(ann.id))!;
    expect(row.googleClientSecretEncrypted).not.toContain(SECRET);
    expect(t.app.secrets.decrypt(row.googleClientSecretEncrypted!)).toBe(SECRET);
    expect(await expectOk(await send(ann, 'GET', '/api/calendar/integration'))).toEqual(saved);

    // Left out: unchanged. The client id is replaced; an empty one is stored as null.
    const kept = await expectOk(await send(ann, 'PUT', '/api/calendar/integration', { googleClientId: '' }));
    expect(kept).toEqual({ googleClientId: null, googleClientSecretMasked: '••••••••9f3k', feedPath: before.feedPath });
    expect((await stored(ann.id))!.googleClientSecretEncrypted).toBe(row.googleClientSecretEncrypted);

    // Empty: cleared.
    const cleared = await expectOk(
      await send(ann, 'PUT', '/api/calendar/integration', { googleClientId: 'id-2', googleClientSecret: '  ' }),
    );
    expect(cleared).toEqual({ googleClientId: 'id-2', googleClientSecretMasked: null, feedPath: before.feedPath });
    expect((await stored(ann.id))!.googleClientSecretEncrypted).toBeNull();
  });

  it('saves before the first read, making the row', async () => {
    const ann = await signUp(t.app, 'ann');
    const saved = await expectOk(
      await send(ann, 'PUT', '/api/calendar/integration', { googleClientId: 'x', googleClientSecret: SECRET }),
    );
    expect(saved.googleClientSecretMasked).toBe('••••••••9f3k');
    expect(tokenOf(saved)).toBe((await stored(ann.id))!.icsToken);
  });

  it('keeps each user’s settings to themselves', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    await expectOk(
      await send(ann, 'PUT', '/api/calendar/integration', { googleClientId: 'ann-id', googleClientSecret: SECRET }),
    );
    const bobs = await expectOk(await send(bob, 'GET', '/api/calendar/integration'));
    expect(bobs).toMatchObject({ googleClientId: null, googleClientSecretMasked: null });
    await expectOk(await send(bob, 'PUT', '/api/calendar/integration', { googleClientSecret: '' }));
    await expectOk(await send(bob, 'POST', '/api/calendar/integration/token', {}));
    expect(await expectOk(await send(ann, 'GET', '/api/calendar/integration'))).toMatchObject({
      googleClientId: 'ann-id',
      googleClientSecretMasked: '••••••••9f3k',
    });
  });

  it('regenerates the feed token, keeping the rest', async () => {
    const ann = await signUp(t.app, 'ann');
    const before = await expectOk(
      await send(ann, 'PUT', '/api/calendar/integration', { googleClientId: 'id', googleClientSecret: SECRET }),
    );
    const after = await expectOk(await send(ann, 'POST', '/api/calendar/integration/token', {}));
    expect(tokenOf(after)).toBeDefined();
    expect(after.feedPath).not.toBe(before.feedPath);
    expect(after).toEqual({ ...before, feedPath: after.feedPath });
    expect(await expectOk(await send(ann, 'GET', '/api/calendar/integration'))).toEqual(after);
    // With no body at all, as a bare POST.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/calendar/integration/token',
      headers: { cookie: ann.cookie },
    });
    expect(tokenOf(await expectOk(res))).not.toBe(tokenOf(after));
  });

  it('answers bad bodies with 400 and the field’s message', async () => {
    const ann = await signUp(t.app, 'ann');
    const cases: Array<[unknown, string]> = [
      [{ googleClientId: 'x'.repeat(301) }, calendarMessages.clientIdInvalid],
      [{ googleClientSecret: 'x'.repeat(301) }, calendarMessages.clientSecretInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await send(ann, 'PUT', '/api/calendar/integration', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe(message);
    }
    for (const body of [
      { googleClientSecret: null },
      { googleClientId: 5 },
      [],
      'text',
      { googleClientSecret: 'a\u0000b' },
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/calendar/integration',
        headers: { cookie: ann.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBeTypeOf('string');
    }
    expect(await stored(ann.id)).toBeUndefined();
  });

  it('needs a session for the settings', async () => {
    for (const [method, url] of [
      ['GET', '/api/calendar/integration'],
      ['PUT', '/api/calendar/integration'],
      ['POST', '/api/calendar/integration/token'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('never sent the secret in clear', () => {
    expect(seen.length).toBeGreaterThan(10);
    for (const res of seen) {
      expect(res.body).not.toContain(SECRET);
      expect(JSON.stringify(res.headers)).not.toContain(SECRET);
    }
  });
});
