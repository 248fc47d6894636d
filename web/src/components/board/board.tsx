import { useState, type ReactNode } from 'react';
import { DndContext, DragOverlay, type Announcements, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { columnKeyboardCoordinates, useDragSensors } from '../dnd';
import { BoardColumn, type CardDrag, type ColumnPages } from './board-column';
import type { BoardCard, BoardColumnData, BoardKind } from './board-model';
import { BoardScroller } from './board-scroller';
import { columnUnder } from './column-under';

interface BoardProps<T extends BoardCard, C extends BoardColumnData<T>, K extends string> {
  columns: C[];
  kind: BoardKind<T, C, K>;
  pages: ColumnPages<T, K>;
  /** A card dropped on another column than its own. */
  onMove: (card: T, to: K) => void;
  renderCard: (card: T, drag: CardDrag) => ReactNode;
  /** The copy that follows the pointer while dragging. */
  renderOverlay: (card: T) => ReactNode;
  /** Beside a column's count: a deal column's total. */
  renderFigures?: (column: C) => ReactNode;
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const cardOf = <T,>(data: unknown) => (data as { card?: T } | undefined)?.card;
const nameOf = (data: unknown) => cardOf<BoardCard>(data)?.name ?? '';

function announcements(noun: string): Announcements {
  const Noun = capitalized(noun);
  return {
    onDragStart: ({ active }) => `Picked up ${noun} ${nameOf(active.data.current)}.`,
    onDragOver: ({ active, over }) => (over ? `${Noun} ${nameOf(active.data.current)} is over ${over.id}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `${Noun} ${nameOf(active.data.current)} dropped on ${over.id}.` : undefined,
    onDragCancel: ({ active }) => `Moving ${noun} ${nameOf(active.data.current)} was cancelled.`,
  };
}

/** One 300 px column per key, scrolling sideways on narrow screens; cards are dragged between columns. */
export function Board<T extends BoardCard, C extends BoardColumnData<T>, K extends string>({
  columns,
  kind,
  pages,
  onMove,
  renderCard,
  renderOverlay,
  renderFigures,
}: BoardProps<T, C, K>) {
  const { noun, columnNoun } = kind;
  const sensors = useDragSensors(columnKeyboardCoordinates);
  const [active, setActive] = useState<T | null>(null);

  const onDragStart = ({ active: dragged }: DragStartEvent) => setActive(cardOf<T>(dragged.data.current) ?? null);
  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    setActive(null);
    const card = cardOf<T>(dragged.data.current);
    const to = over ? columns.map(kind.ofColumn).find((key) => key === over.id) : undefined;
    if (card && to && to !== kind.ofCard(card)) onMove(card, to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={columnUnder}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{
        screenReaderInstructions: {
          draggable: `To move a ${noun}, press Space to pick it up, the left and right arrows to choose a ${columnNoun}, Space again to drop it, or Escape to cancel.`,
        },
        announcements: announcements(noun),
      }}
    >
      <BoardScroller label={`${capitalized(noun)} board`}>
        {columns.map((column) => (
          <BoardColumn
            key={kind.ofColumn(column)}
            column={column}
            kind={kind}
            pages={pages}
            activeId={active?.id ?? null}
            renderCard={renderCard}
            renderFigures={renderFigures}
          />
        ))}
      </BoardScroller>
      <DragOverlay dropAnimation={null}>
        {active ? <ul className="w-[284px]">{renderOverlay(active)}</ul> : null}
      </DragOverlay>
    </DndContext>
  );
}
