/** The query keys of email accounts: other areas invalidate or read them through this factory, never by literal. */
export const emailAccountKeys = {
  /** Every account: never paged, so the root is the list's own key. */
  all: ['email-accounts'] as const,
};
