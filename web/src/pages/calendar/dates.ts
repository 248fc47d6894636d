import { addDays, addMonths, addWeeks, format, isValid, parse, startOfDay, startOfMonth, startOfWeek } from 'date-fns';

export const calendarViews = ['month', 'week', 'day'] as const;
export type CalendarView = (typeof calendarViews)[number];
export const calendarViewLabels: Record<CalendarView, string> = { month: 'Month', week: 'Week', day: 'Day' };

/** Part 2 §9: the month grid is 6 weeks of 7 days, starting on Sunday. */
export const MONTH_CELLS = 42;
export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

export interface VisibleRange {
  /** The shown days, each at its local midnight. */
  days: Date[];
  /** [from, to) as instants: the first shown day's midnight to the midnight after the last one. */
  from: Date;
  to: Date;
}

/**
 * The days a view shows around `anchor`, in the browser's time zone. addDays steps by calendar day, so a
 * daylight-saving change inside the range keeps every day at midnight (the range is then 23 or 25 hours longer).
 */
export function visibleRange(view: CalendarView, anchor: Date): VisibleRange {
  const first =
    view === 'month' ? startOfWeek(startOfMonth(anchor)) : view === 'week' ? startOfWeek(anchor) : startOfDay(anchor);
  const length = view === 'month' ? MONTH_CELLS : view === 'week' ? 7 : 1;
  const days = Array.from({ length }, (_, i) => addDays(first, i));
  return { days, from: first, to: addDays(first, length) };
}

/** The anchor one period earlier (-1) or later (+1). */
export function shiftAnchor(view: CalendarView, anchor: Date, step: 1 | -1): Date {
  if (view === 'month') return addMonths(startOfMonth(anchor), step);
  if (view === 'week') return addWeeks(anchor, step);
  return addDays(anchor, step);
}

/** The period's heading: "November 2026", "Nov 22 – 28, 2026", "Monday, November 23, 2026". */
export function periodTitle(view: CalendarView, anchor: Date, range: VisibleRange): string {
  if (view === 'month') return format(anchor, 'MMMM yyyy');
  if (view === 'day') return fullDate(anchor);
  const first = range.days[0]!;
  const last = range.days[range.days.length - 1]!;
  if (first.getFullYear() !== last.getFullYear()) {
    return `${format(first, 'MMM d, yyyy')} – ${format(last, 'MMM d, yyyy')}`;
  }
  if (first.getMonth() !== last.getMonth()) {
    return `${format(first, 'MMM d')} – ${format(last, 'MMM d, yyyy')}`;
  }
  return `${format(first, 'MMM d')} – ${format(last, 'd, yyyy')}`;
}

/** A day as a label names it: "Monday, November 23, 2026". */
export const fullDate = (day: Date) => format(day, 'EEEE, MMMM d, yyyy');

/** A day in the address: "2026-11-23". */
export const dayParam = (day: Date) => format(day, 'yyyy-MM-dd');

/** The day of the address, or null when it is missing or not a date. */
export function parseDayParam(value: string | null): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const day = parse(value, 'yyyy-MM-dd', new Date());
  return isValid(day) ? day : null;
}

/** The key of a local day, for grouping events: "2026-11-23". */
export const dayKey = dayParam;

/** An hour row's name: "10:00 AM". */
export const hourLabel = (hour: number) => format(new Date(2000, 0, 1, hour), 'h:mm a');
/** An hour row's short visible label: "10 AM". */
export const hourShortLabel = (hour: number) => format(new Date(2000, 0, 1, hour), 'h a');

/** An event's time: "10:00 AM". */
export const formatTime = (date: Date) => format(date, 'h:mm a');

/** Part 2 §9: "MMM d, yyyy h:mm a". */
export const formatDateTime = (date: Date) => format(date, 'MMM d, yyyy h:mm a');
