import type { MailboxView } from './api';

/** The query keys of email: other areas invalidate or read them through this factory, never by literal. */
export const emailKeys = {
  all: ['email'] as const,
  list: (view: MailboxView, q: string, cursor: string | null) => [...emailKeys.all, 'list', view, q, cursor] as const,
  /** The dashboard's newest inbox messages: a list of its own size, refreshed with every other list. */
  dashboardPreview: () => [...emailKeys.all, 'list', 'dashboard-preview'] as const,
  detail: (id: string) => [...emailKeys.all, 'detail', id] as const,
  folders: () => [...emailKeys.all, 'folders'] as const,
  unread: () => [...emailKeys.all, 'unread'] as const,
  /** Where the user's 'Check Mail' is, polled while it runs. */
  check: () => [...emailKeys.all, 'check'] as const,
  related: (owner: { contactId: string } | { dealId: string }, cursor: string | null) =>
    [...emailKeys.all, 'related', owner, cursor] as const,
};
