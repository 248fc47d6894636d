/** The query keys of tasks: other areas invalidate or read them through this factory, never by literal. */
export const taskKeys = {
  all: ['tasks'] as const,
};
