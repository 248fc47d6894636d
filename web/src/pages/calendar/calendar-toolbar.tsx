import { ChevronLeft, ChevronRight } from 'lucide-react';
import { calendarFilterLabels, calendarFilters, type Calendar, type CalendarFilter } from '@common/calendar';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { cn } from '../../lib/cn';
import { formatCount } from '../../lib/format';
import { calendarViewLabels, calendarViews, type CalendarView } from './dates';
import { kindDotClasses } from './event-button';

const unitNames: Record<CalendarView, string> = { month: 'month', week: 'week', day: 'day' };

function toggleClasses(pressed: boolean) {
  return cn(
    'inline-flex h-9 shrink-0 items-center gap-2 rounded-md px-3 text-sm font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
    pressed
      ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-300 dark:bg-slate-700 dark:text-white dark:ring-slate-600'
      : 'text-slate-700 hover:bg-white/70 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  );
}

const groupClasses = 'inline-flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-900 dark:ring-1 dark:ring-slate-800';

interface NavigationProps {
  view: CalendarView;
  title: string;
  loading: boolean;
  onStep: (step: 1 | -1) => void;
  onToday: () => void;
  onView: (view: CalendarView) => void;
}

/** Previous, Today, Next, the period shown, and the view switch. */
export function CalendarNavigation({ view, title, loading, onStep, onToday, onView }: NavigationProps) {
  const unit = unitNames[view];
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <Button variant="secondary" size="icon" aria-label={`Previous ${unit}`} onClick={() => onStep(-1)}>
          <ChevronLeft aria-hidden="true" className="size-5" />
        </Button>
        <Button variant="secondary" onClick={onToday}>
          Today
        </Button>
        <Button variant="secondary" size="icon" aria-label={`Next ${unit}`} onClick={() => onStep(1)}>
          <ChevronRight aria-hidden="true" className="size-5" />
        </Button>
        {/* On a phone the period gets a line of its own rather than being cut. */}
        <div className="flex w-full min-w-0 items-center gap-2 sm:ml-1 sm:w-auto">
          <h2 className="min-w-0 text-lg font-semibold text-slate-900 dark:text-white" aria-live="polite">
            {title}
          </h2>
          {loading && <Spinner label="Loading events" className="size-4 text-indigo-500" />}
        </div>
      </div>
      <div role="group" aria-label="View" className={cn(groupClasses, 'self-start md:self-auto')}>
        {calendarViews.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={view === option}
            onClick={() => onView(option)}
            className={toggleClasses(view === option)}
          >
            {calendarViewLabels[option]}
          </button>
        ))}
      </div>
    </div>
  );
}

/** All = the three kinds together; past the cap of one kind the total reads "500+". */
export function filterCount(counts: Calendar['counts'], filter: CalendarFilter) {
  if (filter !== 'all') return counts[filter];
  const kinds = [counts.task, counts.activity, counts.booking];
  return { count: kinds.reduce((sum, k) => sum + k.count, 0), hasMore: kinds.some((k) => k.hasMore) };
}

interface FilterBarProps {
  filter: CalendarFilter;
  counts: Calendar['counts'] | undefined;
  onFilter: (filter: CalendarFilter) => void;
}

/** Part 2 §2: All, Activities, Appointments, Tasks, each with its count for the shown range. */
export function FilterBar({ filter, counts, onFilter }: FilterBarProps) {
  return (
    <div role="group" aria-label="Show" className={cn(groupClasses, 'flex-wrap')}>
      {calendarFilters.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={filter === option}
          onClick={() => onFilter(option)}
          className={toggleClasses(filter === option)}
        >
          {option !== 'all' && (
            <span aria-hidden="true" className={cn('size-2 rounded-full', kindDotClasses[option])} />
          )}
          {calendarFilterLabels[option]}
          <span className="rounded-full bg-slate-200 px-1.5 text-xs font-semibold text-slate-700 tabular-nums dark:bg-slate-800 dark:text-slate-200">
            {counts ? formatCount(filterCount(counts, option)) : '–'}
          </span>
        </button>
      ))}
    </div>
  );
}
