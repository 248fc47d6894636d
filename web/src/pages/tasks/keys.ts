/**
 * The query keys of tasks: other areas invalidate or read them through this factory, never by literal.
 * `filters` is the filters' query string (filterKey() in filters.ts), in a fixed order.
 */
export const taskKeys = {
  all: ['tasks'] as const,
  /** The boards of every filter. */
  boards: () => [...taskKeys.all, 'board'] as const,
  board: (filters: string) => [...taskKeys.boards(), filters] as const,
  /** The columns' later pages ("Load more") of every filter. */
  columns: () => [...taskKeys.all, 'column'] as const,
  column: (filters: string, status: string, start: string) => [...taskKeys.columns(), filters, status, start] as const,
  list: (filters: string, cursor: string | null) => [...taskKeys.all, 'list', filters, cursor] as const,
  one: (id: string) => [...taskKeys.all, 'one', id] as const,
};

/** The query keys of the task categories: one list, read by the task screen and its form. */
export const taskCategoryKeys = {
  all: ['task-categories'] as const,
  list: () => taskCategoryKeys.all,
};

/**
 * The names of the project and deal a task filter names, under their own root rather than 'projects' or 'deals':
 * a task change need not read a name again.
 */
export const taskLinkKeys = {
  all: ['task-links'] as const,
  project: (id: string) => [...taskLinkKeys.all, 'project', id] as const,
  deal: (id: string) => [...taskLinkKeys.all, 'deal', id] as const,
};
