import { isAPIError } from 'better-auth/api';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PasswordResetConfirm } from '@common/auth';
import { authMessages } from '@common/auth-messages';
import { passwordResetMailText, passwordResetMessages } from '@common/password-reset-messages';
import type { Db } from '../db/client';
import { authVerifications } from '../db/schema';
import { AppError } from '../errors';
import type { ProductMail } from '../product-mail';
import { clearSignInFailures } from './account-throttle';
import type { Auth } from './better-auth';
import { isHashQueueFull } from './password';

// "Forgot password?": a single-use link by email, valid for an hour (Better Auth keeps its token, hashed, among its
// verifications and deletes it when used); the new password ends every session of the account.

/** How long a reset link works. */
export const RESET_LINK_SECONDS = 60 * 60;
/** Reset mails one account is sent per hour at most: asking again and again cannot flood its owner's inbox. */
export const RESET_MAILS_PER_HOUR = 3;

/** Better Auth's `sendResetPassword`: mails the link, unless the account was sent enough of them this hour. */
export function resetLinkSender(db: Db, publicUrl: string, mail: ProductMail) {
  return async ({ user, token }: { user: { id: string; email: string }; token: string }) => {
    // Better Auth keeps only the reset tokens among its verifications, each with the user's id as its value.
    const [recent] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(authVerifications)
      .where(
        and(eq(authVerifications.value, user.id), gt(authVerifications.createdAt, sql`now() - interval '1 hour'`)),
      );
    if ((recent?.count ?? 0) > RESET_MAILS_PER_HOUR) return;
    const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    // Not awaited: an account that exists must not answer slower than one that does not.
    void mail.send({
      to: [{ address: user.email }],
      subject: passwordResetMessages.mailSubject,
      text: passwordResetMailText(user.email, link),
    });
  };
}

/** After a reset: this process forgets the account's sessions (all deleted), and its sign-in lock is lifted. */
export async function afterPasswordReset(app: FastifyInstance, user: { id: string; email: string }): Promise<void> {
  app.sessions.forgetUser(user.id);
  await clearSignInFailures(app.db, user.email);
}

/** Sends a reset link when the address has an account; the same answer either way. */
export async function requestPasswordReset(auth: Auth, mail: ProductMail | null, email: string): Promise<void> {
  // As Better Auth answers it: a request this server cannot fulfil (the screens say so beforehand).
  if (!mail) throw new AppError(400, passwordResetMessages.unavailable);
  await auth.api.requestPasswordReset({ body: { email } });
}

/** Sets the link's account's new password; a link used, expired or forged changes nothing. */
export async function resetPassword(auth: Auth, input: PasswordResetConfirm): Promise<void> {
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
  } catch (error) {
    if (isHashQueueFull(error)) throw new AppError(503, authMessages.hashingBusy, undefined, { 'retry-after': '5' });
    if (isAPIError(error) && error.statusCode < 500) {
      throw new AppError(400, passwordResetMessages.linkInvalid, { token: passwordResetMessages.linkInvalid });
    }
    throw error;
  }
}
