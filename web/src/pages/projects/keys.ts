/** The query keys of projects: other areas invalidate or read them through this factory, never by literal. */
export const projectKeys = {
  all: ['projects'] as const,
  board: () => [...projectKeys.all, 'board'] as const,
  /** The columns' later pages ("Load more"). */
  columns: () => [...projectKeys.all, 'column'] as const,
  column: (status: string, start: string) => [...projectKeys.columns(), status, start] as const,
  /** A page of the grid. */
  page: (cursor: string | null) => [...projectKeys.all, 'page', cursor] as const,
  one: (id: string) => [...projectKeys.all, 'one', id] as const,
  /** The task form's project picker. */
  options: (q: string) => [...projectKeys.all, 'options', q] as const,
};
