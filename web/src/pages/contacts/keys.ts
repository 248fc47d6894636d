import type { ContactSort, SortDirection } from '@common/contacts';

/** The query keys of contacts: other areas invalidate or read them through this factory, never by literal. */
export const contactKeys = {
  all: ['contacts'] as const,
  page: (view: { q: string; sort: ContactSort; dir: SortDirection }, cursor: string | null) =>
    [...contactKeys.all, 'page', view.q, view.sort, view.dir, cursor] as const,
  count: () => [...contactKeys.all, 'count'] as const,
  one: (id: string) => [...contactKeys.all, 'one', id] as const,
  detail: (id: string) => [...contactKeys.all, 'detail', id] as const,
  search: (q: string) => [...contactKeys.all, 'search', q] as const,
  byEmail: (email: string) => [...contactKeys.all, 'by-email', email.toLowerCase()] as const,
};
