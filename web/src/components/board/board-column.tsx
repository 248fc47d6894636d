import {
  useId,
  useState,
  type ComponentProps,
  type KeyboardEventHandler,
  type PointerEventHandler,
  type ReactNode,
  type Ref,
} from 'react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@common/http';
import { cn } from '../../lib/cn';
import { formatCount } from '../../lib/format';
import { Button } from '../button';
import { columnCards, type BoardCard, type BoardColumnData, type BoardKind } from './board-model';

/** How a column reads its pages after the first one, from the cursor the board gave. */
export interface ColumnPages<T extends BoardCard, K extends string> {
  key: (column: K, start: string) => QueryKey;
  fetch: (column: K, cursor: string) => Promise<Page<T>>;
}

/** What a card on a board is given to be dragged: the whole card follows the pointer, its handle the keyboard. */
export interface CardDrag {
  ref: (element: HTMLElement | null) => void;
  dragging: boolean;
  onPointerDown: PointerEventHandler | undefined;
  handleProps: ComponentProps<'button'> & { ref?: Ref<HTMLButtonElement> };
}

export interface BoardColumnProps<T extends BoardCard, C extends BoardColumnData<T>, K extends string> {
  column: C;
  kind: BoardKind<T, C, K>;
  pages: ColumnPages<T, K>;
  activeId: string | null;
  renderCard: (card: T, drag: CardDrag) => ReactNode;
  /** After the count in the header: a deal column's total. */
  renderFigures?: (column: C) => ReactNode;
}

/** One column: a drop target labelled by its name, its count ("10,000+" past the cap), its first page and "Load more". */
export function BoardColumn<T extends BoardCard, C extends BoardColumnData<T>, K extends string>({
  column,
  kind,
  pages,
  activeId,
  renderCard,
  renderFigures,
}: BoardColumnProps<T, C, K>) {
  const headingId = useId();
  const key = kind.ofColumn(column);
  const { setNodeRef, isOver } = useDroppable({ id: key });
  const [wantsMore, setWantsMore] = useState(false);
  const start = column.nextCursor;
  const more = useInfiniteQuery({
    queryKey: pages.key(key, start ?? ''),
    queryFn: ({ pageParam }) => pages.fetch(key, pageParam),
    initialPageParam: start ?? '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: wantsMore && start !== null,
  });

  const later = wantsMore ? (more.data?.pages.map((page) => page.items) ?? []) : [];
  const cards = columnCards([column.items, ...later], key, kind.ofCard);
  const hasMore = start !== null && (!wantsMore || more.hasNextPage);
  const loadMore = () => {
    if (!wantsMore) setWantsMore(true);
    else void more.fetchNextPage();
  };
  const single = column.count.count === 1 && !column.count.hasMore;

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
          {key}
        </h2>
        <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700 tabular-nums dark:bg-slate-800 dark:text-slate-300">
          {formatCount(column.count)}
          <span className="sr-only"> {single ? kind.noun : `${kind.noun}s`}</span>
        </span>
        {renderFigures?.(column)}
      </header>
      <ul className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto p-2">
        {cards.map((card) => (
          <DraggableCard key={card.id} card={card} dragging={card.id === activeId} render={renderCard} />
        ))}
      </ul>
      {hasMore && (
        <div className="px-2 pb-2">
          <Button variant="ghost" size="sm" className="w-full" loading={more.isFetching} onClick={loadMore}>
            Load more
            <span className="sr-only"> in {key}</span>
          </Button>
        </div>
      )}
    </section>
  );
}

function DraggableCard<T extends BoardCard>({
  card,
  dragging,
  render,
}: {
  card: T;
  dragging: boolean;
  render: (card: T, drag: CardDrag) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef } = useDraggable({ id: card.id, data: { card } });
  return render(card, {
    ref: setNodeRef,
    dragging,
    // The whole card follows the pointer; the keyboard picks it up by its handle only.
    onPointerDown: listeners?.onPointerDown as PointerEventHandler | undefined,
    handleProps: {
      ...attributes,
      onKeyDown: listeners?.onKeyDown as KeyboardEventHandler | undefined,
      ref: setActivatorNodeRef,
    },
  });
}
