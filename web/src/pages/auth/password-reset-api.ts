import { authApi } from '@common/auth-api';
import type { PasswordResetConfirm } from '@common/auth';
import { call } from '../../lib/api';

/** Whether this server mails reset links (its SMTP_URL is set). */
export const passwordResetAvailable = async () => (await call(authApi.passwordResetStatus)).available;

export const requestPasswordReset = (email: string) => call(authApi.requestPasswordReset, { body: { email } });

export const resetPassword = (body: PasswordResetConfirm) => call(authApi.resetPassword, { body });
