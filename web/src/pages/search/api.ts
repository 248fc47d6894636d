import { queryOptions } from '@tanstack/react-query';
import { searchResultSchema } from '@common/search';
import { api } from '../../lib/api';

/** Fewer characters than this search nothing: the menu offers its pages and actions only. */
export const SEARCH_MIN_LENGTH = 2;

/**
 * GET /api/search?q=: one request per pause in typing. TanStack passes `signal` and aborts the request
 * when a newer query replaces this one.
 */
export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: ['search', q],
    queryFn: ({ signal }) =>
      api.get(`/api/search?${new URLSearchParams({ q }).toString()}`, searchResultSchema, signal),
    staleTime: 10_000,
    enabled: q.length >= SEARCH_MIN_LENGTH,
    // A failure shows at once with its message; typing again is the retry.
    retry: false,
    // A refetch would move the selection back to the first hit under the user's arrow keys.
    refetchOnWindowFocus: false,
  });
