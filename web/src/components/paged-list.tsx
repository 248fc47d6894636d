import { useEffect, type ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Button } from './button';
import { Card } from './card';
import { EmptyState } from './empty-state';
import { Spinner } from './spinner';

type PagedQuery<T> = Pick<
  UseInfiniteQueryResult<InfiniteData<{ items: T[] }>>,
  'data' | 'isPending' | 'isError' | 'isRefetching' | 'refetch' | 'hasNextPage' | 'fetchNextPage' | 'isFetchingNextPage'
>;

interface PagedListProps<T> {
  query: PagedQuery<T>;
  /** The spinner's name while the first page loads ("Loading conversations"). */
  loadingLabel: string;
  /** Said in a toast and in place of the list when the first page fails, with a Retry. */
  loadFailed: string;
  /** The toast's id: a failed page toasts once, however often it is retried. */
  toastId: string;
  /** Shown in place of the list when it has no rows. */
  empty: ReactNode;
  /** The list itself, once it has rows. */
  children: (rows: T[]) => ReactNode;
}

/**
 * A keyset-paged list's states around its rows: loading, failed (with Retry), empty, then the rows with "Load more"
 * while there are further pages.
 */
export function PagedList<T>({ query, loadingLabel, loadFailed, toastId, empty, children }: PagedListProps<T>) {
  const { data, isPending, isError, isRefetching, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = query;
  useEffect(() => {
    if (isError) toast.error(loadFailed, { id: toastId });
  }, [isError, loadFailed, toastId]);

  if (isPending) {
    return (
      <Card className="flex justify-center py-16">
        <Spinner label={loadingLabel} className="size-6 text-indigo-500" />
      </Card>
    );
  }
  if (!data) {
    return (
      <Card>
        <EmptyState
          message={loadFailed}
          action={
            <Button variant="secondary" loading={isRefetching} onClick={() => void refetch()}>
              Retry
            </Button>
          }
        />
      </Card>
    );
  }
  const rows = data.pages.flatMap((page) => page.items);
  if (rows.length === 0) return <Card>{empty}</Card>;
  return (
    <div>
      {children(rows)}
      {hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
