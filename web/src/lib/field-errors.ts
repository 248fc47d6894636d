import { isApiError } from './api';

/**
 * Puts a refused save's field messages (a 400's `fields`) under the form's own fields; false when none of them is
 * one of the form's, and the form should show the error as a whole.
 */
export function showFieldErrors<Name extends string>(
  error: unknown,
  names: readonly Name[],
  setError: (name: Name, error: { message: string }) => void,
): boolean {
  if (!isApiError(error)) return false;
  const isName = (field: string): field is Name => (names as readonly string[]).includes(field);
  let shown = false;
  for (const [field, message] of Object.entries(error.fields)) {
    if (!isName(field)) continue;
    setError(field, { message });
    shown = true;
  }
  return shown;
}
