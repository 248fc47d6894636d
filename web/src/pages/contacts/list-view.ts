import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { contactSortColumns, sortDirections, type ContactSort, type SortDirection } from '@common/contacts';
import type { ContactListView } from './api';

const isSort = (value: string | null): value is ContactSort => contactSortColumns.some((column) => column === value);
const isDirection = (value: string | null): value is SortDirection => sortDirections.some((dir) => dir === value);

/** The view in the address; anything unknown falls back to the server's defaults (name, ascending). */
export function readListView(params: URLSearchParams): ContactListView {
  const sort = params.get('sort');
  const dir = params.get('dir');
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    sort: isSort(sort) ? sort : 'name',
    dir: isDirection(dir) ? dir : 'asc',
  };
}

/** The list's search and sort, read from and written to the address so a reload or a link shows the same list. */
export function useListView() {
  const [params, setParams] = useSearchParams();
  const view = readListView(params);
  const setView = useCallback(
    (changes: Partial<ContactListView>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        // Typing is not a history entry; a change of sort is.
        { replace: changes.q !== undefined },
      ),
    [setParams],
  );
  return [view, setView] as const;
}
