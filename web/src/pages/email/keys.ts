/** The query keys of email: other areas invalidate or read them through this factory, never by literal. */
export const emailKeys = {
  all: ['email'] as const,
};
