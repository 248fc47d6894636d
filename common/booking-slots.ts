import { TZDate } from '@date-fns/tz';
import type { SlotRules, TimeRange } from './booking';

// The free-slot rule (decisions.md item 15): the booking page lists these slots and the server books only one of
// them. Availability times are wall-clock times in the owner's zone; dates are counted as days since 1970-01-01.

const MINUTE = 60_000;
const DAY = 86_400_000;
/** The first free slot is looked for this many days at a time (one read of bookings each). */
export const FIRST_FREE_SPAN_DAYS = 15;

/** The calendar date of an instant in a time zone, as a day number. */
function dayIn(instant: number, timeZone: string): number {
  const local = new TZDate(instant, timeZone);
  return Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()) / DAY;
}

/** 'YYYY-MM-DD' of a day number. */
const isoOfDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/** The instant of a wall-clock time on a date in a zone; `exists` is false for a time the clock skips. */
function wallClock(day: number, minutes: number, timeZone: string): { instant: number; exists: boolean } {
  const date = new Date(day * DAY);
  const hours = Math.floor(minutes / 60);
  const local = new TZDate(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), hours, minutes % 60, timeZone);
  const exists =
    local.getDate() === date.getUTCDate() && local.getHours() === hours && local.getMinutes() === minutes % 60;
  return { instant: local.getTime(), exists };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The free slots whose start lies in `range`, soonest first: slotMinutes long, stepped from each available day's
 * start time and ending by its end time, wall-clock times in the owner's zone (a time the clock skips on the
 * spring-forward day is left out; on the fall-back day each time is offered once), not before now + the minimum
 * notice, on an owner-local date at most the owner's today + the maximum advance, and overlapping no booked range.
 */
export function freeSlots(rules: SlotRules, booked: readonly TimeRange[], range: TimeRange, now: Date): TimeRange[] {
  const { timeZone, slotMinutes } = rules;
  const earliest = now.getTime() + rules.minNoticeMinutes * MINUTE;
  const today = dayIn(now.getTime(), timeZone);
  const first = Math.max(dayIn(range.start.getTime(), timeZone), today);
  const last = Math.min(dayIn(range.end.getTime() - 1, timeZone), today + rules.maxAdvanceDays);
  const slots: TimeRange[] = [];
  for (let day = first; day <= last; day++) {
    const weekday = (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
    const hours = rules.availability.find((d) => d.dayOfWeek === weekday);
    if (!hours?.isAvailable) continue;
    const startMinutes = minutesOf(hours.startTime);
    const endMinutes = minutesOf(hours.endTime);
    const dayStart = wallClock(day, startMinutes, timeZone);
    const dayEnd = wallClock(day, endMinutes, timeZone).instant;
    // A zone's offset is read once per day (each read is slow); only a day whose clock changes between its
    // start and end time reads it per slot.
    const offsetAtStart = day * DAY + startMinutes * MINUTE - dayStart.instant;
    const steady = dayStart.exists && day * DAY + endMinutes * MINUTE - dayEnd === offsetAtStart;
    for (let minutes = startMinutes; minutes + slotMinutes <= endMinutes; minutes += slotMinutes) {
      const { instant: start, exists } = steady
        ? { instant: day * DAY + minutes * MINUTE - offsetAtStart, exists: true }
        : wallClock(day, minutes, timeZone);
      const end = start + slotMinutes * MINUTE;
      const previous = slots.at(-1);
      if (!exists || end > dayEnd || start < earliest) continue;
      if (start < range.start.getTime() || start >= range.end.getTime()) continue;
      if (previous && previous.end.getTime() > start) continue;
      if (booked.some((b) => b.start.getTime() < end && b.end.getTime() > start)) continue;
      slots.push({ start: new Date(start), end: new Date(end) });
    }
  }
  return slots;
}

/** Whether `start` is exactly the start of a free slot now. */
export function isFreeSlot(rules: SlotRules, booked: readonly TimeRange[], start: Date, now: Date): boolean {
  const range = { start, end: new Date(start.getTime() + 1) };
  return freeSlots(rules, booked, range, now).some((slot) => slot.start.getTime() === start.getTime());
}

/** A visitor's calendar day ('YYYY-MM-DD') in their zone: [local midnight, the next local midnight). */
export function dayRange(date: string, timeZone: string): TimeRange {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return {
    start: new Date(midnightOf(year, month, day, timeZone)),
    end: new Date(midnightOf(year, month, day + 1, timeZone)),
  };
}

/**
 * Local midnights by zone and date, kept: a zone's rules do not change while the program runs, and each TZDate
 * reads the zone's offset, which is slow (a month of calendar busy times was a tenth of the calendar's CPU).
 */
const midnights = new Map<string, number>();
const MIDNIGHTS_KEPT = 10_000;

function midnightOf(year: number, month: number, day: number, timeZone: string): number {
  const key = `${timeZone} ${year} ${month} ${day}`;
  let midnight = midnights.get(key);
  if (midnight === undefined) {
    midnight = new TZDate(year, month - 1, day, timeZone).getTime();
    if (midnights.size >= MIDNIGHTS_KEPT) midnights.clear();
    midnights.set(key, midnight);
  }
  return midnight;
}

/** 'YYYY-MM-DD' of an instant in a zone. */
export const dateIn = (instant: Date, timeZone: string) => isoOfDay(dayIn(instant.getTime(), timeZone));

/**
 * The instants a slot may start in: from now + the minimum notice to the end of the owner's last bookable date
 * (their today + the maximum advance).
 */
export function bookingWindow(rules: SlotRules, now: Date): TimeRange {
  const pastLastDay = dayIn(now.getTime(), rules.timeZone) + rules.maxAdvanceDays + 1;
  return {
    start: new Date(now.getTime() + rules.minNoticeMinutes * MINUTE),
    end: new Date(wallClock(pastLastDay, 0, rules.timeZone).instant),
  };
}

/**
 * The first and last dates ('YYYY-MM-DD', in the visitor's zone) that can hold a slot: from the day of now + the
 * minimum notice to the day in which the owner's last bookable date ends.
 */
export function bookableDates(rules: SlotRules, now: Date, visitorTimeZone: string) {
  const window = bookingWindow(rules, now);
  return {
    firstDate: dateIn(window.start, visitorTimeZone),
    lastDate: dateIn(new Date(window.end.getTime() - 1), visitorTimeZone),
  };
}

/**
 * The soonest free slot of the booking window, or null: the page opens on its day. Looked for span by span
 * (FIRST_FREE_SPAN_DAYS from now each); a span's bookings are asked of `bookedIn` only when the rules alone offer
 * a slot in it, so an owner with free times soon costs one read.
 */
export async function firstFreeSlot(
  rules: SlotRules,
  now: Date,
  bookedIn: (span: TimeRange, index: number) => Promise<readonly TimeRange[]>,
): Promise<TimeRange | null> {
  const [first] = await firstFreeSlots(rules, now, 1, bookedIn);
  return first ?? null;
}

/**
 * The `count` soonest free slots of the booking window (fewer when the window holds fewer), looked for as
 * firstFreeSlot does: the chatbot's Offer Booking shows these.
 */
export async function firstFreeSlots(
  rules: SlotRules,
  now: Date,
  count: number,
  bookedIn: (span: TimeRange, index: number) => Promise<readonly TimeRange[]>,
): Promise<TimeRange[]> {
  const windowEnd = bookingWindow(rules, now).end.getTime();
  const found: TimeRange[] = [];
  for (let index = 0; found.length < count; index++) {
    const span = firstFreeSpan(now, index);
    if (span.start.getTime() >= windowEnd) break;
    if (freeSlots(rules, [], span, now).length === 0) continue;
    found.push(...freeSlots(rules, await bookedIn(span, index), span, now).slice(0, count - found.length));
  }
  return found;
}

/** The `index`th span of the search for the first free slot. */
export const firstFreeSpan = (now: Date, index: number): TimeRange => ({
  start: new Date(now.getTime() + index * FIRST_FREE_SPAN_DAYS * DAY),
  end: new Date(now.getTime() + (index + 1) * FIRST_FREE_SPAN_DAYS * DAY),
});
