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
import { projectStatusSchema, type Project, type ProjectBoard as Board } from '@common/projects';
import { BoardScroller } from '../../components/board-scroller';
import { columnKeyboardCoordinates, useDragSensors } from '../../components/dnd';
import { useMoveProject } from './api';
import { ProjectCard } from './project-card';
import { ProjectColumn } from './project-column';

// The column under the pointer; from the keyboard (no pointer), the column the card overlaps most.
const columnUnder: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

const projectOf = (data: unknown) => (data as { project?: Project } | undefined)?.project;
const nameOf = (data: unknown) => projectOf(data)?.name ?? '';

interface ProjectBoardProps {
  board: Board;
  onOpen: (project: Project) => void;
  onDelete: (project: Project) => void;
}

/** One 300 px column per status, scrolling sideways on narrow screens; cards are dragged between columns. */
export function ProjectBoard({ board, onOpen, onDelete }: ProjectBoardProps) {
  const sensors = useDragSensors(columnKeyboardCoordinates);
  const move = useMoveProject();
  const [active, setActive] = useState<Project | null>(null);

  const onDragStart = ({ active: dragged }: DragStartEvent) => setActive(projectOf(dragged.data.current) ?? null);
  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    setActive(null);
    const project = projectOf(dragged.data.current);
    const status = projectStatusSchema.safeParse(over?.id);
    if (project && status.success && status.data !== project.status) move.mutate({ project, status: status.data });
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
            'To move a project, press Space to pick it up, the left and right arrows to choose a status, Space again to drop it, or Escape to cancel.',
        },
        announcements: {
          onDragStart: ({ active: a }) => `Picked up project ${nameOf(a.data.current)}.`,
          onDragOver: ({ active: a, over }) =>
            over ? `Project ${nameOf(a.data.current)} is over ${over.id}.` : undefined,
          onDragEnd: ({ active: a, over }) =>
            over ? `Project ${nameOf(a.data.current)} dropped on ${over.id}.` : undefined,
          onDragCancel: ({ active: a }) => `Moving project ${nameOf(a.data.current)} was cancelled.`,
        },
      }}
    >
      <BoardScroller label="Project board">
        {board.columns.map((column) => (
          <ProjectColumn
            key={column.status}
            column={column}
            activeId={active?.id ?? null}
            onOpen={onOpen}
            onDelete={onDelete}
          />
        ))}
      </BoardScroller>
      <DragOverlay dropAnimation={null}>
        {active ? (
          <ul className="w-[284px]">
            <ProjectCard project={active} overlay />
          </ul>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
