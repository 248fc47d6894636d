import { useId, useState, type KeyboardEventHandler, type PointerEventHandler } from 'react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Task, TaskBoardColumn } from '@common/tasks';
import { Button } from '../../components/button';
import { cn } from '../../lib/cn';
import { formatCount } from '../../lib/format';
import { columnMoreKey, fetchColumnPage } from './api';
import type { TaskFilters } from './filters';
import { TaskCard } from './task-card';

interface TaskColumnProps {
  filters: TaskFilters;
  column: TaskBoardColumn;
  now: Date;
  activeId: string | null;
  onOpen: (task: Task) => void;
  onComplete: (task: Task) => void;
}

/** One status: a drop target labelled by its name, its count ("10,000+" past the cap), its first page and "Load more". */
export function TaskColumn({ filters, column, now, activeId, onOpen, onComplete }: TaskColumnProps) {
  const headingId = useId();
  const { setNodeRef, isOver } = useDroppable({ id: column.status });
  const [wantsMore, setWantsMore] = useState(false);
  const start = column.nextCursor;
  const more = useInfiniteQuery({
    queryKey: columnMoreKey(filters, column.status, start ?? ''),
    queryFn: ({ pageParam }) => fetchColumnPage(filters, column.status, pageParam),
    initialPageParam: start ?? '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: wantsMore && start !== null,
  });

  const seen = new Set<string>();
  const tasks: Task[] = [];
  for (const task of [...column.items, ...(wantsMore ? (more.data?.pages.flatMap((p) => p.items) ?? []) : [])]) {
    if (seen.has(task.id) || task.status !== column.status) continue;
    seen.add(task.id);
    tasks.push(task);
  }
  const hasMore = start !== null && (!wantsMore || more.hasNextPage);
  const loadMore = () => {
    if (!wantsMore) setWantsMore(true);
    else void more.fetchNextPage();
  };
  const { count, hasMore: overCap } = column.count;

  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      className={cn(
        'flex max-h-[calc(100dvh-12rem)] min-h-48 w-[300px] shrink-0 flex-col rounded-xl border border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/50',
        isOver &&
          'border-indigo-400 bg-indigo-50/60 ring-2 ring-indigo-400 dark:border-indigo-500 dark:bg-indigo-500/10',
      )}
    >
      <header className="flex items-center gap-2 border-b border-slate-200 px-3 py-2.5 dark:border-slate-800">
        <h2 id={headingId} className="min-w-0 truncate text-sm font-semibold text-slate-900 dark:text-white">
          {column.status}
        </h2>
        <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700 tabular-nums dark:bg-slate-800 dark:text-slate-300">
          {formatCount(column.count)}
          <span className="sr-only"> {count === 1 && !overCap ? 'task' : 'tasks'}</span>
        </span>
      </header>
      <ul className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto p-2">
        {tasks.map((task) => (
          <DraggableTask
            key={task.id}
            task={task}
            now={now}
            dragging={task.id === activeId}
            onOpen={onOpen}
            onComplete={onComplete}
          />
        ))}
      </ul>
      {hasMore && (
        <div className="px-2 pb-2">
          <Button variant="ghost" size="sm" className="w-full" loading={more.isFetching} onClick={loadMore}>
            Load more
            <span className="sr-only"> in {column.status}</span>
          </Button>
        </div>
      )}
    </section>
  );
}

function DraggableTask({
  task,
  now,
  dragging,
  onOpen,
  onComplete,
}: {
  task: Task;
  now: Date;
  dragging: boolean;
  onOpen: (task: Task) => void;
  onComplete: (task: Task) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef } = useDraggable({ id: task.id, data: { task } });
  return (
    <TaskCard
      ref={setNodeRef}
      task={task}
      now={now}
      dragging={dragging}
      onOpen={onOpen}
      onComplete={onComplete}
      onPointerDown={listeners?.onPointerDown as PointerEventHandler | undefined}
      handleProps={{
        ...attributes,
        onKeyDown: listeners?.onKeyDown as KeyboardEventHandler | undefined,
        ref: setActivatorNodeRef,
      }}
    />
  );
}
