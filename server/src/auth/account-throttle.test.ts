import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@common/auth-messages';
import { buildTestApp, signUp, uniqueEmail, type TestApp } from '../test/test-app';
import { ACCOUNT_LOCK_SECONDS } from './account-throttle';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(() => t?.close());

// Every attempt from another client address: the per-address limit never comes into it.
let clients = 0;
const signIn = (email: string, password = 'wrong-password-1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress: `198.51.${Math.floor(++clients / 250) % 250}.${clients % 250}`,
  });
const statusesOf = async (email: string, times: number) => {
  const statuses: number[] = [];
  for (let n = 0; n < times; n++) statuses.push((await signIn(email)).statusCode);
  return statuses;
};

describe('the per-account sign-in limit', () => {
  it('answers 429 after five failures for one e-mail, from any client address, to the right password too', async () => {
    const ann = await signUp(t.app, 'ann');
    expect(await statusesOf(ann.email, 5)).toEqual([401, 401, 401, 401, 401]);
    const right = await signIn(ann.email.toUpperCase(), 'correct-horse-42');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ error: authMessages.accountLocked });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(ACCOUNT_LOCK_SECONDS - 60);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(ACCOUNT_LOCK_SECONDS);
    expect(right.headers['set-cookie']).toBeUndefined();
    // Another account is not touched.
    const bob = await signUp(t.app, 'bob');
    expect((await signIn(bob.email, 'correct-horse-42')).statusCode).toBe(200);
  });

  it('lets the account in again 15 minutes after its last failure, however often it was tried meanwhile', async () => {
    const cy = await signUp(t.app, 'cy');
    expect(await statusesOf(cy.email, 8)).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    await t.database.db.execute(
      sql`update rate_limits set window_start = window_start - make_interval(secs => ${ACCOUNT_LOCK_SECONDS - 30})`,
    );
    expect((await signIn(cy.email, 'correct-horse-42')).statusCode).toBe(429);
    await t.database.db.execute(sql`update rate_limits set window_start = window_start - make_interval(secs => 31)`);
    expect((await signIn(cy.email, 'correct-horse-42')).statusCode).toBe(200);
  });

  it('starts afresh after a successful sign-in', async () => {
    const dee = await signUp(t.app, 'dee');
    expect(await statusesOf(dee.email, 4)).toEqual([401, 401, 401, 401]);
    expect((await signIn(dee.email, 'correct-horse-42')).statusCode).toBe(200);
    expect(await statusesOf(dee.email, 6)).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('locks an address that has no account alike, so the answer tells nothing of which exist', async () => {
    expect(await statusesOf(uniqueEmail('nobody'), 6)).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('locks the account after a burst of parallel guesses, and lets several right sign-ins at once through', async () => {
    const eve = await signUp(t.app, 'eve');
    const right = await Promise.all(Array.from({ length: 8 }, () => signIn(eve.email, 'correct-horse-42')));
    expect(right.map((res) => res.statusCode)).toEqual(Array<number>(8).fill(200));
    const burst = await Promise.all(Array.from({ length: 8 }, () => signIn(eve.email)));
    for (const res of burst) expect([401, 429]).toContain(res.statusCode);
    expect((await signIn(eve.email, 'correct-horse-42')).statusCode).toBe(429);
  });

  it('stores no e-mail address beside the counts', async () => {
    const rows = await t.database.db.execute(sql`select key from rate_limits`);
    expect(JSON.stringify(rows)).not.toContain('@');
  });
});
