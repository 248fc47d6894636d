import { describe, expect, it } from 'vitest';
import type { TimeRange } from './booking';
import { dayRange } from './booking-slots';
import {
  BERLIN,
  KOLKATA,
  LONG_AGO,
  NEW_YORK,
  PAGO_PAGO,
  clock,
  rulesOf,
  slotsOn,
  timesIn,
  week,
} from '../server/src/test/booking-slots-kit';

// The free slots of a day: inside the weekly hours, across time zones and over daylight-saving changes. The window
// a visitor may book in, and the first free slots, are in booking-slots-window.test.ts.

const startsOf = (slots: TimeRange[]) => slots.map((s) => s.start.toISOString());

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
