import { closestCenter, DndContext, type DragEndEvent, type Modifier } from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Pencil, X } from 'lucide-react';
import { pipelineMessages } from '@common/pipelines';
import { useDragSensors, verticalKeyboardCoordinates } from '../../components/dnd';
import { SortableHandle } from '../../components/sortable-handle';
import { cn } from '../../lib/cn';

interface StageListProps {
  stages: string[];
  onReorder: (stages: string[]) => void;
  onRename: (stage: string) => void;
  onRemove: (stage: string) => void;
}

const onlyVertical: Modifier = ({ transform }) => ({ ...transform, x: 0 });

const iconButton =
  'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100';

/**
 * The stages in order, sorted by dragging their handle: with the pointer after 10 px,
 * or from the keyboard (Space, the arrows 25 px at a time, Space again).
 */
export function StageList({ stages, onReorder, onRename, onRemove }: StageListProps) {
  const sensors = useDragSensors(verticalKeyboardCoordinates);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = stages.indexOf(String(active.id));
    const to = stages.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(stages, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[onlyVertical]}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'To reorder a stage, press Space to pick it up, the up and down arrows to move it, Space again to drop it, or Escape to cancel.',
        },
        announcements: {
          onDragStart: ({ active }) => `Picked up stage ${active.id}.`,
          onDragOver: ({ active, over }) =>
            over ? `Stage ${active.id} is over position ${stages.indexOf(String(over.id)) + 1}.` : undefined,
          onDragEnd: ({ active, over }) =>
            over ? `Stage ${active.id} dropped at position ${stages.indexOf(String(over.id)) + 1}.` : undefined,
          onDragCancel: ({ active }) => `Moving stage ${active.id} was cancelled.`,
        },
      }}
    >
      <SortableContext items={stages} strategy={verticalListSortingStrategy}>
        <ol aria-label="Stages" className="flex flex-col gap-1">
          {stages.map((stage, index) => (
            <StageRow
              key={stage}
              stage={stage}
              position={index + 1}
              canRemove={stages.length > 1}
              onRename={onRename}
              onRemove={onRemove}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

/** The stages in order, to read: what a Member sees (only an Owner or Admin changes them). */
export function StageNames({ stages }: { stages: string[] }) {
  return (
    <ol aria-label="Stages" className="flex flex-col gap-1">
      {stages.map((stage) => (
        <li
          key={stage}
          className="flex h-10 items-center rounded-lg border border-slate-200 bg-white px-3 text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <span className="min-w-0 flex-1 truncate font-medium text-slate-800 dark:text-slate-100">{stage}</span>
        </li>
      ))}
    </ol>
  );
}

interface StageRowProps {
  stage: string;
  position: number;
  canRemove: boolean;
  onRename: (stage: string) => void;
  onRemove: (stage: string) => void;
}

function StageRow({ stage, position, canRemove, onRename, onRemove }: StageRowProps) {
  const sortable = useSortable({
    id: stage,
  });
  const { setNodeRef, transform, transition, isDragging } = sortable;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'flex h-10 items-center gap-1 rounded-lg border border-slate-200 bg-white pr-1 pl-1 text-sm dark:border-slate-700 dark:bg-slate-900',
        isDragging && 'relative z-10 shadow-lg ring-2 ring-indigo-500',
      )}
    >
      <SortableHandle sortable={sortable} label={`Reorder ${stage}`} position={position} className={iconButton} />
      <span className="min-w-0 flex-1 truncate font-medium text-slate-800 dark:text-slate-100">{stage}</span>
      <button type="button" aria-label={`Rename stage ${stage}`} className={iconButton} onClick={() => onRename(stage)}>
        <Pencil aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        aria-label={`Remove stage ${stage}`}
        disabled={!canRemove}
        title={canRemove ? undefined : pipelineMessages.lastStage}
        className={cn(
          iconButton,
          'hover:bg-red-50 hover:text-red-700 disabled:cursor-not-allowed disabled:opacity-40 dark:hover:bg-red-500/10 dark:hover:text-red-400',
        )}
        onClick={() => onRemove(stage)}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
