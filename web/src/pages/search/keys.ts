/** The query keys of the search: other areas invalidate or read them through this factory, never by literal. */
export const searchKeys = {
  all: ['search'] as const,
  hits: (q: string) => [...searchKeys.all, q] as const,
};
