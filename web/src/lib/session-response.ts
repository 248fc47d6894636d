import type { User } from '@common/auth';
import type { Parser } from './api';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isStringOrNull = (value: unknown): value is string | null => typeof value === 'string' || value === null;

/**
 * `sessionResponseSchema` of common/auth.ts checked by hand: the session check runs on every page, and zod
 * should load only with the pages that use it. Like the schema, it keeps the user's known fields only.
 */
function toUser(data: unknown): User {
  const user = isRecord(data) ? data.user : undefined;
  if (
    !isRecord(user) ||
    typeof user.id !== 'string' ||
    typeof user.email !== 'string' ||
    !isStringOrNull(user.name) ||
    !isStringOrNull(user.avatarUrl)
  ) {
    throw new Error('Unexpected session answer');
  }
  return { id: user.id, email: user.email, name: user.name, avatarUrl: user.avatarUrl };
}

export const sessionResponse: Parser<{ user: User }> = {
  parse: (data) => ({ user: toUser(data) }),
};

/** `currentSessionResponseSchema` of common/auth.ts, checked by hand like the one above: the user or null. */
export const currentSessionResponse: Parser<{ user: User | null }> = {
  parse: (data) => ({ user: isRecord(data) && data.user === null ? null : toUser(data) }),
};
