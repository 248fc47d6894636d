import { useEffect, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Button } from './button';
import { Card } from './card';
import { EmptyState } from './empty-state';
import { PageTitle } from './page-title';
import { Spinner } from './spinner';

interface SettingsScreenProps<T> {
  title: string;
  description?: string;
  /** The one request the screen shows. */
  query: UseQueryResult<T>;
  loadingLabel: string;
  /** Toasted, and shown with a Retry button, when the request fails. */
  loadFailed: string;
  children: (data: T) => ReactNode;
}

/** A settings screen of one request: a spinner while loading, the failure with Retry, then the screen itself. */
export function SettingsScreen<T>({
  title,
  description,
  query,
  loadingLabel,
  loadFailed,
  children,
}: SettingsScreenProps<T>) {
  const { data, isPending, isError, isRefetching, refetch } = query;

  useEffect(() => {
    if (isError) toast.error(loadFailed, { id: loadFailed });
  }, [isError, loadFailed]);

  let content;
  if (isPending) {
    content = (
      <Card className="flex justify-center py-16">
        <Spinner label={loadingLabel} className="size-6 text-indigo-500" />
      </Card>
    );
  } else if (data === undefined) {
    content = (
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
  } else {
    content = children(data);
  }

  return (
    <div className="max-w-3xl">
      <PageTitle title={title} description={description} />
      {content}
    </div>
  );
}
