import { describe, expect, it } from 'vitest';
import { authPathFor, invitePath, inviteTokenOf } from './invite-param';

const tokenIn = (search: string) => inviteTokenOf(new URLSearchParams(search));

describe('the invitation a sign-up or sign-in comes from', () => {
  it('reads a URL-safe token and leads back to its invitation page only', () => {
    expect(tokenIn('?invite=AbC_12-x')).toBe('AbC_12-x');
    expect(invitePath('AbC_12-x')).toBe('/invite/AbC_12-x');
    expect(authPathFor('signup', 'AbC_12-x')).toBe('/signup?invite=AbC_12-x');
  });

  it('ignores anything that could lead elsewhere: another site, a path, dots alone, or nothing', () => {
    for (const search of [
      '?invite=https://evil.example',
      '?invite=//evil.example',
      '?invite=%2F%2Fevil.example',
      '?invite=../app',
      '?invite=..',
      '?invite=a/b',
      '?invite=',
      '',
      `?invite=${'a'.repeat(201)}`,
    ]) {
      expect(tokenIn(search)).toBeNull();
    }
  });
});
