import type { ComponentProps, Ref } from 'react';
import { CalendarDays, GripVertical, Trash2 } from 'lucide-react';
import { projectStatusBadge, type Project } from '@common/projects';
import { Badge } from '../../components/badge';
import { cn } from '../../lib/cn';
import { formatDueDate } from './format';

interface ProjectCardProps extends ComponentProps<'li'> {
  project: Project;
  onOpen?: (project: Project) => void;
  onDelete?: (project: Project) => void;
  /** On the board: the keyboard handle's props (dnd-kit's attributes and key listener). */
  handleProps?: ComponentProps<'button'> & { ref?: Ref<HTMLButtonElement> };
  /** The copy that follows the pointer while dragging. */
  overlay?: boolean;
  dragging?: boolean;
}

const iconButton =
  '-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100';

/** A project on the board or in the grid: its name opens it; on the board it is dragged by the pointer or its handle. */
export function ProjectCard({
  project,
  onOpen,
  onDelete,
  handleProps,
  overlay,
  dragging,
  className,
  ...rest
}: ProjectCardProps) {
  const draggable = Boolean(handleProps) || overlay;
  const tabIndex = overlay ? -1 : undefined;
  return (
    <li
      className={cn(
        'flex min-w-0 list-none flex-col rounded-lg border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-700 dark:bg-slate-900',
        draggable && 'select-none',
        draggable && !overlay && 'cursor-grab touch-manipulation',
        overlay && 'cursor-grabbing shadow-xl ring-2 ring-indigo-500',
        dragging && 'opacity-40',
        className,
      )}
      {...rest}
    >
      <div className="flex items-start gap-2">
        <button
          type="button"
          className="min-w-0 flex-1 text-left text-sm font-semibold wrap-anywhere text-slate-900 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-white dark:hover:text-indigo-300"
          onClick={() => onOpen?.(project)}
          tabIndex={tabIndex}
        >
          {project.name}
        </button>
        {onDelete && (
          <button
            type="button"
            aria-label={`Delete ${project.name}`}
            title="Delete"
            tabIndex={tabIndex}
            className={cn(iconButton, 'hover:text-red-700 dark:hover:text-red-400')}
            onClick={() => onDelete(project)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        )}
        {draggable && (
          <button
            type="button"
            aria-label={`Move ${project.name}`}
            tabIndex={tabIndex}
            className={iconButton}
            {...handleProps}
          >
            <GripVertical aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
      <div className="mt-2">
        <Badge variant={projectStatusBadge[project.status]}>{project.status}</Badge>
      </div>
      {project.description && (
        <p className="mt-2 line-clamp-3 text-sm whitespace-pre-line wrap-anywhere text-slate-600 dark:text-slate-400">
          {project.description}
        </p>
      )}
      {project.dueDate && (
        <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
          <CalendarDays aria-hidden="true" className="size-3.5 shrink-0" />
          <span>
            <span className="sr-only">Due </span>
            {formatDueDate(project.dueDate)}
          </span>
        </p>
      )}
      <TaskProgress done={project.doneTaskCount} all={project.taskCount} />
    </li>
  );
}

/** "{done}/{all} tasks" and a bar; a project without tasks shows an empty one. */
function TaskProgress({ done, all }: { done: number; all: number }) {
  const percent = all > 0 ? Math.round((done / all) * 100) : 0;
  return (
    <div className="mt-auto pt-3">
      <p className="mb-1 text-xs font-medium text-slate-600 tabular-nums dark:text-slate-400">
        {done}/{all} tasks
      </p>
      <div
        role="progressbar"
        aria-label="Task progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${done} of ${all} tasks done`}
        className="h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className="h-full rounded-full bg-indigo-500" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
