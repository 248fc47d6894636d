import { checkAuthFields } from '@common/auth-rules';
import type { AuthErrors, AuthMode, AuthValues } from './auth-form';

export type AuthCheck = { values: AuthValues; errors?: undefined } | { values?: undefined; errors: AuthErrors };

/**
 * The form's checks: the server's own rules (auth-rules.ts, from which its schemas are built), giving the cleaned
 * values or each field's first message. Without zod, and a chunk of its own, loaded after the form shows.
 */
export function checkAuthValues(mode: AuthMode, values: AuthValues): AuthCheck {
  return checkAuthFields(mode, values);
}
