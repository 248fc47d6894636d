import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@common/auth-messages';
import { passwordMessages } from '@common/password-messages';
import { authSessions, authUsers, users } from '../db/schema';
import { buildApp } from '../app';
import { buildTestApp, clientFor, cookieOf, signUp, testConfig, uniqueEmail, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ann Lee',
  email: uniqueEmail('ann'),
  password: 'correct-horse-42',
  ...overrides,
});
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

describe('sign-up', () => {
  it('creates the account and its profile, and signs the user in', async () => {
    const body = signUpBody({ email: uniqueEmail('Mixed.Case') });
    const res = await post('/api/auth/sign-up', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email: body.email.toLowerCase(), name: 'Ann Lee', avatarUrl: null });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const me = await clientFor(t.app, cookieOf(res)).get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(res.json().user.id);
  });

  it('refuses an e-mail that is already registered, whatever its case, and creates nothing', async () => {
    const body = signUpBody();
    expect((await post('/api/auth/sign-up', body)).statusCode).toBe(201);
    const again = await post('/api/auth/sign-up', { ...body, email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: authMessages.alreadyRegistered });
    const rows = await t.database.db
      .select()
      .from(authUsers)
      .where(sql`lower(${authUsers.email}) = ${body.email.toLowerCase()}`);
    expect(rows).toHaveLength(1);
  });

  it('lets exactly one of several racing sign-ups for one address through', async () => {
    const body = signUpBody();
    const results = await Promise.all(Array.from({ length: 5 }, () => post('/api/auth/sign-up', body)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(r.json().error).toBe(authMessages.alreadyRegistered);
  });

  it.each([
    [{ name: '' }, 'name', 'Full Name is required'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ password: '12345' }, 'password', 'Password must be at least 6 characters'],
    [{ password: 'password123' }, 'password', passwordMessages.commonPassword],
    [{ name: 42 }, 'name', 'Full Name is required'],
  ])('answers 400 with a field message for %j', async (overrides, field, message) => {
    const res = await post('/api/auth/sign-up', signUpBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });
});

describe('sign-in', () => {
  it('signs in with any case of the e-mail and issues a new session each time', async () => {
    const user = await signUp(t.app, 'bob');
    const first = await post('/api/auth/sign-in', { email: user.email.toUpperCase(), password: 'correct-horse-42' });
    const second = await post('/api/auth/sign-in', { email: user.email, password: 'correct-horse-42' });
    expect(first.statusCode).toBe(200);
    expect(first.json().user.id).toBe(user.id);
    expect(cookieOf(first)).not.toBe(cookieOf(second));
    expect(cookieOf(first)).not.toBe(user.cookie);
  });

  it('gives one message for a wrong password and an unknown e-mail', async () => {
    const user = await signUp(t.app, 'cy');
    const wrong = await post('/api/auth/sign-in', { email: user.email, password: 'wrong-password' });
    const unknown = await post('/api/auth/sign-in', { email: uniqueEmail('nobody'), password: 'whatever-1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Invalid email or password' });
    }
  });

  it('creates a missing profile at sign-in', async () => {
    const user = await signUp(t.app, 'dee');
    await t.database.db.execute(sql`delete from users where id = ${user.id}`);
    const res = await post('/api/auth/sign-in', { email: user.email, password: 'correct-horse-42' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, email: user.email, name: null });
  });
});

describe('sessions', () => {
  it('restores a missing profile, and signs out a session whose profile cannot be created', async () => {
    const ann = await signUp(t.app, 'ann');
    await t.database.db.delete(users).where(eq(users.id, ann.id));
    expect((await ann.get('/api/me')).json().user).toMatchObject({ id: ann.id, email: ann.email, name: null });

    const bob = await signUp(t.app, 'bob');
    await t.database.db.delete(users).where(eq(users.id, bob.id));
    await t.database.db.update(users).set({ email: bob.email.toUpperCase() }).where(eq(users.id, ann.id));
    const me = await bob.get('/api/me');
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ error: authMessages.profileCreateFailed });
    await t.database.db.update(users).set({ email: ann.email }).where(eq(users.id, ann.id));
    expect((await bob.get('/api/me')).statusCode).toBe(401);
  });

  it('ends the session on the server at sign-out', async () => {
    const user = await signUp(t.app, 'eve');
    const out = await user.post('/api/auth/sign-out');
    expect(out.statusCode).toBe(204);
    expect((await user.get('/api/me')).statusCode).toBe(401);
  });

  it('ends a session 30 days after sign-in even while it is used', async () => {
    const user = await signUp(t.app, 'fay');
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    await t.database.db.update(authSessions).set({ createdAt: old }).where(eq(authSessions.userId, user.id));
    expect((await user.get('/api/me')).statusCode).toBe(401);
  });

  it('answers 401 without a session, and for a forged cookie', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: 'pipewise.session_token=abc.def' },
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe("the web app's session check, GET /api/session", () => {
  it('answers 200 with no user to a visitor without a session or with a forged cookie', async () => {
    for (const headers of [{}, { cookie: 'pipewise.session_token=abc.def' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/session', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers the signed-in user, as GET /api/me does, and no user once signed out', async () => {
    const ann = await signUp(t.app, 'ann');
    const session = await ann.get('/api/session');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual((await ann.get('/api/me')).json());
    expect(session.json().user).toMatchObject({ id: ann.id, email: ann.email, name: 'ann' });

    await ann.post('/api/auth/sign-out');
    expect((await ann.get('/api/session')).json()).toEqual({ user: null });
  });

  it('restores a missing profile, and signs out a session whose profile cannot be created', async () => {
    const ann = await signUp(t.app, 'ann');
    await t.database.db.delete(users).where(eq(users.id, ann.id));
    expect((await ann.get('/api/session')).json().user).toMatchObject({ id: ann.id, email: ann.email, name: null });

    const bob = await signUp(t.app, 'bob');
    await t.database.db.delete(users).where(eq(users.id, bob.id));
    await t.database.db.update(users).set({ email: bob.email.toUpperCase() }).where(eq(users.id, ann.id));
    const session = await bob.get('/api/session');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ user: null });
    await t.database.db.update(users).set({ email: ann.email }).where(eq(users.id, ann.id));
    expect((await bob.get('/api/me')).statusCode).toBe(401);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, object> }>();
    expect(doc.paths['/api/session']).toHaveProperty('get');
  });
});

describe('requests a foreign page could forge', () => {
  it('refuses a write from a foreign origin', async () => {
    const res = await post('/api/auth/sign-up', signUpBody(), { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    const user = await signUp(t.app, 'gil');
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: { name: 'X' },
      headers: { cookie: user.cookie, origin: 'https://evil.example' },
    });
    expect(create.statusCode).toBe(403);
    expect((await user.get('/api/contacts')).json().items).toEqual([]);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses a %s body with 415',
    async (type) => {
      const user = await signUp(t.app, 'hal');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contacts',
        payload: 'name=X',
        headers: { cookie: user.cookie, 'content-type': type },
      });
      expect(res.statusCode).toBe(415);
      expect((await user.get('/api/contacts')).json().items).toEqual([]);
    },
  );

  it('accepts a write from its own origin', async () => {
    const user = await signUp(t.app, 'ida');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: { name: 'Own' },
      headers: { cookie: user.cookie, origin: 'http://localhost:3000' },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('attempt limits', () => {
  it('answers 429 after too many sign-ins from one address, even with forged forwarding headers', async () => {
    const limited = await buildTestApp({ authAttemptsPerMinute: 3 });
    try {
      const attempt = (n: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: 'x@example.com', password: 'wrong-password' },
          headers: { 'x-forwarded-for': `10.0.0.${n}` },
        });
      for (let n = 0; n < 3; n++) expect((await attempt(n)).statusCode).toBe(401);
      const blocked = await attempt(99);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ error: authMessages.tooManyAttempts });
      // Sign-up counts its own attempts.
      const signUp = await limited.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: signUpBody() });
      expect(signUp.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  }, 180_000);

  it('counts attempts across server processes that share the database', async () => {
    const first = await buildTestApp({ authAttemptsPerMinute: 2 });
    const second = await buildApp({
      config: { ...testConfig, authAttemptsPerMinute: 2 },
      database: first.database,
      webDir: null,
      logger: false,
    });
    try {
      const attempt = (app: typeof second) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: 'y@example.com', password: 'wrong-password' },
        });
      expect((await attempt(first.app)).statusCode).toBe(401);
      expect((await attempt(second)).statusCode).toBe(401);
      expect((await attempt(first.app)).statusCode).toBe(429);
      expect((await attempt(second)).statusCode).toBe(429);
    } finally {
      await second.close();
      await first.close();
    }
  }, 180_000);
});
