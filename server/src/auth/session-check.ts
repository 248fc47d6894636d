import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { User } from '@common/auth';
import { authSessions, authUsers, users } from '../db/schema';
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS, SESSION_RENEW_SECONDS, type Auth } from './better-auth';

export interface SessionUser {
  id: string;
  email: string;
  /** The profile row (part 1 §3), read with the session; null when it is missing (GET /api/me creates it). */
  profile: User | null;
}

/**
 * How long a process trusts a session it has read. Sign-out on this process forgets it at once;
 * another process (several servers on one PostgreSQL) may accept it for at most this long after.
 */
export const SESSION_CACHE_MS = 5_000;
const CACHE_MAX_ENTRIES = 10_000;

interface KnownSession {
  user: SessionUser;
  id: string;
  createdAt: number;
  expiresAt: number;
  readAt: number;
}

export interface SessionCheck {
  user: SessionUser;
  /** Set-Cookie values when the session's idle lifetime was renewed (at most once a day). */
  cookies: string[];
}

/**
 * The per-request session check, the hot path of every signed-in request. Better Auth issues,
 * renews and ends sessions; reading one is ours: the cookie's signature checked with a synchronous
 * HMAC (Web Crypto would queue on the thread pool behind password hashes), then one indexed query,
 * prepared once, that also reads the user's profile; and a few seconds of memory so a burst of requests
 * costs one query. A profile changed on another process shows here within those seconds.
 */
export class SessionChecker {
  readonly #known = new Map<string, KnownSession>();
  /** Counts the forgets: a read that saw one happen while it was under way does not remember its row. */
  #forgets = 0;
  readonly #findSession;
  #cookieName: Promise<string>;

  constructor(
    private readonly db: Db,
    private readonly auth: Auth,
    private readonly secret: string,
  ) {
    this.#cookieName = auth.$context.then((context) => context.authCookies.sessionToken.name);
    this.#findSession = db
      .select({
        id: authSessions.id,
        userId: authSessions.userId,
        email: authUsers.email,
        createdAt: authSessions.createdAt,
        expiresAt: authSessions.expiresAt,
        profileId: users.id,
        profileEmail: users.email,
        profileName: users.name,
        profileAvatarUrl: users.avatarUrl,
      })
      .from(authSessions)
      .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
      .leftJoin(users, eq(users.id, authSessions.userId))
      .where(eq(authSessions.token, sql.placeholder('token')))
      .prepare('find_session_by_token');
  }

  /** The signed-in user of a request's cookies, or null: no cookie, a forged one, or an ended session. */
  async check(cookieHeader: string | undefined, headers: () => Headers): Promise<SessionCheck | null> {
    const token = this.#verifiedToken(cookieHeader, await this.#cookieName);
    if (!token) return null;
    const now = Date.now();
    const known = this.#known.get(token);
    const session = known && now - known.readAt <= SESSION_CACHE_MS ? known : await this.#read(token, now);
    if (!session) return null;
    if (now > session.expiresAt) {
      this.#known.delete(token);
      return null;
    }
    if (now - session.createdAt > SESSION_ABSOLUTE_SECONDS * 1000) {
      this.#known.delete(token);
      await this.db.delete(authSessions).where(eq(authSessions.id, session.id));
      return null;
    }
    if (session.expiresAt - SESSION_IDLE_SECONDS * 1000 + SESSION_RENEW_SECONDS * 1000 <= now)
      return this.#renew(token, headers());
    return { user: session.user, cookies: [] };
  }

  /**
   * Ends the session of a request's cookies: deletes it from the database, then forgets it here, so this process
   * refuses it from the next request on. A database error is thrown, not swallowed: the session still stands.
   */
  async end(cookieHeader: string | undefined): Promise<void> {
    const token = this.#verifiedToken(cookieHeader, await this.#cookieName);
    if (!token) return;
    await this.db.delete(authSessions).where(eq(authSessions.token, token));
    this.#forget([token]);
  }

  /**
   * Forgets every remembered session of a user: a profile just saved shows on this process at once, and sessions
   * just ended elsewhere in the database (other sessions signed out) are read again.
   */
  forgetUser(userId: string): void {
    this.#forget([...this.#known].flatMap(([token, session]) => (session.user.id === userId ? [token] : [])));
  }

  /** A read under way may hold a row from before the change: #read remembers nothing that began before this. */
  #forget(tokens: string[]): void {
    for (const token of tokens) this.#known.delete(token);
    this.#forgets++;
  }

  async #read(token: string, now: number): Promise<KnownSession | null> {
    this.#known.delete(token);
    const forgetsBefore = this.#forgets;
    const [row] = await this.#findSession.execute({ token });
    if (!row) return null;
    const session: KnownSession = {
      user: {
        id: row.userId,
        email: row.email,
        profile: row.profileId
          ? { id: row.profileId, email: row.profileEmail!, name: row.profileName, avatarUrl: row.profileAvatarUrl }
          : null,
      },
      id: row.id,
      createdAt: row.createdAt.getTime(),
      expiresAt: row.expiresAt.getTime(),
      readAt: now,
    };
    // Ended (or changed) while this read was under way: good for the request that read it, never remembered.
    if (this.#forgets !== forgetsBefore) return session;
    if (this.#known.size >= CACHE_MAX_ENTRIES) this.#known.delete(this.#known.keys().next().value!);
    this.#known.set(token, session);
    return session;
  }

  /** Once a day of use: Better Auth extends the idle lifetime and re-issues the cookie. */
  async #renew(token: string, headers: Headers): Promise<SessionCheck | null> {
    this.#known.delete(token);
    const renewed = await this.auth.api
      .getSession({ headers, query: { disableCookieCache: true }, returnHeaders: true })
      .catch((error: unknown) => {
        // A database that is away says nothing about the session: 503, not a sign-out.
        if (isDatabaseUnavailable(error)) throw error;
        return null;
      });
    if (!renewed?.response) return null;
    const { id, email } = renewed.response.user;
    return { user: { id, email, profile: null }, cookies: renewed.headers.getSetCookie() };
  }

  /** The session token of a signed cookie `token.base64(HMAC-SHA256(secret, token))`, as Better Auth writes it. */
  #verifiedToken(cookieHeader: string | undefined, name: string): string | null {
    const raw = readCookie(cookieHeader, name);
    if (!raw) return null;
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(createHmac('sha256', this.secret).update(token).digest('base64'));
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }
}

function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
