import { describe, expect, it } from 'vitest';
import { addDays, clampDate, formatClock, formatDate, formatSpan, timeZoneOptions } from './times';

describe('booking page times', () => {
  it("shows a slot in the visitor's zone, in the owner's 12h or 24h format", () => {
    // 14:00 UTC on a winter Monday: 09:00 in New York, 15:00 in Berlin.
    const start = '2026-11-30T14:00:00.000Z';
    expect(formatClock(start, 'Europe/Berlin', '24h')).toBe('15:00');
    expect(formatClock(start, 'America/New_York', '24h')).toBe('09:00');
    expect(formatClock(start, 'America/New_York', '12h')).toBe('9:00 AM');
    expect(formatClock('2026-11-30T23:30:00.000Z', 'Europe/Berlin', '24h')).toBe('00:30');
  });

  it('names the day of the slot in the zone it is shown in', () => {
    const start = '2026-11-30T23:30:00.000Z';
    expect(formatSpan(start, '2026-12-01T00:00:00.000Z', 'Europe/Berlin', '24h')).toBe(
      'Tuesday, December 1, 2026, 00:30 – 01:00',
    );
    expect(formatSpan(start, '2026-12-01T00:00:00.000Z', 'America/New_York', '12h')).toBe(
      'Monday, November 30, 2026, 6:30 PM – 7:00 PM',
    );
    expect(formatDate('2026-11-30')).toBe('Monday, November 30, 2026');
  });

  it('steps calendar dates across months, years and daylight-saving changes', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });

  it('keeps the chosen date inside the booking window', () => {
    expect(clampDate('2026-11-01', '2026-11-23', '2027-02-21')).toBe('2026-11-23');
    expect(clampDate('2027-03-01', '2026-11-23', '2027-02-21')).toBe('2027-02-21');
    expect(clampDate('2026-12-01', '2026-11-23', '2027-02-21')).toBe('2026-12-01');
  });

  it('lists every time zone and keeps one the list leaves out', () => {
    const zones = timeZoneOptions('Europe/Berlin');
    expect(zones).toContain('America/New_York');
    expect(zones.filter((zone) => zone === 'Europe/Berlin')).toHaveLength(1);
    expect(timeZoneOptions('Etc/GMT+5')[0]).toBe('Etc/GMT+5');
  });
});
