import type { ComponentProps } from 'react';
import { Building2, ChevronsUpDown } from 'lucide-react';
import { Spinner } from '../components/spinner';
import { cn } from '../lib/cn';

interface WorkspaceBlockProps extends ComponentProps<'button'> {
  /** The current workspace's name; null while it loads. */
  workspaceName: string | null;
  /** A button opening the switcher's menu; otherwise a placeholder of the same size. */
  interactive?: boolean;
  /** A switch is under way. */
  busy?: boolean;
}

const blockClasses = 'flex w-full items-center gap-3 rounded-lg p-2 text-left';

/** The sidebar's line naming the current workspace: the switcher's button, and its placeholder while it loads. */
export function WorkspaceBlock({ workspaceName, interactive, busy, className, ...button }: WorkspaceBlockProps) {
  const content = (
    <>
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-300">
        <Building2 aria-hidden="true" className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-xs text-slate-600 dark:text-slate-400">Workspace</span>
        {workspaceName === null ? (
          <span className="mt-1 block h-3.5 w-24 rounded bg-slate-200 dark:bg-slate-800" />
        ) : (
          <span className="block truncate text-sm font-medium text-slate-900 dark:text-slate-100">{workspaceName}</span>
        )}
      </span>
      {interactive &&
        (busy ? (
          <Spinner className="text-slate-500" />
        ) : (
          <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        ))}
    </>
  );
  if (!interactive) return <div className={cn(blockClasses, className)}>{content}</div>;
  return (
    <button
      type="button"
      {...button}
      className={cn(
        blockClasses,
        'hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800',
        className,
      )}
    >
      {content}
    </button>
  );
}
