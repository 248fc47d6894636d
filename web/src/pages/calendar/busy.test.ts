import { afterEach, describe, expect, it } from 'vitest';
import { busyTitle, busyWhen, layOutBusy, showsBusy } from './busy';
import { visibleRange } from './dates';

const initialZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = initialZone;
});

describe('external busy blocks on the calendar', () => {
  it('name their time, whole days as all-day, and "Busy" when the title is hidden', () => {
    process.env.TZ = 'UTC';
    const hour = { start: '2031-03-10T09:00:00.000Z', end: '2031-03-10T10:30:00.000Z', allDay: false };
    expect(busyWhen(hour)).toBe('9:00 AM – 10:30 AM');
    expect(busyTitle(hour)).toBe('Busy');
    expect(busyTitle({ ...hour, title: 'Dentist' })).toBe('Dentist');
    expect(busyWhen({ start: '2031-03-10T23:00:00.000Z', end: '2031-03-11T01:00:00.000Z', allDay: false })).toBe(
      'Mar 10, 11:00 PM – Mar 11, 1:00 AM',
    );
    expect(busyWhen({ start: '2031-03-10T00:00:00.000Z', end: '2031-03-11T00:00:00.000Z', allDay: true })).toBe(
      'All day',
    );
    expect(busyWhen({ start: '2031-03-10T00:00:00.000Z', end: '2031-03-12T00:00:00.000Z', allDay: true })).toBe(
      'All day, Mar 10 – Mar 11',
    );
  });

  it('lie on every day they touch, once per day in the first hour they cover, every covered hour shaded', () => {
    process.env.TZ = 'UTC';
    const { days } = visibleRange('week', new Date(2031, 2, 10));
    const layout = layOutBusy(
      [
        { start: '2031-03-10T22:30:00.000Z', end: '2031-03-11T01:00:00.000Z', allDay: false },
        { start: '2031-03-01T00:00:00.000Z', end: '2031-03-09T12:00:00.000Z', allDay: false },
      ],
      days,
    );
    expect([...layout.byDay.keys()]).toEqual(['2031-03-10', '2031-03-11', '2031-03-09']);
    expect([...layout.byHour.keys()]).toEqual(['2031-03-10 22', '2031-03-11 0', '2031-03-09 0']);
    expect(layout.coveredHours.has('2031-03-10 23')).toBe(true);
    expect(layout.coveredHours.has('2031-03-11 1')).toBe(false);
    expect(layout.coveredHours.has('2031-03-09 11')).toBe(true);
    expect(layout.coveredHours.has('2031-03-09 12')).toBe(false);
  });

  it('show under All and Appointments only', () => {
    expect(['all', 'activity', 'booking', 'task'].filter((f) => showsBusy(f as never))).toEqual(['all', 'booking']);
  });
});
