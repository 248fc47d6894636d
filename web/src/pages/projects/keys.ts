/** The query keys of projects: other areas invalidate or read them through this factory, never by literal. */
export const projectKeys = {
  all: ['projects'] as const,
};
