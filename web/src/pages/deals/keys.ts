/** The query keys of deals: other areas invalidate or read them through this factory, never by literal. */
export const dealKeys = {
  all: ['deals'] as const,
};
