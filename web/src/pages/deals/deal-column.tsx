import { useId, useState, type KeyboardEventHandler, type PointerEventHandler } from 'react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { BoardColumn, Deal } from '@common/deals';
import { Button } from '../../components/button';
import { cn } from '../../lib/cn';
import { columnMoreKey, fetchColumnPage } from './api';
import { DealCard } from './deal-card';
import { formatTotal } from './format';

interface DealColumnProps {
  pipelineId: string;
  column: BoardColumn;
  now: Date;
  activeId: string | null;
  onOpen: (deal: Deal) => void;
}

/** One stage: a drop target labelled by its name, its count and total, its first page and "Load more". */
export function DealColumn({ pipelineId, column, now, activeId, onOpen }: DealColumnProps) {
  const headingId = useId();
  const { setNodeRef, isOver } = useDroppable({ id: column.stage });
  const [wantsMore, setWantsMore] = useState(false);
  const start = column.nextCursor;
  const more = useInfiniteQuery({
    queryKey: columnMoreKey(pipelineId, column.stage, start ?? ''),
    queryFn: ({ pageParam }) => fetchColumnPage(pipelineId, column.stage, pageParam),
    initialPageParam: start ?? '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: wantsMore && start !== null,
  });

  const seen = new Set<string>();
  const deals: Deal[] = [];
  for (const deal of [...column.items, ...(wantsMore ? (more.data?.pages.flatMap((p) => p.items) ?? []) : [])]) {
    if (seen.has(deal.id) || deal.stage !== column.stage) continue;
    seen.add(deal.id);
    deals.push(deal);
  }
  const hasMore = start !== null && (!wantsMore || more.hasNextPage);
  const loadMore = () => {
    if (!wantsMore) setWantsMore(true);
    else void more.fetchNextPage();
  };

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
          {column.stage}
        </h2>
        <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700 tabular-nums dark:bg-slate-800 dark:text-slate-300">
          {column.count}
          <span className="sr-only"> {column.count === 1 ? 'deal' : 'deals'}</span>
        </span>
        <span className="ml-auto text-xs font-medium text-slate-600 tabular-nums dark:text-slate-400">
          <span className="sr-only">Total </span>
          {formatTotal(column.total)}
        </span>
      </header>
      <ul className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto p-2">
        {deals.map((deal) => (
          <DraggableDeal
            key={deal.id}
            deal={deal}
            now={now}
            columnStage={column.stage}
            dragging={deal.id === activeId}
            onOpen={onOpen}
          />
        ))}
      </ul>
      {hasMore && (
        <div className="px-2 pb-2">
          <Button variant="ghost" size="sm" className="w-full" loading={more.isFetching} onClick={loadMore}>
            Load more
            <span className="sr-only"> in {column.stage}</span>
          </Button>
        </div>
      )}
    </section>
  );
}

function DraggableDeal({
  deal,
  now,
  columnStage,
  dragging,
  onOpen,
}: {
  deal: Deal;
  now: Date;
  columnStage: string;
  dragging: boolean;
  onOpen: (deal: Deal) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef } = useDraggable({ id: deal.id, data: { deal } });
  return (
    <DealCard
      ref={setNodeRef}
      deal={deal}
      now={now}
      columnStage={columnStage}
      dragging={dragging}
      onOpen={onOpen}
      onPointerDown={listeners?.onPointerDown as PointerEventHandler | undefined}
      handleProps={{
        ...attributes,
        onKeyDown: listeners?.onKeyDown as KeyboardEventHandler | undefined,
        ref: setActivatorNodeRef,
      }}
    />
  );
}
