import { isAPIError } from 'better-auth/api';
import { eq, sql } from 'drizzle-orm';
import { type SignInInput, type SignUpInput, type User } from '@common/auth';
import { authMessages } from '@common/auth-messages';
import type { Db } from '../db/client';
import { createProfile, ensureProfile } from '../modules/profile/service';
import { createWorkspace } from '../modules/workspaces/service';
import { authUsers, users } from '../db/schema';
import { AppError, isUniqueViolation } from '../errors';
import { accountLockSeconds, clearSignInFailures, recordSignInFailure } from './account-throttle';
import type { Auth } from './better-auth';
import { isHashQueueFull, isHashQueueFullNow } from './password';

interface AuthResult {
  user: User;
  /** Set-Cookie values to hand to the browser. */
  cookies: string[];
}

export async function signUp(db: Db, auth: Auth, input: SignUpInput, headers: Headers): Promise<AuthResult> {
  if (await isEmailTaken(db, input.email)) throw new AppError(409, authMessages.alreadyRegistered);
  let result;
  try {
    result = await auth.api.signUpEmail({ body: input, headers, returnHeaders: true });
  } catch (error) {
    if (isHashQueueFull(error)) throw hashingBusy();
    // Two sign-ups racing for one address: the unique index lets one through.
    if (isUniqueViolation(error) || (await isEmailTaken(db, input.email))) {
      throw new AppError(409, authMessages.alreadyRegistered);
    }
    if (isAPIError(error) && /already (registered|exists)/i.test(error.message)) {
      throw new AppError(409, authMessages.alreadyRegistered);
    }
    throw error;
  }
  const authUser = result.response.user;
  try {
    const user = await createProfile(db, { id: authUser.id, email: input.email, name: input.name });
    await createWorkspace(db, user.id);
    return { user, cookies: result.headers.getSetCookie() };
  } catch (error) {
    // No half-made account: without its profile the auth user (and its session) goes too.
    await db.delete(authUsers).where(eq(authUsers.id, authUser.id));
    if (isUniqueViolation(error)) throw new AppError(409, authMessages.alreadyRegistered);
    throw error;
  }
}

export async function signIn(db: Db, auth: Auth, input: SignInInput, headers: Headers): Promise<AuthResult> {
  // Refused before any query when the queue is full already.
  if (isHashQueueFullNow()) throw hashingBusy();
  await refuseLockedAccount(db, input.email);
  let result;
  try {
    result = await auth.api.signInEmail({ body: input, headers, returnHeaders: true });
  } catch (error) {
    if (isHashQueueFull(error)) throw hashingBusy();
    if (isAPIError(error) && error.statusCode < 500) {
      await recordSignInFailure(db, input.email);
      throw new AppError(401, authMessages.invalidCredentials);
    }
    throw error;
  }
  await clearSignInFailures(db, input.email);
  const authUser = result.response.user;
  const user = await ensureProfile(db, { id: authUser.id, email: authUser.email, profile: null });
  return { user, cookies: result.headers.getSetCookie() };
}

/**
 * The Set-Cookie values that clear the session cookies. The session itself is ended first by the session checker
 * (`sessions.end`), which reports a database error: Better Auth's sign-out logs one and carries on.
 */
export async function signOut(auth: Auth, headers: Headers): Promise<string[]> {
  try {
    const result = await auth.api.signOut({ headers, returnHeaders: true });
    return result.headers.getSetCookie();
  } catch {
    return []; // no session to end: signing out is still done
  }
}

/** Too many passwords wait to be hashed (password.ts): try again in a moment rather than queue for minutes. */
const hashingBusy = () => new AppError(503, authMessages.hashingBusy, undefined, { 'retry-after': '5' });

/** 429 while the account has had its failures (account-throttle.ts). */
async function refuseLockedAccount(db: Db, email: string): Promise<void> {
  const wait = await accountLockSeconds(db, email);
  if (wait > 0) throw new AppError(429, authMessages.accountLocked, undefined, { 'retry-after': String(wait) });
}

/** An account or a profile already holds this address (compared case-insensitively). */
async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  const address = email.toLowerCase();
  const [account, profile] = await Promise.all([
    db
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(sql`lower(${authUsers.email}) = ${address}`)
      .limit(1),
    db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${address}`)
      .limit(1),
  ]);
  return account.length > 0 || profile.length > 0;
}
