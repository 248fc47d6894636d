import { afterEach, describe, expect, it } from 'vitest';
import { periodTitle, shiftAnchor, visibleRange } from './dates';

const initialZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = initialZone;
});

describe('the range a calendar view asks for', () => {
  it('a month is 42 days from the Sunday on or before its first day, within the server limit', () => {
    process.env.TZ = 'UTC';
    const range = visibleRange('month', new Date(2026, 10, 23));
    expect(range.days).toHaveLength(42);
    expect(range.from.toISOString()).toBe('2026-11-01T00:00:00.000Z'); // Nov 1, 2026 is a Sunday
    expect(range.to.toISOString()).toBe('2026-12-13T00:00:00.000Z');
    expect(range.days.every((day, i) => day.getDay() === i % 7)).toBe(true);
  });

  it('starts and ends at local midnights across a daylight-saving change', () => {
    process.env.TZ = 'America/New_York';
    // March 2026: clocks go forward on Sunday March 8.
    const range = visibleRange('month', new Date(2026, 2, 15));
    expect(range.from.toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(range.to.toISOString()).toBe('2026-04-12T04:00:00.000Z');
    expect(range.days.every((day) => day.getHours() === 0)).toBe(true);
    const hours = (range.to.getTime() - range.from.getTime()) / 3_600_000;
    expect(hours).toBe(42 * 24 - 1);
  });

  it('a week runs Sunday to Saturday and a day is one day', () => {
    process.env.TZ = 'Europe/Berlin';
    const week = visibleRange('week', new Date(2026, 10, 25, 15));
    expect(week.days.map((d) => d.getDate())).toEqual([22, 23, 24, 25, 26, 27, 28]);
    expect(week.from.toISOString()).toBe('2026-11-21T23:00:00.000Z');
    const day = visibleRange('day', new Date(2026, 10, 25, 15));
    expect(day.from.toISOString()).toBe('2026-11-24T23:00:00.000Z');
    expect(day.to.toISOString()).toBe('2026-11-25T23:00:00.000Z');
  });

  it('moves by the view’s period and names it', () => {
    process.env.TZ = 'UTC';
    const jan31 = new Date(2026, 0, 31);
    expect(shiftAnchor('month', jan31, 1)).toEqual(new Date(2026, 1, 1));
    expect(shiftAnchor('week', jan31, -1)).toEqual(new Date(2026, 0, 24));
    expect(shiftAnchor('day', jan31, 1)).toEqual(new Date(2026, 1, 1));
    const nov = new Date(2026, 10, 23);
    expect(periodTitle('month', nov, visibleRange('month', nov))).toBe('November 2026');
    expect(periodTitle('week', nov, visibleRange('week', nov))).toBe('Nov 22 – 28, 2026');
    const dec30 = new Date(2026, 11, 30);
    expect(periodTitle('week', dec30, visibleRange('week', dec30))).toBe('Dec 27, 2026 – Jan 2, 2027');
    expect(periodTitle('day', nov, visibleRange('day', nov))).toBe('Monday, November 23, 2026');
  });
});
