import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@common/auth-messages';
import { passwordMessages } from '@common/password-messages';
import { buildTestApp, clientFor, cookieOf, signUp, type TestApp, type UserClient } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(() => t?.close());

const PASSWORD = 'correct-horse-42';

/** Another session of the same user, as a second browser would have. */
async function signInAgain(user: UserClient, password = PASSWORD) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: user.email, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return clientFor(t.app, cookieOf(res));
}

const signInStatus = async (email: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } })).statusCode;

describe('changing the password', () => {
  it('takes the new password, keeps this browser signed in on a new session, and ends every other session', async () => {
    const ann = await signUp(t.app, 'ann');
    const laptop = await signInAgain(ann);
    // Read a moment ago: remembered by this process.
    expect((await laptop.get('/api/me')).statusCode).toBe(200);
    const res = await ann.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'brand-new-horse-9',
    });
    expect(res.statusCode, res.body).toBe(204);
    const here = clientFor(t.app, cookieOf(res));
    expect((await here.get('/api/me')).json().user.id).toBe(ann.id);
    expect((await laptop.get('/api/me')).statusCode).toBe(401);
    expect((await ann.get('/api/me')).statusCode).toBe(401);
    expect(await signInStatus(ann.email, PASSWORD)).toBe(401);
    expect(await signInStatus(ann.email, 'brand-new-horse-9')).toBe(200);
  });

  it('answers 400 under the field for a wrong current password, and changes nothing', async () => {
    const bob = await signUp(t.app, 'bob');
    const phone = await signInAgain(bob);
    const res = await bob.post('/api/auth/change-password', {
      currentPassword: 'not-my-password-1',
      newPassword: 'brand-new-horse-9',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: passwordMessages.currentPasswordWrong,
      fields: { currentPassword: passwordMessages.currentPasswordWrong },
    });
    expect((await phone.get('/api/me')).statusCode).toBe(200);
    expect((await bob.get('/api/me')).statusCode).toBe(200);
    expect(await signInStatus(bob.email, PASSWORD)).toBe(200);
  });

  it.each([
    [
      { currentPassword: '', newPassword: 'brand-new-horse-9' },
      'currentPassword',
      passwordMessages.currentPasswordRequired,
    ],
    [{ newPassword: 'brand-new-horse-9' }, 'currentPassword', passwordMessages.currentPasswordRequired],
    [{ currentPassword: PASSWORD, newPassword: '12345' }, 'newPassword', 'Password must be at least 6 characters'],
    [{ currentPassword: PASSWORD, newPassword: 'password123' }, 'newPassword', passwordMessages.commonPassword],
    [
      { currentPassword: PASSWORD, newPassword: 'x'.repeat(129) },
      'newPassword',
      'Password must be at most 128 characters',
    ],
  ])('holds the new password to the sign-up rules: %j', async (body, field, message) => {
    const cy = await signUp(t.app, 'cy');
    const res = await cy.post('/api/auth/change-password', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect(await signInStatus(cy.email, PASSWORD)).toBe(200);
  });

  it('counts wrong current passwords as failed sign-ins of the account', async () => {
    const dee = await signUp(t.app, 'dee');
    for (let n = 0; n < 5; n++) {
      const res = await dee.post('/api/auth/change-password', {
        currentPassword: `wrong-guess-${n}`,
        newPassword: 'brand-new-horse-9',
      });
      expect(res.statusCode).toBe(400);
    }
    const locked = await dee.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'brand-new-horse-9',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: authMessages.accountLocked });
    expect(await signInStatus(dee.email, PASSWORD)).toBe(429);
  });
});

describe('signing out of all other sessions', () => {
  it('ends every other session of the user at once, and keeps this one', async () => {
    const eve = await signUp(t.app, 'eve');
    const others = [await signInAgain(eve), await signInAgain(eve)];
    for (const other of others) expect((await other.get('/api/me')).statusCode).toBe(200);
    const fay = await signUp(t.app, 'fay');
    const res = await eve.post('/api/auth/sign-out-others');
    expect(res.statusCode, res.body).toBe(204);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await eve.get('/api/me')).statusCode).toBe(200);
    for (const other of others) expect((await other.get('/api/me')).statusCode).toBe(401);
    // Another user's sessions are not touched.
    expect((await fay.get('/api/me')).statusCode).toBe(200);
  });
});

it('answers 401 to both with no session', async () => {
  const calls = [
    { url: '/api/auth/change-password', payload: { currentPassword: PASSWORD, newPassword: 'brand-new-horse-9' } },
    { url: '/api/auth/sign-out-others', payload: {} },
  ];
  for (const { url, payload } of calls) {
    const res = await t.app.inject({ method: 'POST', url, payload });
    expect(res.statusCode, url).toBe(401);
  }
});
