import { isAPIError } from 'better-auth/api';
import { type ChangePasswordInput } from '@common/auth';
import { authMessages } from '@common/auth-messages';
import { passwordMessages } from '@common/password-messages';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { accountLockSeconds, clearSignInFailures, recordSignInFailure } from './account-throttle';
import type { Auth } from './better-auth';
import { isHashQueueFull } from './password';
import type { SessionUser } from './session-check';

const wrongCurrentPassword = () =>
  new AppError(400, passwordMessages.currentPasswordWrong, { currentPassword: passwordMessages.currentPasswordWrong });

/**
 * Changes the signed-in user's password and ends every other session of theirs. Better Auth checks the current
 * password, stores the new hash and, in the same transaction, replaces all the user's sessions with a new one for
 * this browser: the answer's Set-Cookie values carry it. A wrong current password counts as a failed sign-in of
 * the account (account-throttle.ts), so a session left open cannot be used to guess it.
 */
export async function changePassword(
  db: Db,
  auth: Auth,
  user: SessionUser,
  input: ChangePasswordInput,
  headers: Headers,
): Promise<string[]> {
  const wait = await accountLockSeconds(db, user.email);
  if (wait > 0) throw new AppError(429, authMessages.accountLocked, undefined, { 'retry-after': String(wait) });
  try {
    const result = await auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    });
    await clearSignInFailures(db, user.email);
    return result.headers.getSetCookie();
  } catch (error) {
    if (isHashQueueFull(error)) {
      throw new AppError(503, authMessages.hashingBusy, undefined, { 'retry-after': '5' });
    }
    if (isAPIError(error) && error.body?.code === 'INVALID_PASSWORD') {
      await recordSignInFailure(db, user.email);
      throw wrongCurrentPassword();
    }
    if (isAPIError(error) && error.statusCode === 401) throw new AppError(401, 'Not signed in');
    throw error;
  }
}

/** Ends every session of the user but this browser's. */
export async function endOtherSessions(auth: Auth, headers: Headers): Promise<void> {
  try {
    await auth.api.revokeOtherSessions({ headers });
  } catch (error) {
    if (isAPIError(error) && error.statusCode === 401) throw new AppError(401, 'Not signed in');
    throw error;
  }
}
