import { afterAll, beforeAll, expect, it } from 'vitest';
import { authMessages } from '@common/auth-messages';
import { buildTestApp, signUp, uniqueEmail, type TestApp } from '../test/test-app';
import { hashPassword, isHashQueueFullNow, MAX_CONCURRENT_HASHES, MAX_WAITING_HASHES } from './password';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(() => t?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with the answer, or rejects when it takes longer: a request queued behind the hashes never answers. */
function within<T>(ms: number, answer: Promise<T>): Promise<T> {
  return Promise.race([answer, sleep(ms).then(() => Promise.reject(new Error(`no answer within ${ms} ms`)))]);
}

it('answers sign-ins past the hashing queue 503 with Retry-After at once, while other requests stay answered', async () => {
  const ann = await signUp(t.app, 'ann');
  // A burst of sign-ins keeps the queue full: exactly as many hashes as it holds, each replaced by another in the
  // same tick it finishes (its promise's callbacks run before any request's), so no request ever finds room.
  let filling = true;
  const refill = (): Promise<void> =>
    hashPassword('burst-secret-1').then(
      () => (filling ? refill() : undefined),
      // Refused (another hash took its place): again after a tick, never in a loop that holds the event loop.
      () => (filling ? sleep(1).then(refill) : undefined),
    );
  const burst = Promise.all(Array.from({ length: MAX_CONCURRENT_HASHES + MAX_WAITING_HASHES }, refill));
  try {
    while (!isHashQueueFullNow()) await sleep(5);
    const [signIn, signUpRes, me] = await within(
      10_000,
      Promise.all([
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: ann.email, password: 'correct-horse-42' },
        }),
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up',
          payload: { name: 'Late', email: uniqueEmail('late'), password: 'correct-horse-42' },
        }),
        ann.get('/api/me'),
      ]),
    );
    for (const res of [signIn, signUpRes]) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ error: authMessages.hashingBusy });
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(me.statusCode).toBe(200);
  } finally {
    filling = false;
    await burst;
  }
  // Behind every queued hash: once it is done, the queue has room again.
  while (isHashQueueFullNow()) await sleep(5);
  await hashPassword('after-the-burst-1');
  const again = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: ann.email, password: 'correct-horse-42' },
  });
  expect(again.statusCode, again.body).toBe(200);
}, 120_000);
