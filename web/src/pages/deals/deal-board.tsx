import { useState } from 'react';
import {
  DndContext,
  DragOverlay,
  pointerWithin,
  rectIntersection,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import type { Board, Deal } from '@common/deals';
import { BoardScroller } from '../../components/board-scroller';
import { columnKeyboardCoordinates, useDragSensors } from '../../components/dnd';
import { useMoveDeal } from './api';
import { DealCard } from './deal-card';
import { DealColumn } from './deal-column';

// The column under the pointer; from the keyboard (no pointer), the column the card overlaps most.
const columnUnder: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

const dealOf = (data: unknown) => (data as { deal?: Deal } | undefined)?.deal;

interface DealBoardProps {
  board: Board;
  now: Date;
  onOpen: (deal: Deal) => void;
}

/** One 300 px column per stage, scrolling sideways on narrow screens; cards are dragged between columns. */
export function DealBoard({ board, now, onOpen }: DealBoardProps) {
  const sensors = useDragSensors(columnKeyboardCoordinates);
  const move = useMoveDeal(board.pipelineId);
  const [active, setActive] = useState<Deal | null>(null);

  const onDragStart = ({ active: dragged }: DragStartEvent) => setActive(dealOf(dragged.data.current) ?? null);
  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    setActive(null);
    const deal = dealOf(dragged.data.current);
    const stage = over ? String(over.id) : null;
    if (deal && stage && stage !== deal.stage) move.mutate({ deal, stage });
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
          draggable:
            'To move a deal, press Space to pick it up, the left and right arrows to choose a stage, Space again to drop it, or Escape to cancel.',
        },
        announcements: {
          onDragStart: ({ active: a }) => `Picked up deal ${dealOf(a.data.current)?.name ?? ''}.`,
          onDragOver: ({ active: a, over }) =>
            over ? `Deal ${dealOf(a.data.current)?.name ?? ''} is over ${over.id}.` : undefined,
          onDragEnd: ({ active: a, over }) =>
            over ? `Deal ${dealOf(a.data.current)?.name ?? ''} dropped on ${over.id}.` : undefined,
          onDragCancel: ({ active: a }) => `Moving deal ${dealOf(a.data.current)?.name ?? ''} was cancelled.`,
        },
      }}
    >
      <BoardScroller label="Deal board">
        {board.columns.map((column) => (
          <DealColumn
            key={column.stage}
            pipelineId={board.pipelineId}
            column={column}
            now={now}
            activeId={active?.id ?? null}
            onOpen={onOpen}
          />
        ))}
      </BoardScroller>
      <DragOverlay dropAnimation={null}>
        {active ? (
          <ul className="w-[284px]">
            <DealCard deal={active} now={now} columnStage={active.stage} overlay />
          </ul>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
