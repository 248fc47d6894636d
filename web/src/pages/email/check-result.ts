import { emailMessages, type EmailCheckResult, type EmailCheckStatus } from '@common/email';

/** "1 new message", "3 new messages". */
export const newMessagesText = emailMessages.newMessages;

/** While 'Check Mail' runs: each account waiting, being checked, or its outcome once it has one. */
export function checkProgress(status: EmailCheckStatus): string[] {
  return status.accounts.map((account) => {
    if (account.state === 'queued') return emailMessages.waitingAccount(account.email);
    if (account.state === 'checking') return emailMessages.checkingAccount(account.email);
    return emailMessages.accountOutcome(account.email, account.error ?? newMessagesText(account.newMessages));
  });
}

/**
 * What a finished 'Check Mail' tells the user: the count when every account answered; otherwise each failed
 * account's reason, after the count when some others did answer.
 */
export function checkOutcome(result: EmailCheckResult): { ok: boolean; lines: string[] } {
  const failed = result.accounts.filter((account) => account.error !== null);
  if (failed.length === 0) return { ok: true, lines: [newMessagesText(result.newMessages)] };
  const reasons = failed.map((account) => emailMessages.accountOutcome(account.email, account.error!));
  const someAnswered = failed.length < result.accounts.length;
  return { ok: false, lines: someAnswered ? [newMessagesText(result.newMessages), ...reasons] : reasons };
}
