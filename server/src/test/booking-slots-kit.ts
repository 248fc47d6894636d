import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { SlotRules, TimeRange } from '@common/booking';
import { dayRange, freeSlots } from '@common/booking-slots';

// The booking slots' tests (common/booking-slots*.test.ts): an owner's rules in a few words, and the slots they
// give as wall-clock times.

export const NEW_YORK = 'America/New_York';
export const BERLIN = 'Europe/Berlin';
export const KOLKATA = 'Asia/Kolkata';
export const PAGO_PAGO = 'Pacific/Pago_Pago';

/** The same hours on all seven days, except the days named as off. */
export const week = (startTime = '09:00', endTime = '17:00', off: number[] = []) =>
  Array.from({ length: 7 }, (_, dayOfWeek) => ({
    dayOfWeek,
    isAvailable: !off.includes(dayOfWeek),
    startTime,
    endTime,
  }));

export const rulesOf = (overrides: Partial<SlotRules> = {}): SlotRules => ({
  timeZone: NEW_YORK,
  availability: week(),
  slotMinutes: 30,
  minNoticeMinutes: 0,
  maxAdvanceDays: 365,
  ...overrides,
});

export const LONG_AGO = new Date('2026-01-01T00:00:00Z');

/** The slots starting on a visitor's day. */
export const slotsOn = (
  rules: SlotRules,
  date: string,
  visitorZone: string,
  now = LONG_AGO,
  booked: TimeRange[] = [],
) => freeSlots(rules, booked, dayRange(date, visitorZone), now);

/** Each slot's start as a wall-clock time in a zone. */
export const timesIn = (slots: TimeRange[], zone: string) =>
  slots.map((s) => format(new TZDate(s.start, zone), 'HH:mm'));

/** Times from `from` in steps of `step` minutes, `count` of them. */
export function clock(from: string, step: number, count: number): string[] {
  const base = Number(from.slice(0, 2)) * 60 + Number(from.slice(3));
  return Array.from({ length: count }, (_, i) => {
    const minutes = (base + i * step) % 1440;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  });
}
