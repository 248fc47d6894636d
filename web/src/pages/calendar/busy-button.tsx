import { cn } from '../../lib/cn';
import { busyTitle, busyWhen, type BusyItem } from './busy';

/** Grey and hatched, with a dashed edge: unlike the spec's three coloured kinds, and not a record of ours. */
export const busyHatch =
  'bg-slate-100 bg-[image:repeating-linear-gradient(135deg,var(--color-slate-200)_0_4px,transparent_4px_9px)] dark:bg-slate-800 dark:bg-[image:repeating-linear-gradient(135deg,var(--color-slate-700)_0_4px,transparent_4px_9px)]';

interface BusyButtonProps {
  block: BusyItem;
  onOpen: (block: BusyItem) => void;
  /** In the narrow month cells of a phone only the title shows; the button's name keeps the time. */
  compact?: boolean;
}

/** One external busy time: a button named by its time and "Busy" (or its title, when the user shows titles). */
export function BusyButton({ block, onOpen, compact }: BusyButtonProps) {
  const when = busyWhen(block);
  const title = busyTitle(block);
  return (
    <button
      type="button"
      onClick={() => onOpen(block)}
      title={`${when} ${title}`}
      className={cn(
        'block w-full min-w-0 rounded border-l-2 border-dashed border-slate-500 px-1 py-0.5 text-left text-[11px] leading-tight text-slate-800 hover:border-slate-700 sm:px-1.5 sm:text-xs dark:border-slate-400 dark:text-slate-100',
        busyHatch,
      )}
    >
      <span className={cn('block truncate', compact && 'sr-only sm:not-sr-only sm:block sm:truncate')}>{when} </span>
      <span className="block truncate font-medium italic">{title}</span>
    </button>
  );
}
