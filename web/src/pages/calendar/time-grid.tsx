import { useLayoutEffect, useRef } from 'react';
import { format, isToday } from 'date-fns';
import type { CalendarEvent } from '@common/calendar';
import { cn } from '../../lib/cn';
import type { BusyLayout, BusyItem } from './busy';
import { BusyButton, busyHatch } from './busy-button';
import { HOURS, dayKey, fullDate, hourLabel, hourShortLabel } from './dates';
import { EventButton } from './event-button';

/** The working day starts here: the grid opens scrolled to it. */
const FIRST_WORKING_HOUR = 8;

interface TimeGridProps {
  /** One day (day view) or seven (week view). */
  days: Date[];
  /** Events of each local day, by hour: `${dayKey} ${hour}`. */
  eventsByHour: Map<string, CalendarEvent[]>;
  /** External busy blocks: each in the first hour it covers on a day, every hour it covers shaded. */
  busy: Pick<BusyLayout, 'byHour' | 'coveredHours'>;
  onOpen: (event: CalendarEvent) => void;
  onOpenBusy: (block: BusyItem) => void;
  onShowDay?: (day: Date) => void;
  /** The period shown, naming the table: "Nov 22 – 28, 2026". */
  label: string;
}

export const hourKey = (day: Date, hour: number) => `${dayKey(day)} ${hour}`;

/** Part 2 §9: 24 hourly rows, in a scroll area at most 600 px high that opens at 8:00. */
export function TimeGrid({ days, eventsByHour, busy, onOpen, onOpenBusy, onShowDay, label }: TimeGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const openingRow = useRef<HTMLDivElement>(null);
  const isWeek = days.length > 1;
  const columns = isWeek ? 'grid-cols-[3.5rem_repeat(7,minmax(4.5rem,1fr))]' : 'grid-cols-[3.5rem_minmax(0,1fr)]';

  // Once per view: moving to the next week keeps the reader's scroll position.
  useLayoutEffect(() => {
    const container = scroller.current;
    const row = openingRow.current;
    if (container && row)
      container.scrollTop = row.offsetTop - (container.querySelector('[data-head]')?.clientHeight ?? 0);
  }, [isWeek]);

  return (
    // Focusable, so the hours can be scrolled by keyboard even on a day without events.
    <div
      ref={scroller}
      role="region"
      aria-label="Hours"
      tabIndex={0}
      className="relative max-h-[600px] overflow-auto focus-visible:outline-offset-[-2px]"
    >
      <div role="table" aria-label={label} className={cn(isWeek && 'min-w-[36rem]')}>
        <div role="rowgroup" data-head className="sticky top-0 z-10 bg-white dark:bg-slate-900">
          <div role="row" className={cn('grid border-b border-slate-200 dark:border-slate-800', columns)}>
            <div role="columnheader" className="sticky left-0 bg-white py-2 dark:bg-slate-900">
              <span className="sr-only">Time</span>
            </div>
            {days.map((day) => {
              const today = isToday(day);
              const heading = (
                <>
                  <span className="block text-xs font-semibold text-slate-600 uppercase dark:text-slate-400">
                    {format(day, 'EEE')}
                  </span>
                  <span
                    className={cn(
                      'mx-auto flex size-7 items-center justify-center rounded-full text-sm font-medium text-slate-900 dark:text-slate-100',
                      today && 'bg-indigo-600 text-white dark:text-white',
                    )}
                  >
                    {format(day, 'd')}
                  </span>
                </>
              );
              return (
                <div
                  key={dayKey(day)}
                  role="columnheader"
                  aria-label={fullDate(day)}
                  aria-current={today ? 'date' : undefined}
                  className="py-1.5 text-center"
                >
                  {isWeek && onShowDay ? (
                    <button
                      type="button"
                      onClick={() => onShowDay(day)}
                      aria-label={`Show ${fullDate(day)}`}
                      className="rounded-lg px-2 py-0.5 hover:bg-slate-100 dark:hover:bg-slate-800"
                    >
                      {heading}
                    </button>
                  ) : (
                    heading
                  )}
                </div>
              );
            })}
          </div>
        </div>
        <div role="rowgroup" className="divide-y divide-slate-200 dark:divide-slate-800">
          {HOURS.map((hour) => (
            <div
              key={hour}
              ref={hour === FIRST_WORKING_HOUR ? openingRow : undefined}
              role="row"
              aria-label={hourLabel(hour)}
              className={cn('grid min-h-12', columns)}
            >
              <div
                role="rowheader"
                className="sticky left-0 z-[1] bg-white pt-1 pr-2 text-right text-[11px] whitespace-nowrap text-slate-600 dark:bg-slate-900 dark:text-slate-400"
              >
                {hourShortLabel(hour)}
              </div>
              {days.map((day) => {
                const key = hourKey(day, hour);
                const events = eventsByHour.get(key) ?? [];
                return (
                  <div
                    key={dayKey(day)}
                    role="cell"
                    aria-label={`${fullDate(day)}, ${hourLabel(hour)}`}
                    className={cn(
                      'flex min-w-0 flex-col gap-0.5 border-l border-slate-200 p-0.5 dark:border-slate-800',
                      busy.coveredHours.has(key) && busyHatch,
                    )}
                  >
                    {busy.byHour.get(key)?.map((block) => (
                      <BusyButton key={block.key} block={block} onOpen={onOpenBusy} />
                    ))}
                    {events.map((event) => (
                      <EventButton key={`${event.kind}:${event.id}`} event={event} onOpen={onOpen} />
                    ))}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
