import { useCallback, useState } from 'react';

/** The query string of a list page: its size and, after the first page, the cursor the server gave. */
export function pageParams(limit: number, cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** The query of a list page for `call()`: its size and, after the first page, the cursor the server gave. */
export const pageQuery = (limit: number, cursor: string | null) => ({ limit, cursor: cursor ?? undefined });

/**
 * Where the reader is in a cursor-paged list: the cursors of the pages passed so far, so
 * Previous goes back without the server counting rows, and First starts over.
 */
export function useCursorPages() {
  const [trail, setTrail] = useState<Array<string | null>>([null]);
  const pageIndex = trail.length - 1;
  return {
    cursor: trail[pageIndex]!,
    pageIndex,
    next: useCallback((cursor: string) => setTrail((current) => [...current, cursor]), []),
    previous: useCallback(() => setTrail((current) => (current.length > 1 ? current.slice(0, -1) : current)), []),
    first: useCallback(() => setTrail([null]), []),
  };
}
