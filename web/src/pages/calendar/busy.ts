import { addDays, format, isSameDay } from 'date-fns';
import { calendarBusyText, type CalendarBusyBlock, type CalendarFilter } from '@common/calendar';
import { dayKey, formatTime } from './dates';

// External busy blocks (issue 31) laid out on the shown days, in the browser's time zone as the events are.

/** A block with a key of its own: busy times have no id (a recurring event's instances share one UID). */
export interface BusyItem extends CalendarBusyBlock {
  key: string;
}

/** The filter bar is the spec's: busy blocks show beside appointments (All and Appointments), not tasks or activities. */
export const showsBusy = (filter: CalendarFilter) => filter === 'all' || filter === 'booking';

export const busyTitle = (block: CalendarBusyBlock) => block.title || calendarBusyText.label;

/** "9:00 AM – 10:00 AM", "All day", "All day, Jun 2 – Jun 3", or with days when the hours span midnight. */
export function busyWhen(block: CalendarBusyBlock): string {
  const start = new Date(block.start);
  const end = new Date(block.end);
  if (block.allDay) {
    const last = new Date(end.getTime() - 1);
    return isSameDay(start, last)
      ? calendarBusyText.allDay
      : `${calendarBusyText.allDay}, ${format(start, 'MMM d')} – ${format(last, 'MMM d')}`;
  }
  if (isSameDay(start, end)) return `${formatTime(start)} – ${formatTime(end)}`;
  return `${format(start, 'MMM d, h:mm a')} – ${format(end, 'MMM d, h:mm a')}`;
}

export interface BusyLayout {
  /** The blocks touching each shown day (month view, and the week's days). */
  byDay: Map<string, BusyItem[]>;
  /** Each block once per day, in the first hour it covers that day: `${dayKey} ${hour}` (time grid). */
  byHour: Map<string, BusyItem[]>;
  /** Every hour a block covers, shaded in the time grid so a long block reads as one. */
  coveredHours: Set<string>;
}

const overlaps = (block: CalendarBusyBlock, from: Date, to: Date) =>
  Date.parse(block.start) < to.getTime() && Date.parse(block.end) > from.getTime();

export function layOutBusy(blocks: CalendarBusyBlock[], days: Date[]): BusyLayout {
  const layout: BusyLayout = { byDay: new Map(), byHour: new Map(), coveredHours: new Set() };
  const add = (map: Map<string, BusyItem[]>, key: string, item: BusyItem) =>
    map.set(key, [...(map.get(key) ?? []), item]);
  blocks.forEach((block, i) => {
    const item: BusyItem = { ...block, key: `${i}:${block.start}` };
    for (const day of days) {
      if (!overlaps(block, day, addDays(day, 1))) continue;
      add(layout.byDay, dayKey(day), item);
      let placed = false;
      for (let hour = 0; hour < 24; hour++) {
        const from = new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour);
        const to = new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour + 1);
        if (!overlaps(block, from, to)) continue;
        const key = `${dayKey(day)} ${hour}`;
        layout.coveredHours.add(key);
        if (!placed) add(layout.byHour, key, item);
        placed = true;
      }
    }
  });
  return layout;
}
