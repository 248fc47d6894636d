import type { ComponentProps, ReactNode, Ref } from 'react';
import {
  CalendarClock,
  Check,
  CircleCheck,
  Flag,
  FolderKanban,
  GripVertical,
  Handshake,
  UserRound,
} from 'lucide-react';
import type { Category, Task } from '@common/tasks';
import { Badge } from '../../components/badge';
import { cn } from '../../lib/cn';
import { formatDue, isOverdue, textOn } from './format';

/** A category as a label in its own colour, with text that stays readable on it. */
export function CategoryLabel({ category, className }: { category: Category; className?: string }) {
  return (
    <span
      className={cn('inline-flex max-w-full items-center rounded-full px-2 py-0.5 text-xs font-medium', className)}
      style={{ backgroundColor: category.color, color: textOn(category.color) }}
    >
      <span className="sr-only">Category: </span>
      <span className="truncate">{category.name}</span>
    </span>
  );
}

interface CheckButtonProps {
  task: Task;
  onComplete: (task: Task) => void;
  tabIndex?: number;
}

/** Sets the task Done (part 2 §2); a Done task shows a tick instead. */
function CheckButton({ task, onComplete, tabIndex }: CheckButtonProps) {
  if (task.status === 'Done') {
    return (
      <span role="img" aria-label="Done" className="inline-flex size-6 shrink-0 items-center justify-center">
        <CircleCheck aria-hidden="true" className="size-5 text-emerald-600 dark:text-emerald-400" />
      </span>
    );
  }
  return (
    <button
      type="button"
      aria-label={`Mark ${task.name} done`}
      title="Mark done"
      tabIndex={tabIndex}
      className="group/check inline-flex size-6 shrink-0 items-center justify-center rounded-full border-2 border-slate-400 text-transparent hover:border-emerald-600 hover:text-emerald-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-slate-500 dark:hover:border-emerald-400 dark:hover:text-emerald-400"
      onClick={() => onComplete(task)}
    >
      <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
    </button>
  );
}

interface TaskSummaryProps {
  task: Task;
  now: Date;
  onOpen: (task: Task) => void;
  onComplete: (task: Task) => void;
  /** Shown at the end of the first line: the drag handle on the board, the status in the list. */
  end?: ReactNode;
  /** The overlay copy that follows the pointer is not focusable. */
  inert?: boolean;
}

/**
 * What a task card and a list row both show: check, name, milestone, category, due date, project or deal, assignee.
 */
export function TaskSummary({ task, now, onOpen, onComplete, end, inert }: TaskSummaryProps) {
  const overdue = isOverdue(task, now);
  const tabIndex = inert ? -1 : undefined;
  const linked = task.projectName ?? task.dealName;
  return (
    <div className="min-w-0 flex-1">
      <div className="flex items-start gap-2">
        <CheckButton task={task} onComplete={onComplete} tabIndex={tabIndex} />
        <button
          type="button"
          className={cn(
            'min-w-0 flex-1 pt-0.5 text-left text-sm font-semibold break-words text-slate-900 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-white dark:hover:text-indigo-300',
            task.status === 'Done' && 'text-slate-600 line-through dark:text-slate-400',
          )}
          tabIndex={tabIndex}
          onClick={() => onOpen(task)}
        >
          {task.name}
        </button>
        {task.isMilestone && (
          <span role="img" aria-label="Milestone" title="Milestone" className="inline-flex shrink-0 pt-0.5">
            <Flag aria-hidden="true" className="size-4 text-amber-600 dark:text-amber-400" />
          </span>
        )}
        {end}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 pl-8 text-xs text-slate-600 dark:text-slate-400">
        {task.category && <CategoryLabel category={task.category} />}
        {task.dueDate && (
          <span
            className={cn('inline-flex items-center gap-1', overdue && 'font-semibold text-red-700 dark:text-red-400')}
          >
            <CalendarClock aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="whitespace-nowrap">
              <span className="sr-only">Due </span>
              {formatDue(task.dueDate)}
            </span>
          </span>
        )}
        {overdue && <Badge variant="danger">Overdue</Badge>}
        {linked && (
          <span className="inline-flex min-w-0 items-center gap-1">
            {task.projectName ? (
              <FolderKanban aria-hidden="true" className="size-3.5 shrink-0" />
            ) : (
              <Handshake aria-hidden="true" className="size-3.5 shrink-0" />
            )}
            <span className="sr-only">{task.projectName ? 'Project: ' : 'Deal: '}</span>
            <span className="truncate">{linked}</span>
          </span>
        )}
        {task.assigneeName && (
          <span className="inline-flex min-w-0 items-center gap-1">
            <UserRound aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="sr-only">Assigned to </span>
            <span className="truncate">{task.assigneeName}</span>
          </span>
        )}
      </div>
    </div>
  );
}

interface TaskCardProps extends ComponentProps<'li'> {
  task: Task;
  now: Date;
  onOpen?: (task: Task) => void;
  onComplete?: (task: Task) => void;
  /** The keyboard handle's props (dnd-kit's attributes and key listener). */
  handleProps?: ComponentProps<'button'> & { ref?: Ref<HTMLButtonElement> };
  /** The copy that follows the pointer while dragging. */
  overlay?: boolean;
  dragging?: boolean;
}

const noop = () => undefined;

/** A task on the board: dragged anywhere by the pointer, by its handle from the keyboard; its name opens it. */
export function TaskCard({
  task,
  now,
  onOpen = noop,
  onComplete = noop,
  handleProps,
  overlay,
  dragging,
  className,
  ...rest
}: TaskCardProps) {
  return (
    <li
      className={cn(
        'flex list-none rounded-lg border border-slate-200 bg-white p-3 shadow-sm select-none dark:border-slate-700 dark:bg-slate-900',
        !overlay && 'cursor-grab touch-manipulation',
        overlay && 'cursor-grabbing shadow-xl ring-2 ring-indigo-500',
        dragging && 'opacity-40',
        className,
      )}
      {...rest}
    >
      <TaskSummary
        task={task}
        now={now}
        onOpen={onOpen}
        onComplete={onComplete}
        inert={overlay}
        end={
          <button
            type="button"
            aria-label={`Move ${task.name}`}
            tabIndex={overlay ? -1 : undefined}
            className="-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
            {...handleProps}
          >
            <GripVertical aria-hidden="true" className="size-4" />
          </button>
        }
      />
    </li>
  );
}
