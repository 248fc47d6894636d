import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import type { TimeRange } from './booking';
import { bookableDates, dateIn, firstFreeSlot, firstFreeSlots, isFreeSlot } from './booking-slots';
import {
  KOLKATA,
  NEW_YORK,
  PAGO_PAGO,
  clock,
  rulesOf,
  slotsOn,
  timesIn,
  week,
} from '../server/src/test/booking-slots-kit';

// The window a visitor may book in (notice, advance days, the owner's today), seen from far east and far west, and
// the first free slots ahead.

describe('the booking window', () => {
  const now = new Date('2026-06-10T14:10:00Z'); // 10:10 in New York

  it('offers nothing before now, or before now + the minimum notice', () => {
    expect(timesIn(slotsOn(rulesOf(), '2026-06-10', NEW_YORK, now), NEW_YORK)[0]).toBe('10:30');
    const slots = slotsOn(rulesOf({ minNoticeMinutes: 120 }), '2026-06-10', NEW_YORK, now);
    expect(timesIn(slots, NEW_YORK)[0]).toBe('12:30');
    for (const slot of slots) expect(slot.start.getTime()).toBeGreaterThanOrEqual(now.getTime() + 120 * 60_000);
    // A slot exactly at now + the notice is offered.
    const exact = slotsOn(rulesOf({ minNoticeMinutes: 20 }), '2026-06-10', NEW_YORK, now);
    expect(timesIn(exact, NEW_YORK)[0]).toBe('10:30');
  });

  it('offers nothing past the owner’s today + the maximum advance days', () => {
    const rules = rulesOf({ maxAdvanceDays: 7 });
    expect(slotsOn(rules, '2026-06-17', NEW_YORK, now)).toHaveLength(16);
    expect(slotsOn(rules, '2026-06-18', NEW_YORK, now)).toEqual([]);
    expect(slotsOn(rules, '2026-06-09', NEW_YORK, now)).toEqual([]);
    expect(bookableDates(rules, now, NEW_YORK)).toEqual({ firstDate: '2026-06-10', lastDate: '2026-06-17' });
  });

  it('counts the owner’s today in the owner’s zone, not the visitor’s', () => {
    // 02:00 UTC on the 11th is still the 10th in New York: day 7 is the 17th there.
    const late = new Date('2026-06-11T02:00:00Z');
    const rules = rulesOf({ maxAdvanceDays: 7 });
    expect(slotsOn(rules, '2026-06-17', NEW_YORK, late)).toHaveLength(16);
    expect(slotsOn(rules, '2026-06-18', NEW_YORK, late)).toEqual([]);
  });

  it('validates a start as the server does: only exact free starts', () => {
    const rules = rulesOf({ minNoticeMinutes: 120 });
    expect(isFreeSlot(rules, [], new Date('2026-06-10T16:30:00Z'), now)).toBe(true);
    expect(isFreeSlot(rules, [], new Date('2026-06-10T16:00:00Z'), now)).toBe(false); // inside the notice
    expect(isFreeSlot(rules, [], new Date('2026-06-10T16:40:00Z'), now)).toBe(false); // off the grid
    expect(isFreeSlot(rules, [], new Date('2026-06-10T21:00:00Z'), now)).toBe(false); // the end time
    expect(isFreeSlot(rules, [], new Date('2026-06-09T16:30:00Z'), now)).toBe(false); // the past
    const booked = [{ start: new Date('2026-06-10T16:30:00Z'), end: new Date('2026-06-10T17:00:00Z') }];
    expect(isFreeSlot(rules, booked, new Date('2026-06-10T16:30:00Z'), now)).toBe(false);
  });
});

describe('visitors far east and far west of the owner', () => {
  const now = new Date('2026-06-10T15:00:00Z'); // 11:00 New York, 20:30 Kolkata, 04:00 Pago Pago
  const rules = rulesOf({ maxAdvanceDays: 7 });

  it('shows a visitor in Kolkata today’s remaining slots and the next day’s two parts', () => {
    expect(timesIn(slotsOn(rules, '2026-06-10', KOLKATA, now), KOLKATA)).toEqual(clock('20:30', 30, 7));
    const tomorrow = slotsOn(rules, '2026-06-11', KOLKATA, now);
    expect(timesIn(tomorrow, KOLKATA)).toEqual([...clock('00:00', 30, 5), ...clock('18:30', 30, 11)]);
    expect(bookableDates(rules, now, KOLKATA)).toEqual({ firstDate: '2026-06-10', lastDate: '2026-06-18' });
  });

  it('shows a visitor in Pago Pago today’s remaining slots on their own date', () => {
    expect(timesIn(slotsOn(rules, '2026-06-10', PAGO_PAGO, now), PAGO_PAGO)).toEqual(clock('04:00', 30, 12));
    expect(timesIn(slotsOn(rules, '2026-06-09', PAGO_PAGO, now), PAGO_PAGO)).toEqual([]);
    expect(bookableDates(rules, now, PAGO_PAGO)).toEqual({ firstDate: '2026-06-10', lastDate: '2026-06-17' });
  });

  it('starts a Kolkata visitor on their tomorrow once the owner’s day is over', () => {
    const evening = new Date('2026-06-10T23:00:00Z'); // 19:00 New York, 04:30 on the 11th in Kolkata
    expect(dateIn(evening, KOLKATA)).toBe('2026-06-11');
    expect(bookableDates(rules, evening, KOLKATA).firstDate).toBe('2026-06-11');
    expect(slotsOn(rules, '2026-06-10', KOLKATA, evening)).toEqual([]);
    expect(timesIn(slotsOn(rules, '2026-06-11', KOLKATA, evening), KOLKATA)).toEqual(clock('18:30', 30, 11));
  });
});

describe('the first free slot', () => {
  // Wednesday 2026-03-04, 12:00 in New York; only Mondays open, 09:00–10:00 (two slots).
  const now = new Date('2026-03-04T17:00:00Z');
  const mondays = rulesOf({ availability: week('09:00', '10:00', [0, 2, 3, 4, 5, 6]), maxAdvanceDays: 60 });
  const mondayAt9 = (date: string) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    return new TZDate(year, month - 1, day, 9, 0, NEW_YORK);
  };
  const bookedMondays = (...dates: string[]) =>
    dates.flatMap((date) => {
      const start = mondayAt9(date).getTime();
      return [
        { start: new Date(start), end: new Date(start + 30 * 60_000) },
        { start: new Date(start + 30 * 60_000), end: new Date(start + 60 * 60_000) },
      ];
    });

  it('is the first time the rules and the bookings leave free, asking for bookings only where the rules offer one', async () => {
    const asked: number[] = [];
    const bookedIn = async (span: TimeRange, index: number) => {
      asked.push(index);
      return bookedMondays('2026-03-09', '2026-03-16').filter((b) => b.start >= span.start && b.start < span.end);
    };
    const first = await firstFreeSlot(mondays, now, bookedIn);
    expect(first?.start.getTime()).toBe(mondayAt9('2026-03-23').getTime());
    // March 9 and 16 lie in the first 15 days, March 23 in the next.
    expect(asked).toEqual([0, 1]);
  });

  it('is null when no day of the window is open, and reads no bookings then', async () => {
    const asked: number[] = [];
    const closed = rulesOf({ availability: week('09:00', '10:00', [0, 1, 2, 3, 4, 5, 6]) });
    expect(await firstFreeSlot(closed, now, async (_, index) => (asked.push(index), []))).toBeNull();
    expect(asked).toEqual([]);
    // Open on Mondays but a window ending before the next one.
    expect(await firstFreeSlot({ ...mondays, maxAdvanceDays: 3 }, now, async () => [])).toBeNull();
  });

  it('lists the soonest free times across spans, as many as asked for, or fewer when the window ends', async () => {
    const bookedIn = async (span: TimeRange) =>
      bookedMondays('2026-03-09').filter((b) => b.start >= span.start && b.start < span.end);
    // March 9 is booked; March 16 (first span) and 23 (second) have two slots each.
    const three = await firstFreeSlots(mondays, now, 3, bookedIn);
    expect(three.map((slot) => slot.start.getTime())).toEqual([
      mondayAt9('2026-03-16').getTime(),
      mondayAt9('2026-03-16').getTime() + 30 * 60_000,
      mondayAt9('2026-03-23').getTime(),
    ]);
    expect(await firstFreeSlots({ ...mondays, maxAdvanceDays: 13 }, now, 5, bookedIn)).toHaveLength(2);
    expect(await firstFreeSlots(mondays, now, 0, bookedIn)).toEqual([]);
  });

  it('keeps the minimum notice', async () => {
    // Monday 2026-03-09 08:50 in New York, 15 minutes' notice: 09:00 is too soon, 09:30 is not.
    const early = new Date(mondayAt9('2026-03-09').getTime() - 10 * 60_000);
    const first = await firstFreeSlot({ ...mondays, minNoticeMinutes: 15 }, early, async () => []);
    expect(first?.start.getTime()).toBe(mondayAt9('2026-03-09').getTime() + 30 * 60_000);
  });
});
