import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import type { SlotRules, TimeRange } from './booking';
import { bookableDates, dateIn, dayRange, firstFreeSlot, firstFreeSlots, freeSlots, isFreeSlot } from './booking-slots';

const NEW_YORK = 'America/New_York';
const BERLIN = 'Europe/Berlin';
const KOLKATA = 'Asia/Kolkata';
const PAGO_PAGO = 'Pacific/Pago_Pago';

/** The same hours on all seven days, except the days named as off. */
const week = (startTime = '09:00', endTime = '17:00', off: number[] = []) =>
  Array.from({ length: 7 }, (_, dayOfWeek) => ({
    dayOfWeek,
    isAvailable: !off.includes(dayOfWeek),
    startTime,
    endTime,
  }));

const rulesOf = (overrides: Partial<SlotRules> = {}): SlotRules => ({
  timeZone: NEW_YORK,
  availability: week(),
  slotMinutes: 30,
  minNoticeMinutes: 0,
  maxAdvanceDays: 365,
  ...overrides,
});

const LONG_AGO = new Date('2026-01-01T00:00:00Z');

/** The slots starting on a visitor's day. */
const slotsOn = (rules: SlotRules, date: string, visitorZone: string, now = LONG_AGO, booked: TimeRange[] = []) =>
  freeSlots(rules, booked, dayRange(date, visitorZone), now);

/** Each slot's start as a wall-clock time in a zone. */
const timesIn = (slots: TimeRange[], zone: string) => slots.map((s) => format(new TZDate(s.start, zone), 'HH:mm'));
const startsOf = (slots: TimeRange[]) => slots.map((s) => s.start.toISOString());

/** Times from `from` in steps of `step` minutes, `count` of them. */
function clock(from: string, step: number, count: number): string[] {
  const base = Number(from.slice(0, 2)) * 60 + Number(from.slice(3));
  return Array.from({ length: count }, (_, i) => {
    const minutes = (base + i * step) % 1440;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  });
}

function expectNoOverlapOrRepeat(slots: TimeRange[]) {
  for (let i = 1; i < slots.length; i++)
    expect(slots[i]!.start.getTime()).toBeGreaterThanOrEqual(slots[i - 1]!.end.getTime());
}

describe('free slots inside the weekly availability', () => {
  it('gives 16 half-hour slots for 09:00–17:00 when nothing is booked', () => {
    const slots = slotsOn(rulesOf(), '2026-06-10', NEW_YORK);
    expect(timesIn(slots, NEW_YORK)).toEqual(clock('09:00', 30, 16));
    expect(slots[0]).toEqual({ start: new Date('2026-06-10T13:00:00Z'), end: new Date('2026-06-10T13:30:00Z') });
    expect(slots.at(-1)!.end).toEqual(new Date('2026-06-10T21:00:00Z'));
  });

  it.each([
    [15, clock('09:00', 15, 32)],
    [45, clock('09:00', 45, 10)],
    [60, clock('09:00', 60, 8)],
  ])('offers %i-minute appointments stepped from the start, each ending by the end time', (slotMinutes, times) => {
    const slots = slotsOn(rulesOf({ slotMinutes }), '2026-06-10', NEW_YORK);
    expect(timesIn(slots, NEW_YORK)).toEqual(times);
    for (const slot of slots) expect(slot.end.getTime() - slot.start.getTime()).toBe(slotMinutes * 60_000);
    expect(slots.at(-1)!.end.getTime()).toBeLessThanOrEqual(new Date('2026-06-10T21:00:00Z').getTime());
  });

  it('offers nothing on a day off, or on a day whose end is not after its start', () => {
    // 2026-06-10 is a Wednesday (3).
    expect(slotsOn(rulesOf({ availability: week('09:00', '17:00', [3]) }), '2026-06-10', NEW_YORK)).toEqual([]);
    expect(slotsOn(rulesOf({ availability: week('17:00', '09:00') }), '2026-06-10', NEW_YORK)).toEqual([]);
    expect(slotsOn(rulesOf({ availability: week('09:00', '09:00') }), '2026-06-10', NEW_YORK)).toEqual([]);
    expect(slotsOn(rulesOf({ availability: week('09:00', '17:00', [3]) }), '2026-06-11', NEW_YORK)).toHaveLength(16);
  });

  it('removes the slots a booked range overlaps, and only those', () => {
    const booked = [
      { start: new Date('2026-06-10T14:15:00Z'), end: new Date('2026-06-10T14:45:00Z') }, // 10:15–10:45 New York
      { start: new Date('2026-06-10T15:30:00Z'), end: new Date('2026-06-10T16:00:00Z') }, // 11:30–12:00 exactly
    ];
    const slots = slotsOn(rulesOf(), '2026-06-10', NEW_YORK, LONG_AGO, booked);
    const expected = clock('09:00', 30, 16).filter((time) => !['10:00', '10:30', '11:30'].includes(time));
    expect(timesIn(slots, NEW_YORK)).toEqual(expected);
    // A booking of another length (60 minutes) covers two half-hour slots.
    const long = [{ start: new Date('2026-06-10T13:00:00Z'), end: new Date('2026-06-10T14:00:00Z') }];
    expect(timesIn(slotsOn(rulesOf(), '2026-06-10', NEW_YORK, LONG_AGO, long), NEW_YORK)[0]).toBe('10:00');
  });
});

describe('owner and visitor in different zones', () => {
  it('shows the owner’s slots to a visitor in Berlin at the same instants, in Berlin’s times', () => {
    const owner = slotsOn(rulesOf(), '2026-06-10', NEW_YORK);
    const visitor = slotsOn(rulesOf(), '2026-06-10', BERLIN);
    expect(startsOf(visitor)).toEqual(startsOf(owner));
    expect(timesIn(visitor, BERLIN)).toEqual(clock('15:00', 30, 16));
  });

  it('gathers a visitor’s day from the two owner dates it spans', () => {
    const rules = rulesOf({ availability: week('00:00', '23:30') });
    const slots = slotsOn(rules, '2026-06-10', BERLIN);
    // Berlin 2026-06-10 00:00–24:00 is New York 06-09 18:00 → 06-10 18:00; 23:30–24:00 New York is never available.
    expect(slots[0]!.start).toEqual(new Date('2026-06-09T22:00:00Z'));
    expect(slots.at(-1)!.start).toEqual(new Date('2026-06-10T21:30:00Z'));
    expect(timesIn(slots, BERLIN)).toEqual(clock('00:00', 30, 48).filter((time) => time !== '05:30'));
    expectNoOverlapOrRepeat(slots);
  });
});

describe('daylight saving time', () => {
  it.each([
    // US: clocks go forward on 2026-03-08 and back on 2026-11-01.
    ['2026-03-07', '2026-03-07T14:00:00Z', '15:00'],
    ['2026-03-08', '2026-03-08T13:00:00Z', '14:00'],
    ['2026-10-31', '2026-10-31T13:00:00Z', '14:00'],
    ['2026-11-01', '2026-11-01T14:00:00Z', '15:00'],
    // EU: forward on 2026-03-29, back on 2026-10-25; New York is already on summer time.
    ['2026-03-29', '2026-03-29T13:00:00Z', '15:00'],
    ['2026-10-25', '2026-10-25T13:00:00Z', '14:00'],
  ])('on %s a New York owner’s 09:00 is %s, %s in Berlin, with all 16 slots', (date, first, berlinTime) => {
    const owner = slotsOn(rulesOf(), date, NEW_YORK);
    expect(timesIn(owner, NEW_YORK)).toEqual(clock('09:00', 30, 16));
    expect(owner[0]!.start).toEqual(new Date(first));
    const visitor = slotsOn(rulesOf(), date, BERLIN);
    expect(startsOf(visitor)).toEqual(startsOf(owner));
    expect(timesIn(visitor, BERLIN)).toEqual(clock(berlinTime, 30, 16));
  });

  it.each([
    ['2026-03-28', '2026-03-28T08:00:00Z'],
    ['2026-03-29', '2026-03-29T07:00:00Z'],
    ['2026-10-25', '2026-10-25T08:00:00Z'],
  ])('a Berlin owner’s 09:00–17:00 on %s starts at %s with all 16 slots', (date, first) => {
    const rules = rulesOf({ timeZone: BERLIN });
    const slots = slotsOn(rules, date, BERLIN);
    expect(timesIn(slots, BERLIN)).toEqual(clock('09:00', 30, 16));
    expect(slots[0]!.start).toEqual(new Date(first));
  });

  it('offers no slot in the hour that does not exist on the spring-forward day', () => {
    const rules = rulesOf({ availability: week('01:00', '04:00') });
    const slots = slotsOn(rules, '2026-03-08', NEW_YORK);
    expect(timesIn(slots, NEW_YORK)).toEqual(['01:00', '01:30', '03:00', '03:30']);
    expect(startsOf(slots)).toEqual([
      '2026-03-08T06:00:00.000Z',
      '2026-03-08T06:30:00.000Z',
      '2026-03-08T07:00:00.000Z',
      '2026-03-08T07:30:00.000Z',
    ]);
    expectNoOverlapOrRepeat(slots);
    const hourly = slotsOn(rulesOf({ availability: week('01:00', '04:00'), slotMinutes: 60 }), '2026-03-08', NEW_YORK);
    expect(timesIn(hourly, NEW_YORK)).toEqual(['01:00', '03:00']);
    expectNoOverlapOrRepeat(hourly);
  });

  it('offers no time twice on the fall-back day', () => {
    const rules = rulesOf({ availability: week('00:00', '03:00') });
    const slots = slotsOn(rules, '2026-11-01', NEW_YORK);
    const times = timesIn(slots, NEW_YORK);
    expect(times).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00', '02:30']);
    expect(new Set(startsOf(slots)).size).toBe(slots.length);
    expectNoOverlapOrRepeat(slots);
    for (const slotMinutes of [15, 45, 60]) {
      const other = slotsOn(rulesOf({ availability: week('00:00', '03:00'), slotMinutes }), '2026-11-01', NEW_YORK);
      expect(new Set(timesIn(other, NEW_YORK)).size).toBe(other.length);
      expectNoOverlapOrRepeat(other);
    }
  });

  it('gives the visitor’s 23- and 25-hour days their right length', () => {
    const spring = dayRange('2026-03-29', BERLIN);
    expect(spring).toEqual({ start: new Date('2026-03-28T23:00:00Z'), end: new Date('2026-03-29T22:00:00Z') });
    const autumn = dayRange('2026-10-25', BERLIN);
    expect(autumn).toEqual({ start: new Date('2026-10-24T22:00:00Z'), end: new Date('2026-10-25T23:00:00Z') });
    expect(dayRange('2026-06-10', KOLKATA).start).toEqual(new Date('2026-06-09T18:30:00Z'));
    expect(dayRange('2026-06-10', PAGO_PAGO).start).toEqual(new Date('2026-06-10T11:00:00Z'));
  });
});

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
