import { describe, expect, it } from 'vitest';
import { checkOutcome, checkProgress, newMessagesText } from './check-result';

const account = (email: string, newMessages: number, error: string | null = null) => ({
  accountId: email,
  email,
  newMessages,
  error,
});

describe('checkOutcome', () => {
  it('counts the new messages, one in the singular', () => {
    expect(newMessagesText(0)).toBe('0 new messages');
    expect(newMessagesText(1)).toBe('1 new message');
    expect(checkOutcome({ newMessages: 3, accounts: [account('a@example.com', 3)] })).toEqual({
      ok: true,
      lines: ['3 new messages'],
    });
  });

  it("gives each failed account's reason, after the count when another account answered", () => {
    const failed = account('b@example.com', 0, 'Wrong user name or password');
    expect(checkOutcome({ newMessages: 0, accounts: [failed] })).toEqual({
      ok: false,
      lines: ['b@example.com: Wrong user name or password'],
    });
    expect(checkOutcome({ newMessages: 1, accounts: [account('a@example.com', 1), failed] })).toEqual({
      ok: false,
      lines: ['1 new message', 'b@example.com: Wrong user name or password'],
    });
  });
});

describe('checkProgress', () => {
  it('says of each account whether it waits, is being checked, or how it went', () => {
    const at = '2025-01-01T00:00:00.000Z';
    const status = {
      running: true,
      newMessages: 2,
      accounts: [
        { ...account('a@example.com', 0), state: 'queued' as const, finishedAt: null },
        { ...account('b@example.com', 0), state: 'checking' as const, finishedAt: null },
        { ...account('c@example.com', 2), state: 'done' as const, finishedAt: at },
        { ...account('d@example.com', 0, 'Connection refused'), state: 'failed' as const, finishedAt: at },
      ],
    };
    expect(checkProgress(status)).toEqual([
      'a@example.com: waiting',
      'Checking b@example.com…',
      'c@example.com: 2 new messages',
      'd@example.com: Connection refused',
    ]);
  });
});
