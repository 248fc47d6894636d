import { useEffect, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { taskStatusBadgeVariant } from '@common/task-rules';
import { taskMessages, type Task } from '@common/tasks';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { useCursorPages } from '../../lib/paging';
import { TASK_LIST_PAGE_SIZE, listQuery } from './api';
import type { TaskFilters } from './filters';
import { TaskSummary } from './task-card';

interface TaskListProps {
  filters: TaskFilters;
  now: Date;
  onOpen: (task: Task) => void;
  onComplete: (task: Task) => void;
  /** The empty state: "no tasks yet" or "none match". */
  renderEmpty: () => ReactNode;
}

/** The list view: newest first, a page at a time after a cursor. Keyed by the filters, so a new filter starts over. */
export function TaskList({ filters, now, onOpen, onComplete, renderEmpty }: TaskListProps) {
  const pages = useCursorPages();
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery({
    ...listQuery(filters, pages.cursor),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (isError) toast.error(taskMessages.loadFailed, { id: 'tasks-load' });
  }, [isError]);

  // Completing or deleting the last task of a later page would leave an empty page: step back.
  const { pageIndex, previous } = pages;
  useEffect(() => {
    if (data && data.items.length === 0 && pageIndex > 0) previous();
  }, [data, pageIndex, previous]);

  if (isPending)
    return (
      <Card className="flex justify-center py-16">
        <Spinner label="Loading tasks" className="size-6 text-indigo-500" />
      </Card>
    );
  if (!data)
    return (
      <Card>
        <EmptyState
          message={taskMessages.loadFailed}
          action={
            <Button variant="secondary" onClick={() => refetch()}>
              Retry
            </Button>
          }
        />
      </Card>
    );
  if (data.items.length === 0 && pageIndex === 0) return renderEmpty();

  return (
    <Card className="overflow-hidden">
      <ul aria-label="Tasks" className="divide-y divide-slate-200 dark:divide-slate-800">
        {data.items.map((task) => (
          <li key={task.id} className="flex px-4 py-3 hover:bg-slate-50 dark:hover:bg-slate-800/40">
            <TaskSummary
              task={task}
              now={now}
              onOpen={onOpen}
              onComplete={onComplete}
              end={
                <Badge variant={taskStatusBadgeVariant(task.status)} className="shrink-0">
                  {task.status}
                </Badge>
              }
            />
          </li>
        ))}
      </ul>
      <Pagination
        pageIndex={pages.pageIndex}
        pageSize={TASK_LIST_PAGE_SIZE}
        shown={data.items.length}
        hasNext={data.nextCursor !== null && !isPlaceholderData}
        onFirst={pages.first}
        onPrevious={pages.previous}
        onNext={() => data.nextCursor && pages.next(data.nextCursor)}
      />
    </Card>
  );
}
