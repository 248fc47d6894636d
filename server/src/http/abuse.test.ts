import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authMessages } from '@common/auth-messages';
import { buildTestApp, signUp, type TestApp } from '../test/test-app';

// Issue 14's abuse cases, guessing passwords: the sign-in limits, direct and behind a proxy. Pages of other sites
// writing with the user's cookie are in abuse-cross-site.test.ts, uploads in abuse-uploads.test.ts.

describe('sign-in attempt limits', () => {
  /** The production default (config.ts), set here because the other tests raise it. */
  const LIMIT = 10;
  let t: TestApp;
  let email: string;
  beforeAll(async () => {
    t = await buildTestApp({ authAttemptsPerMinute: LIMIT });
    email = (await signUp(t.app, 'pat')).email;
  });
  afterAll(() => t?.close());
  // Each case starts from a fresh minute.
  beforeEach(async () => void (await t.database.db.execute(sql`delete from rate_limits`)));

  // Each wrong guess names an address of its own, so the per-account limit (account-throttle.test.ts) stays out of it.
  let guesses = 0;
  const signIn = (url = '/api/auth/sign-in', headers: Record<string, string> = {}, password = 'wrong-password-1') =>
    t.app.inject({
      method: 'POST',
      url,
      payload: { email: password === 'wrong-password-1' ? `guess-${++guesses}@example.com` : email, password },
      headers,
    });

  function expectLimited(statuses: number[]) {
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(401), ...Array<number>(statuses.length - LIMIT).fill(429)]);
  }

  it('answers 429 from the eleventh of twenty wrong passwords, and then to the right one too', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 20; n++) statuses.push((await signIn()).statusCode);
    expectLimited(statuses);
    const right = await signIn(undefined, {}, 'correct-horse-42');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ error: authMessages.tooManyAttempts });
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('counts by the connection’s address: a new forged X-Forwarded-For each time changes nothing', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 20; n++) {
      const forged = {
        'x-forwarded-for': `203.0.113.${n}`,
        'x-real-ip': `198.51.100.${n}`,
        forwarded: `for=10.1.${n}.1`,
      };
      statuses.push((await signIn(undefined, forged)).statusCode);
    }
    expectLimited(statuses);
  });

  // Each way of writing the path either reaches sign-in and counts in its limit, or does not reach it (404).
  it.each([
    '//api/auth/sign-in',
    '/api/auth/sign-in/',
    '/API/AUTH/SIGN-IN',
    '/api/auth/sign-in?x=1',
    '/api//auth/sign-in',
    '/api/auth/./sign-in',
    '/api/auth/sign%2Din',
  ])('gives %s no attempts of its own', async (variant) => {
    const statuses: Array<[string, number]> = [];
    for (let n = 0; n < 20; n++) {
      const url = n % 2 ? variant : '/api/auth/sign-in';
      statuses.push([url, (await signIn(url)).statusCode]);
    }
    const checked = statuses.filter(([, status]) => status === 401);
    expect(checked.length, JSON.stringify(statuses)).toBeLessThanOrEqual(LIMIT);
    for (const [url, status] of statuses) expect([401, 404, 429], `${url} → ${status}`).toContain(status);
    // The limit spent, the variant gets no more than the plain path does.
    expect([404, 429]).toContain((await signIn(variant)).statusCode);
    expect((await signIn()).statusCode).toBe(429);
  });
});

describe('behind one reverse proxy (TRUST_PROXY=1)', () => {
  const LIMIT = 3;
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ authAttemptsPerMinute: LIMIT, trustProxy: 1 });
  }, 120_000);
  afterAll(() => t?.close());

  // nginx appends the address it saw to whatever X-Forwarded-For the client sent: only the right-most is its own.
  const signInVia = (forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: `nobody-${randomUUID()}@example.com`, password: 'wrong-password-1' },
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('counts by the address the proxy wrote: a new forged left-most address each time changes nothing', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) statuses.push((await signInVia(`203.0.113.${n}, 198.51.100.7`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    // Another visitor behind the same proxy has attempts of their own.
    expect((await signInVia('198.51.100.8')).statusCode).toBe(401);
  });

  it('counts an IPv6 client by its /64: a new address of it each time changes nothing', async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 6; n++) statuses.push((await signInVia(`2001:db8:7:1::${n.toString(16)}:${n}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    expect((await signInVia('::ffff:198.51.100.9')).statusCode).toBe(401);
    expect((await signInVia('198.51.100.9')).statusCode).toBe(401);
    expect((await signInVia('198.51.100.9')).statusCode).toBe(401);
    expect((await signInVia('::ffff:198.51.100.9')).statusCode).toBe(429);
    // The next /64 is another client.
    expect((await signInVia('2001:db8:7:2::1')).statusCode).toBe(401);
  });
});
