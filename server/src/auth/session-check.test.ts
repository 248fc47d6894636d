import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authMessages } from '@common/auth-messages';
import { buildApp } from '../app';
import { authSessions, users } from '../db/schema';
import { buildTestApp, clientFor, signUp, testConfig, type TestApp } from '../test/test-app';
import { SESSION_IDLE_SECONDS } from './better-auth';
import { SESSION_CACHE_MS } from './session-check';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const sessionOf = async (userId: string) =>
  (await t.database.db.select().from(authSessions).where(eq(authSessions.userId, userId)))[0]!;

describe('the per-request session check', () => {
  it('refuses a cookie with a valid-looking signature of another key, and a signed token that is not a session', async () => {
    const user = await signUp(t.app, 'kim');
    const token = decodeURIComponent(user.cookie.split('=')[1]!).split('.')[0]!;
    const otherKey = await buildApp({
      config: { ...testConfig, secretKey: 'another-secret-key-of-enough-length-987654' },
      database: t.database,
      webDir: null,
      logger: false,
    });
    try {
      expect((await clientFor(otherKey, user.cookie).get('/api/me')).statusCode).toBe(401);
    } finally {
      await otherKey.close();
    }
    await t.database.db.delete(authSessions).where(eq(authSessions.token, token));
    expect((await user.get('/api/me')).statusCode).toBe(401);
  });

  it('renews the idle lifetime of a session in use once a day, with a fresh cookie', async () => {
    const user = await signUp(t.app, 'lou');
    const twoDaysUsed = new Date(Date.now() + (SESSION_IDLE_SECONDS - 2 * 24 * 60 * 60) * 1000);
    await t.database.db.update(authSessions).set({ expiresAt: twoDaysUsed }).where(eq(authSessions.userId, user.id));
    const me = await user.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(String(me.headers['set-cookie'])).toMatch(/Max-Age=604800/);
    expect((await sessionOf(user.id)).expiresAt.getTime()).toBeGreaterThan(
      Date.now() + (SESSION_IDLE_SECONDS - 60) * 1000,
    );
    const again = await user.get('/api/contacts');
    expect(again.statusCode).toBe(200);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('ends an idle session even when this process read it moments ago', async () => {
    const user = await signUp(t.app, 'max');
    expect((await user.get('/api/me')).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SESSION_IDLE_SECONDS * 1000 + 1000 });
    expect((await user.get('/api/me')).statusCode).toBe(401);
  });

  it('ends a session at sign-out at once on this process, and on another within the cache bound', async () => {
    const user = await signUp(t.app, 'ned');
    const other = await buildApp({ config: testConfig, database: t.database, webDir: null, logger: false });
    try {
      const onOther = clientFor(other, user.cookie);
      expect((await onOther.get('/api/me')).statusCode).toBe(200);
      expect((await user.get('/api/me')).statusCode).toBe(200);
      expect((await user.post('/api/auth/sign-out')).statusCode).toBe(204);
      expect((await user.get('/api/me')).statusCode).toBe(401);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SESSION_CACHE_MS + 1 });
      expect((await onOther.get('/api/me')).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('reads the profile with the session: a change shows within the cache bound', async () => {
    const user = await signUp(t.app, 'oli');
    expect((await user.get('/api/me')).json().user.name).toBe('oli');
    await t.database.db.update(users).set({ name: 'Olivia' }).where(eq(users.id, user.id));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SESSION_CACHE_MS + 1 });
    expect((await user.get('/api/me')).json().user.name).toBe('Olivia');
  });
});

describe('sign-out', () => {
  it('answers 503 and leaves the session standing when the database cannot delete it', async () => {
    const user = await signUp(t.app, 'pia');
    expect((await user.get('/api/me')).statusCode).toBe(200);
    await t.database.db.execute(
      sql`create function refuse_session_delete() returns trigger language plpgsql
        as $$ begin raise exception 'sessions cannot be deleted now'; end $$`,
    );
    await t.database.db.execute(
      sql`create trigger refuse_session_delete before delete on auth_sessions
        for each row execute function refuse_session_delete()`,
    );
    try {
      const out = await user.post('/api/auth/sign-out');
      expect(out.statusCode, out.body).toBe(503);
      expect(out.json()).toEqual({ error: authMessages.signOutFailed });
      expect(out.headers['retry-after']).toBe('5');
      // The cookie stays: the browser is not told it is signed out while the session still works.
      expect(out.headers['set-cookie']).toBeUndefined();
      expect((await user.get('/api/me')).statusCode).toBe(200);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_session_delete on auth_sessions`);
      await t.database.db.execute(sql`drop function refuse_session_delete()`);
    }
    expect((await user.post('/api/auth/sign-out')).statusCode).toBe(204);
    expect((await user.get('/api/me')).statusCode).toBe(401);
  });

  it('never lets a read under way at sign-out remember the ended session', async () => {
    for (let n = 0; n < 3; n++) {
      const user = await signUp(t.app, `quin${n}`);
      // Reads of the session keep starting while sign-out runs, one per turn of the event loop.
      const out = user.post('/api/auth/sign-out');
      const reads = [];
      for (let i = 0; i < 30; i++) {
        reads.push(user.get('/api/me'));
        await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.all(reads);
      expect((await out).statusCode).toBe(204);
      expect((await user.get('/api/me')).statusCode).toBe(401);
    }
  });
});
