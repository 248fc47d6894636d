import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { authAccounts, authSessions, authUsers, authVerifications } from '../db/schema';
import { PASSWORD_MIN_LENGTH } from '@common/auth';
import { hashPassword, verifyPassword } from './password';
import { RESET_LINK_SECONDS } from './password-reset';

/** The header our routes fill with the client address (req.ip), so a client can never set it. */
export const CLIENT_IP_HEADER = 'x-pipewise-client-ip';

export const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 60 * 60;
/** A session in use has its idle lifetime renewed once this long after the last renewal. */
export const SESSION_RENEW_SECONDS = 24 * 60 * 60;

/** What the password reset does beyond Better Auth (auth/password-reset.ts). */
export interface PasswordResetHooks {
  /** Mails a reset link; null when the server sends no mail of its own (no SMTP_URL). */
  sendResetLink: ((data: { user: { id: string; email: string }; token: string }) => Promise<void>) | null;
  /** After a reset, with the account's sessions deleted: forgets what this process remembers of them. */
  afterReset: (user: { id: string; email: string }) => Promise<void>;
}

/**
 * Better Auth as a library: our own routes call `auth.api.*`, so every message, rate limit and
 * origin rule is ours. Its HTTP handler is not mounted.
 */
export function createAuth(db: Db, config: Config, reset?: PasswordResetHooks) {
  return betterAuth({
    appName: 'Pipewise',
    secret: config.secretKey,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: authUsers, session: authSessions, account: authAccounts, verification: authVerifications },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      ...(reset?.sendResetLink ? { sendResetPassword: reset.sendResetLink } : {}),
      ...(reset
        ? { onPasswordReset: ({ user }: { user: { id: string; email: string } }) => reset.afterReset(user) }
        : {}),
    },
    // A reset token is kept as its hash: the database alone does not give a working link.
    verification: { storeIdentifier: 'hashed' },
    session: {
      // Idle lifetime: a session unused for 7 days expires; each day of use extends it.
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: SESSION_RENEW_SECONDS,
    },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { disabled: config.logLevel === 'silent', level: 'error' },
    advanced: {
      cookiePrefix: 'pipewise',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => randomUUID() },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
