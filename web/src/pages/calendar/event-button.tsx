import type { CalendarEvent } from '@common/calendar';
import { calendarEventColors } from '@common/calendar';
import { cn } from '../../lib/cn';
import { formatTime } from './dates';

/** Part 2 §4's colours, with text that keeps 4.5:1 contrast in both themes. */
const colorClasses: Record<(typeof calendarEventColors)[keyof typeof calendarEventColors], string> = {
  blue: 'border-blue-500 bg-blue-100 text-blue-900 hover:bg-blue-200 dark:bg-blue-500/20 dark:text-blue-100 dark:hover:bg-blue-500/30',
  purple:
    'border-purple-500 bg-purple-100 text-purple-900 hover:bg-purple-200 dark:bg-purple-500/20 dark:text-purple-100 dark:hover:bg-purple-500/30',
  green:
    'border-green-600 bg-green-100 text-green-900 hover:bg-green-200 dark:bg-green-500/20 dark:text-green-100 dark:hover:bg-green-500/30',
};

export const eventColorClasses = (event: CalendarEvent) => colorClasses[calendarEventColors[event.kind]];

/** The dot colour of each kind, for the filter bar's legend. */
export const kindDotClasses = {
  task: 'bg-blue-500',
  activity: 'bg-purple-500',
  booking: 'bg-green-600',
} as const;

interface EventButtonProps {
  event: CalendarEvent;
  onOpen: (event: CalendarEvent) => void;
  /** In the narrow month cells of a phone only the title shows; the button's name keeps the time. */
  compact?: boolean;
}

/** One event: a button named by its time and title, coloured by its kind. */
export function EventButton({ event, onOpen, compact }: EventButtonProps) {
  const time = formatTime(new Date(event.start));
  return (
    <button
      type="button"
      onClick={() => onOpen(event)}
      title={`${time} ${event.title}`}
      className={cn(
        'block w-full min-w-0 rounded border-l-2 px-1 py-0.5 text-left text-[11px] leading-tight sm:px-1.5 sm:text-xs',
        eventColorClasses(event),
      )}
    >
      {/* The trailing space keeps the name "10:00 AM Title" where the lines are read together. */}
      <span className={cn('block truncate', compact && 'sr-only sm:not-sr-only sm:block sm:truncate')}>{time} </span>
      <span className="block truncate font-medium">{event.title}</span>
    </button>
  );
}
