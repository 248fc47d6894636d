import type { PublicBookingOwner } from '@common/booking';

type TimeFormat = PublicBookingOwner['timeFormat'];

/** The visitor's time zone as the browser reports it; UTC when it reports none. */
export function detectTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every time zone the browser lists, with `current` added first when the list leaves it out (e.g. UTC). */
export function timeZoneOptions(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

const formatters = new Map<string, Intl.DateTimeFormat>();

// One formatter per zone and format: building one is the slow part, and a day shows dozens of slots.
function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-US', options);
    formatters.set(key, cached);
  }
  return cached;
}

const clockOptions = (timeFormat: TimeFormat): Intl.DateTimeFormatOptions =>
  timeFormat === '12h'
    ? { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' }
    : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** A slot's start as the owner's format shows it, in `timeZone`: "3:00 PM" or "15:00". */
export function formatClock(iso: string, timeZone: string, timeFormat: TimeFormat): string {
  return formatter(`clock|${timeZone}|${timeFormat}`, { ...clockOptions(timeFormat), timeZone }).format(new Date(iso));
}

/** An instant's day in `timeZone`: "Monday, November 30, 2026". */
export function formatDayOf(iso: string, timeZone: string): string {
  return formatter(`day|${timeZone}`, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(new Date(iso));
}

/** A calendar date ('YYYY-MM-DD') as a heading names it: "Monday, November 30, 2026". */
export function formatDate(date: string): string {
  return formatDayOf(`${date}T12:00:00Z`, 'UTC');
}

/** "Monday, November 30, 2026, 15:00 – 15:30" in `timeZone`. */
export function formatSpan(startIso: string, endIso: string, timeZone: string, timeFormat: TimeFormat): string {
  const start = formatClock(startIso, timeZone, timeFormat);
  const end = formatClock(endIso, timeZone, timeFormat);
  return `${formatDayOf(startIso, timeZone)}, ${start} – ${end}`;
}

/** The calendar date `days` after (or before) `date`, both 'YYYY-MM-DD'. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** `date` kept within [first, last]; dates in 'YYYY-MM-DD' compare as strings. */
export function clampDate(date: string, first: string, last: string): string {
  if (date < first) return first;
  if (date > last) return last;
  return date;
}

/** How a time zone id reads in a list: "America/New York". */
export const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');
