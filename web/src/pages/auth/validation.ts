import { z } from 'zod';
import { signInInputSchema, signUpInputSchema } from '@common/auth';
import type { AuthErrors, AuthMode, AuthValues } from './auth-form';

// Sign-in ignores the name; giving both modes one value shape keeps one form.
const schemas = { signup: signUpInputSchema, signin: signInInputSchema.extend({ name: z.string() }) };

export type AuthCheck = { values: AuthValues; errors?: undefined } | { values?: undefined; errors: AuthErrors };

/**
 * The form's checks: the server's own schemas, giving the cleaned values or each field's first message.
 * A chunk of its own, loaded after the form shows: zod is most of the sign-in code.
 */
export function checkAuthValues(mode: AuthMode, values: AuthValues): AuthCheck {
  const result = schemas[mode].safeParse(values);
  if (result.success) return { values: result.data };
  const errors: AuthErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof AuthValues;
    errors[field] ??= issue.message;
  }
  return { errors };
}
