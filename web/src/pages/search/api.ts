import { queryOptions } from '@tanstack/react-query';
import { searchApi } from '@common/search-api';
import { call } from '../../lib/api';
import { searchKeys } from './keys';

/** Fewer characters than this search nothing: the menu offers its pages and actions only. */
export const SEARCH_MIN_LENGTH = 2;

/**
 * The search (?q=): one request per pause in typing. TanStack passes `signal` and aborts the request
 * when a newer query replaces this one.
 */
export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: searchKeys.hits(q),
    queryFn: ({ signal }) => call(searchApi.search, { query: { q }, signal }),
    staleTime: 10_000,
    enabled: q.length >= SEARCH_MIN_LENGTH,
    // A failure shows at once with its message; typing again is the retry.
    retry: false,
    // A refetch would move the selection back to the first hit under the user's arrow keys.
    refetchOnWindowFocus: false,
  });
