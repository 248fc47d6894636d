import type { EmailCheckResult } from '@common/email';

/** "1 new message", "3 new messages". */
export const newMessagesText = (count: number) => (count === 1 ? '1 new message' : `${count} new messages`);

/**
 * What 'Check Mail' tells the user: the count when every account answered; otherwise each failed account's
 * reason, after the count when some others did answer.
 */
export function checkOutcome(result: EmailCheckResult): { ok: boolean; lines: string[] } {
  const failed = result.accounts.filter((account) => account.error !== null);
  if (failed.length === 0) return { ok: true, lines: [newMessagesText(result.newMessages)] };
  const reasons = failed.map((account) => `${account.email}: ${account.error}`);
  const someAnswered = failed.length < result.accounts.length;
  return { ok: false, lines: someAnswered ? [newMessagesText(result.newMessages), ...reasons] : reasons };
}
