import { describe, expect, it } from 'vitest';
import { sessionResponseSchema } from '@common/auth';
import { sessionResponse } from './session-response';

const user = { id: 'u1', email: 'ann@example.com', name: 'Ann', avatarUrl: null };

describe('sessionResponse', () => {
  it('agrees with sessionResponseSchema on good and bad answers', () => {
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
    for (const answer of answers) {
      const expected = sessionResponseSchema.safeParse(answer);
      if (expected.success) expect(sessionResponse.parse(answer)).toEqual(expected.data);
      else expect(() => sessionResponse.parse(answer)).toThrow();
    }
  });
});
