import { z } from 'zod';
import {
  authFieldMessages as m,
  EMAIL_MAX_LENGTH,
  emailPattern,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './auth-rules';
import { isCommonPassword } from './common-passwords';
import { passwordMessages } from './password-messages';

export { PASSWORD_MIN_LENGTH } from './auth-rules';

// The rules and messages are auth-rules.ts's: the sign-up form checks them without zod.
const email = z
  .string({ message: m.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, m.emailRequired)
  .max(EMAIL_MAX_LENGTH, m.emailTooLong)
  .pipe(z.email({ pattern: emailPattern, error: m.emailInvalid }));

const password = z
  .string({ message: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, m.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, m.passwordTooLong);

export const signInInputSchema = z.object({ email, password });
export type SignInInput = z.infer<typeof signInInputSchema>;

/** A new password follows the sign-up rules: 6 to 128 characters, not one of the most common. */
const newPassword = password.refine((value) => !isCommonPassword(value), passwordMessages.commonPassword);

export const signUpInputSchema = z.object({
  name: z.string({ message: m.nameRequired }).trim().min(1, m.nameRequired).max(NAME_MAX_LENGTH, m.nameTooLong),
  email,
  password: newPassword,
});
export type SignUpInput = z.infer<typeof signUpInputSchema>;

/** The signed-in user as the browser sees it: the profile row, never a token. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const sessionResponseSchema = z.object({ user: userSchema });

/** GET /api/session: the signed-in user, or null for a visitor with no session (a 200 either way). */
export const currentSessionResponseSchema = z.object({ user: userSchema.nullable() });
export type CurrentSessionResponse = z.infer<typeof currentSessionResponseSchema>;

/** POST /api/auth/change-password: ends every other session of the user; answers 204 with a new session cookie. */
export const changePasswordInputSchema = z.object({
  currentPassword: z
    .string({ message: passwordMessages.currentPasswordRequired })
    .min(1, passwordMessages.currentPasswordRequired)
    .max(128, passwordMessages.currentPasswordWrong),
  newPassword,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

/** The profile screen's form: the new password typed twice. */
export const changePasswordFormSchema = changePasswordInputSchema
  .extend({ confirmPassword: z.string() })
  .refine((input) => input.newPassword === input.confirmPassword, {
    path: ['confirmPassword'],
    message: passwordMessages.passwordsDoNotMatch,
  });

/** POST /api/auth/password-reset: asks for a reset link by email; the answer is the same whether the account exists. */
export const passwordResetRequestSchema = z.object({ email });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** GET /api/auth/password-reset: whether this server can send reset links (SMTP_URL is set). */
export const passwordResetStatusSchema = z.object({ available: z.boolean() });

/** POST /api/auth/password-reset/confirm: the link's token and the new password, which follows the sign-up rules. */
export const passwordResetConfirmSchema = z.object({
  token: z.string({ message: 'Token is required' }).min(1, 'Token is required').max(200, 'Token is too long'),
  newPassword,
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

/** The reset page's form: the new password typed twice. */
export const passwordResetFormSchema = z
  .object({ newPassword, confirmPassword: z.string() })
  .refine((input) => input.newPassword === input.confirmPassword, {
    path: ['confirmPassword'],
    message: passwordMessages.passwordsDoNotMatch,
  });
