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
import { taskStatuses } from '@common/constants';
import type { Task, TaskBoard as Board, TaskStatus } from '@common/tasks';
import { BoardScroller } from '../../components/board-scroller';
import { columnKeyboardCoordinates, useDragSensors } from '../../components/dnd';
import { useSetTaskStatus } from './api';
import type { TaskFilters } from './filters';
import { TaskCard } from './task-card';
import { TaskColumn } from './task-column';

// The column under the pointer; from the keyboard (no pointer), the column the card overlaps most.
const columnUnder: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

const taskOf = (data: unknown) => (data as { task?: Task } | undefined)?.task;
const asStatus = (id: unknown) => taskStatuses.find((s) => s === id);

interface TaskBoardProps {
  board: Board;
  filters: TaskFilters;
  now: Date;
  onOpen: (task: Task) => void;
  onComplete: (task: Task) => void;
}

/** To Do, In Progress and Done, 300 px each, scrolling sideways on narrow screens; cards are dragged between them. */
export function TaskBoard({ board, filters, now, onOpen, onComplete }: TaskBoardProps) {
  const sensors = useDragSensors(columnKeyboardCoordinates);
  const move = useSetTaskStatus();
  const [active, setActive] = useState<Task | null>(null);

  const onDragStart = ({ active: dragged }: DragStartEvent) => setActive(taskOf(dragged.data.current) ?? null);
  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    setActive(null);
    const task = taskOf(dragged.data.current);
    const status: TaskStatus | undefined = over ? asStatus(over.id) : undefined;
    if (task && status && status !== task.status) move.mutate({ task, status, via: 'drag' });
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
            'To move a task, press Space to pick it up, the left and right arrows to choose a status, Space again to drop it, or Escape to cancel.',
        },
        announcements: {
          onDragStart: ({ active: a }) => `Picked up task ${taskOf(a.data.current)?.name ?? ''}.`,
          onDragOver: ({ active: a, over }) =>
            over ? `Task ${taskOf(a.data.current)?.name ?? ''} is over ${over.id}.` : undefined,
          onDragEnd: ({ active: a, over }) =>
            over ? `Task ${taskOf(a.data.current)?.name ?? ''} dropped on ${over.id}.` : undefined,
          onDragCancel: ({ active: a }) => `Moving task ${taskOf(a.data.current)?.name ?? ''} was cancelled.`,
        },
      }}
    >
      <BoardScroller label="Task board">
        {board.columns.map((column) => (
          <TaskColumn
            key={column.status}
            filters={filters}
            column={column}
            now={now}
            activeId={active?.id ?? null}
            onOpen={onOpen}
            onComplete={onComplete}
          />
        ))}
      </BoardScroller>
      <DragOverlay dropAnimation={null}>
        {active ? (
          <ul className="w-[284px]">
            <TaskCard task={active} now={now} overlay />
          </ul>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
