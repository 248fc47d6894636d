import { describe, expect, it } from 'vitest';
import { currentSessionResponseSchema, sessionResponseSchema } from '@common/auth';
import { currentSessionResponse, sessionResponse } from './session-response';

const user = { id: 'u1', email: 'ann@example.com', name: 'Ann', avatarUrl: null };

const answers: unknown[] = [
  { user },
  { user: { ...user, name: null, avatarUrl: '/uploads/a.png', token: 'never kept' }, extra: 1 },
  { user: { ...user, name: undefined } },
  { user: { ...user, id: 5 } },
  { user: { ...user, email: null } },
  { user: [] },
  { user: null },
  {},
  [],
  null,
  'user',
];

describe('sessionResponse', () => {
  it('agrees with sessionResponseSchema on good and bad answers', () => {
    for (const answer of answers) {
      const expected = sessionResponseSchema.safeParse(answer);
      if (expected.success) expect(sessionResponse.parse(answer)).toEqual(expected.data);
      else expect(() => sessionResponse.parse(answer)).toThrow();
    }
  });
});

describe('currentSessionResponse', () => {
  it('agrees with currentSessionResponseSchema on good and bad answers, a signed-out null among them', () => {
    expect(currentSessionResponse.parse({ user: null })).toEqual({ user: null });
    for (const answer of answers) {
      const expected = currentSessionResponseSchema.safeParse(answer);
      if (expected.success) expect(currentSessionResponse.parse(answer)).toEqual(expected.data);
      else expect(() => currentSessionResponse.parse(answer)).toThrow();
    }
  });
});
