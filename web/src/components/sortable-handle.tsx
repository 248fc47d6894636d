import type { useSortable } from '@dnd-kit/sortable';
import { GripVertical } from 'lucide-react';
import { cn } from '../lib/cn';

type Sortable = Pick<ReturnType<typeof useSortable>, 'setActivatorNodeRef' | 'attributes' | 'listeners'>;

interface SortableHandleProps {
  sortable: Sortable;
  /** The handle's accessible name, e.g. "Reorder Lead". */
  label: string;
  /** The row's place in the list (1-based), shown beside the handle. */
  position: number;
  className: string;
}

/**
 * The handle of a row in a sortable list and the row's number: the pointer picks the row up after 10 px, the
 * keyboard with Space and the arrows (components/dnd.ts).
 */
export function SortableHandle({ sortable, label, position, className }: SortableHandleProps) {
  const { setActivatorNodeRef, attributes, listeners } = sortable;
  return (
    <>
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={label}
        className={cn(className, 'cursor-grab touch-none active:cursor-grabbing')}
      >
        <GripVertical aria-hidden="true" className="size-4" />
      </button>
      <span aria-hidden="true" className="w-5 shrink-0 text-xs text-slate-500 tabular-nums dark:text-slate-400">
        {position}.
      </span>
    </>
  );
}
