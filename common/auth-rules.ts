import { isCommonPassword } from './common-passwords';
import { passwordMessages } from './password-messages';

// The sign-in and sign-up fields' rules and messages, without zod: the server's schemas (auth.ts) are built from
// them, and the sign-up form checks with `checkAuthFields` below, so a new user's first visit loads no zod
// (bench/bundle.ts). auth-rules.test.ts checks the two agree on every kind of input.

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;

/** zod's own e-mail pattern (what `z.email()` checks), named so that both checks use it. */
export const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const authFieldMessages = {
  nameRequired: 'Full Name is required',
  nameTooLong: 'Full Name is too long',
  emailRequired: 'Email is required',
  emailTooLong: 'Email is too long',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
} as const;

export interface AuthFields {
  name: string;
  email: string;
  password: string;
}
export type AuthFieldErrors = Partial<Record<keyof AuthFields, string>>;
export type AuthFieldsCheck =
  { values: AuthFields; errors?: undefined } | { values?: undefined; errors: AuthFieldErrors };

/** An address's first problem, after it is trimmed and lower-cased as the server stores it. */
function emailProblem(email: string): string | null {
  if (email.length < 1) return authFieldMessages.emailRequired;
  if (email.length > EMAIL_MAX_LENGTH) return authFieldMessages.emailTooLong;
  return emailPattern.test(email) ? null : authFieldMessages.emailInvalid;
}

function passwordProblem(password: string, isNew: boolean): string | null {
  if (password.length < 1) return authFieldMessages.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return authFieldMessages.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return authFieldMessages.passwordTooLong;
  return isNew && isCommonPassword(password) ? passwordMessages.commonPassword : null;
}

/**
 * The sign-in or sign-up form's check, as the server's schemas check the same values: the cleaned values, or each
 * field's first message. Sign-in ignores the name.
 */
export function checkAuthFields(mode: 'signin' | 'signup', input: AuthFields): AuthFieldsCheck {
  const values = { ...input, email: input.email.trim().toLowerCase() };
  const errors: AuthFieldErrors = {};
  if (mode === 'signup') {
    values.name = input.name.trim();
    if (values.name.length < 1) errors.name = authFieldMessages.nameRequired;
    else if (values.name.length > NAME_MAX_LENGTH) errors.name = authFieldMessages.nameTooLong;
  }
  const email = emailProblem(values.email);
  if (email) errors.email = email;
  const password = passwordProblem(values.password, mode === 'signup');
  if (password) errors.password = password;
  return Object.keys(errors).length ? { errors } : { values };
}
