import { format, isSameMonth, isToday } from 'date-fns';
import type { CalendarEvent } from '@common/calendar';
import { cn } from '../../lib/cn';
import type { BusyItem } from './busy';
import { BusyButton } from './busy-button';
import { dayKey, fullDate } from './dates';
import { EventButton } from './event-button';

/** A cell lists this many items (busy blocks first), then "+N more", which opens that day. */
export const EVENTS_PER_CELL = 3;

interface MonthViewProps {
  /** The 42 shown days, from a Sunday. */
  days: Date[];
  /** The month being shown: its days are not dimmed. */
  month: Date;
  /** The first events of each day (all of them, or the first EVENTS_PER_CELL of each kind). */
  eventsByDay: Map<string, CalendarEvent[]>;
  /** How many events each day has in all, for "+N more". */
  eventCountByDay: Map<string, number>;
  /** External busy blocks touching each day. */
  busyByDay: Map<string, BusyItem[]>;
  onOpen: (event: CalendarEvent) => void;
  onOpenBusy: (block: BusyItem) => void;
  onShowDay: (day: Date) => void;
}

/** Part 2 §9: 6 weeks × 7 days from Sunday. A table to assistive technology: a weekday header per column. */
export function MonthView({
  days,
  month,
  eventsByDay,
  eventCountByDay,
  busyByDay,
  onOpen,
  onOpenBusy,
  onShowDay,
}: MonthViewProps) {
  const weeks = Array.from({ length: days.length / 7 }, (_, w) => days.slice(w * 7, w * 7 + 7));
  return (
    <div role="table" aria-label={format(month, 'MMMM yyyy')} className="w-full">
      <div role="rowgroup">
        <div role="row" className="grid grid-cols-7 border-b border-slate-200 dark:border-slate-800">
          {weeks[0]?.map((day) => (
            <div
              key={day.getDay()}
              role="columnheader"
              aria-label={format(day, 'EEEE')}
              className="py-2 text-center text-xs font-semibold text-slate-600 uppercase dark:text-slate-400"
            >
              {format(day, 'EEE')}
            </div>
          ))}
        </div>
      </div>
      <div role="rowgroup" className="divide-y divide-slate-200 dark:divide-slate-800">
        {weeks.map((week) => (
          <div
            key={dayKey(week[0]!)}
            role="row"
            className="grid grid-cols-7 divide-x divide-slate-200 dark:divide-slate-800"
          >
            {week.map((day) => {
              const busy = busyByDay.get(dayKey(day)) ?? [];
              const events = eventsByDay.get(dayKey(day)) ?? [];
              const shownBusy = busy.slice(0, EVENTS_PER_CELL);
              const shown = events.slice(0, EVENTS_PER_CELL - shownBusy.length);
              const eventCount = Math.max(eventCountByDay.get(dayKey(day)) ?? 0, events.length);
              const more = busy.length + eventCount - shownBusy.length - shown.length;
              const inMonth = isSameMonth(day, month);
              const today = isToday(day);
              const label = fullDate(day);
              return (
                <div
                  key={dayKey(day)}
                  role="cell"
                  aria-label={label}
                  aria-current={today ? 'date' : undefined}
                  className={cn(
                    'flex min-h-20 min-w-0 flex-col gap-0.5 p-0.5 sm:min-h-28 sm:p-1',
                    !inMonth && 'bg-slate-50 dark:bg-slate-950/60',
                  )}
                >
                  <button
                    type="button"
                    onClick={() => onShowDay(day)}
                    aria-label={`Show ${label}`}
                    className={cn(
                      'flex size-6 shrink-0 items-center justify-center self-end rounded-full text-xs hover:bg-slate-200 sm:size-7 sm:self-start sm:text-sm dark:hover:bg-slate-700',
                      inMonth ? 'font-medium text-slate-900 dark:text-slate-100' : 'text-slate-600 dark:text-slate-400',
                      today && 'bg-indigo-600 font-semibold text-white hover:bg-indigo-700 dark:hover:bg-indigo-500',
                    )}
                  >
                    {format(day, 'd')}
                  </button>
                  {shownBusy.map((block) => (
                    <BusyButton key={block.key} block={block} onOpen={onOpenBusy} compact />
                  ))}
                  {shown.map((event) => (
                    <EventButton key={`${event.kind}:${event.id}`} event={event} onOpen={onOpen} compact />
                  ))}
                  {more > 0 && (
                    <button
                      type="button"
                      onClick={() => onShowDay(day)}
                      className="truncate rounded px-1 text-left text-[11px] font-medium text-slate-700 hover:bg-slate-100 sm:text-xs dark:text-slate-300 dark:hover:bg-slate-800"
                    >
                      +{more}
                      <span className="sr-only sm:not-sr-only"> more</span>
                      <span className="sr-only"> on {label}</span>
                    </button>
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
