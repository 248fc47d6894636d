import type { User } from '@common/auth';
import type { Parser } from './api';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isStringOrNull = (value: unknown): value is string | null => typeof value === 'string' || value === null;

/**
 * `sessionResponseSchema` of common/auth.ts checked by hand: the session check runs on every page, and zod
 * should load only with the pages that use it. Like the schema, it keeps the user's known fields only.
 */
export const sessionResponse: Parser<{ user: User }> = {
  parse(data) {
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
    return { user: { id: user.id, email: user.email, name: user.name, avatarUrl: user.avatarUrl } };
  },
};
