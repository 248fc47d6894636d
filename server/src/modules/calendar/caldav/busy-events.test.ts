import { describe, expect, it } from 'vitest';
import { calendarObject, londonZone, newYorkZone, vevent } from '../../../test/ical-kit';
import { busyIntervals, expansionLimits } from './busy-events';

// Which times of a calendar block booking slots. The owner is in Berlin; March 2027 has the US clock change on the
// 14th and the European one on the 28th, so a New York meeting moves in Berlin time twice.

const owner = 'Europe/Berlin';
const march = { start: new Date('2027-03-01T00:00:00Z'), end: new Date('2027-04-13T00:00:00Z') };

const spans = (texts: string[], window = march, zone = owner) =>
  busyIntervals(texts, window, zone).intervals.map((i) => `${i.start.toISOString()} ${i.end.toISOString()}`);

const weekly = calendarObject(
  newYorkZone,
  londonZone,
  vevent(
    'weekly-sync',
    'SUMMARY:Weekly sync',
    'DTSTART;TZID=America/New_York:20270223T100000',
    'DTEND;TZID=America/New_York:20270223T110000',
    'RRULE:FREQ=WEEKLY;BYDAY=TU',
    'EXDATE;TZID=America/New_York:20270309T100000',
  ),
  // The 30 March meeting moved to the next morning in London, after both clock changes.
  vevent(
    'weekly-sync',
    'SUMMARY:Weekly sync (moved)',
    'RECURRENCE-ID;TZID=America/New_York:20270330T100000',
    'DTSTART;TZID=Europe/London:20270331T090000',
    'DTEND;TZID=Europe/London:20270331T100000',
  ),
);

describe('busy intervals of a calendar', () => {
  it('expands a weekly series across two clock changes, less its exception, with its moved occurrence', () => {
    const { intervals, skipped } = busyIntervals([weekly], march, owner);
    expect(skipped).toBe(0);
    expect(intervals.map((i) => [i.start.toISOString(), i.end.toISOString(), i.title, i.uid])).toEqual([
      ['2027-03-02T15:00:00.000Z', '2027-03-02T16:00:00.000Z', 'Weekly sync', 'weekly-sync'], // EST: 16:00 Berlin
      // 9 March: the exception (EXDATE).
      ['2027-03-16T14:00:00.000Z', '2027-03-16T15:00:00.000Z', 'Weekly sync', 'weekly-sync'], // EDT: 15:00 Berlin
      ['2027-03-23T14:00:00.000Z', '2027-03-23T15:00:00.000Z', 'Weekly sync', 'weekly-sync'],
      ['2027-03-31T08:00:00.000Z', '2027-03-31T09:00:00.000Z', 'Weekly sync (moved)', 'weekly-sync'], // BST
      ['2027-04-06T14:00:00.000Z', '2027-04-06T15:00:00.000Z', 'Weekly sync', 'weekly-sync'], // 16:00 CEST
    ]);
  });

  it('blocks an all-day event’s whole dates in the owner’s zone, also across their clock change', () => {
    const text = calendarObject(
      vevent('holiday', 'SUMMARY:Holiday', 'DTSTART;VALUE=DATE:20270310', 'DTEND;VALUE=DATE:20270311'),
      vevent('trip', 'SUMMARY:Trip', 'DTSTART;VALUE=DATE:20270327', 'DTEND;VALUE=DATE:20270329'),
      vevent('one-day', 'DTSTART;VALUE=DATE:20270405'),
    );
    expect(spans([text])).toEqual([
      '2027-03-09T23:00:00.000Z 2027-03-10T23:00:00.000Z',
      '2027-03-26T23:00:00.000Z 2027-03-28T22:00:00.000Z',
      '2027-04-04T22:00:00.000Z 2027-04-05T22:00:00.000Z',
    ]);
    expect(spans([text], march, 'America/New_York')[0]).toBe('2027-03-10T05:00:00.000Z 2027-03-11T05:00:00.000Z');
  });

  it('leaves transparent, cancelled and cancelled-occurrence times free', () => {
    const text = calendarObject(
      vevent('free', 'TRANSP:TRANSPARENT', 'DTSTART:20270302T090000Z', 'DTEND:20270302T100000Z'),
      vevent('off', 'STATUS:CANCELLED', 'DTSTART:20270303T090000Z', 'DTEND:20270303T100000Z'),
      vevent('daily', 'DTSTART:20270304T090000Z', 'DURATION:PT30M', 'RRULE:FREQ=DAILY;COUNT=3'),
      vevent('daily', 'RECURRENCE-ID:20270305T090000Z', 'STATUS:CANCELLED', 'DTSTART:20270305T090000Z'),
      // A free series with one busy instance.
      vevent('focus', 'TRANSP:TRANSPARENT', 'DTSTART:20270308T130000Z', 'DTEND:20270308T140000Z', 'RRULE:FREQ=DAILY'),
      vevent('focus', 'RECURRENCE-ID:20270309T130000Z', 'DTSTART:20270309T150000Z', 'DTEND:20270309T160000Z'),
      // A cancelled series takes its overrides with it.
      vevent('gone', 'STATUS:CANCELLED', 'DTSTART:20270310T090000Z', 'DTEND:20270310T100000Z', 'RRULE:FREQ=DAILY'),
      vevent('gone', 'RECURRENCE-ID:20270311T090000Z', 'DTSTART:20270311T110000Z', 'DTEND:20270311T120000Z'),
    );
    expect(spans([text])).toEqual([
      '2027-03-04T09:00:00.000Z 2027-03-04T09:30:00.000Z',
      '2027-03-06T09:00:00.000Z 2027-03-06T09:30:00.000Z',
      '2027-03-09T15:00:00.000Z 2027-03-09T16:00:00.000Z',
    ]);
  });

  it('reads a TZID the object does not define as the IANA zone of that name, floating times in the owner’s', () => {
    const text = calendarObject(
      vevent('tokyo', 'DTSTART;TZID=Asia/Tokyo:20270302T090000', 'DTEND;TZID=Asia/Tokyo:20270302T100000'),
      vevent('ny', 'DTSTART;TZID=America/New_York:20270316T100000', 'DURATION:PT1H'),
      vevent('floating', 'DTSTART:20270303T090000', 'DTEND:20270303T100000'),
      vevent('unknown', 'DTSTART;TZID=Mars/Olympus:20270304T090000', 'DTEND;TZID=Mars/Olympus:20270304T100000'),
    );
    expect(spans([text])).toEqual([
      '2027-03-02T00:00:00.000Z 2027-03-02T01:00:00.000Z',
      '2027-03-03T08:00:00.000Z 2027-03-03T09:00:00.000Z',
      '2027-03-04T08:00:00.000Z 2027-03-04T09:00:00.000Z',
      '2027-03-16T14:00:00.000Z 2027-03-16T15:00:00.000Z',
    ]);
  });

  it('expands a series without its time zone definition in the IANA zone, across its clock change', () => {
    const text = calendarObject(
      vevent('ny', 'DTSTART;TZID=America/New_York:20270309T100000', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;COUNT=2'),
    );
    expect(spans([text])).toEqual([
      '2027-03-09T15:00:00.000Z 2027-03-09T16:00:00.000Z',
      '2027-03-16T14:00:00.000Z 2027-03-16T15:00:00.000Z',
    ]);
  });

  it('adds RDATEs and keeps instances overlapping the window’s edges whole', () => {
    const text = calendarObject(
      vevent('extra', 'DTSTART:20270225T230000Z', 'DTEND:20270301T010000Z', 'RDATE:20270412T230000Z,20270420T090000Z'),
    );
    expect(spans([text])).toEqual([
      '2027-02-25T23:00:00.000Z 2027-03-01T01:00:00.000Z',
      '2027-04-12T23:00:00.000Z 2027-04-16T01:00:00.000Z',
    ]);
  });

  it('finds an occurrence moved into the window from after it, and an override without its series', () => {
    const text = calendarObject(
      vevent('series', 'DTSTART:20270101T090000Z', 'DTEND:20270101T100000Z', 'RRULE:FREQ=MONTHLY;COUNT=12'),
      vevent('series', 'RECURRENCE-ID:20270601T090000Z', 'DTSTART:20270405T090000Z', 'DTEND:20270405T100000Z'),
      vevent('invited-once', 'RECURRENCE-ID:20270310T090000Z', 'DTSTART:20270310T120000Z', 'DURATION:PT1H'),
    );
    expect(spans([text])).toEqual([
      '2027-03-01T09:00:00.000Z 2027-03-01T10:00:00.000Z',
      '2027-03-10T12:00:00.000Z 2027-03-10T13:00:00.000Z',
      '2027-04-01T09:00:00.000Z 2027-04-01T10:00:00.000Z',
      '2027-04-05T09:00:00.000Z 2027-04-05T10:00:00.000Z',
    ]);
  });

  it('stops an endless series at the window’s end', () => {
    const text = calendarObject(vevent('daily', 'DTSTART:20270101T090000Z', 'DURATION:PT15M', 'RRULE:FREQ=DAILY'));
    const found = spans([text]);
    expect(found).toHaveLength(43);
    expect(found.at(-1)).toBe('2027-04-12T09:00:00.000Z 2027-04-12T09:15:00.000Z');
  });

  it('skips malformed objects and events, and keeps the rest', () => {
    const good = calendarObject(vevent('good', 'DTSTART:20270302T090000Z', 'DTEND:20270302T100000Z'));
    const noStart = calendarObject(
      vevent('no-start', 'DTEND:20270302T100000Z'),
      vevent('ok', 'DTSTART:20270303T090000Z', 'DURATION:PT1H'),
    );
    const endless = calendarObject(vevent('endless', 'DTSTART:20270302T090000Z', 'DURATION:P99999999W'));
    const texts = ['not a calendar', 'BEGIN:VCALENDAR', noStart, endless, good];
    const { intervals, skipped } = busyIntervals(texts, march, owner);
    expect(intervals.map((i) => i.uid)).toEqual(['good', 'ok']);
    expect(skipped).toBe(4);
  });

  it('keeps titles and UIDs to one line of text a row can hold', () => {
    const text = calendarObject(
      vevent('a\u0000b', 'SUMMARY:Board\\nmeeting\u0001', 'DTSTART:20270302T090000Z', 'DURATION:PT1H'),
    );
    const [interval] = busyIntervals([text], march, owner).intervals;
    expect(interval).toMatchObject({ uid: 'a b', title: 'Board meeting' });
  });

  it('gives up on a rule that never matches, or costs too much, without hanging', () => {
    const started = Date.now();
    const text = calendarObject(
      vevent('never', 'DTSTART:20270101T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'),
      vevent('every-second', 'DTSTART:19900101T000000Z', 'DURATION:PT1S', 'RRULE:FREQ=SECONDLY'),
      vevent('fine', 'DTSTART:20270302T090000Z', 'DURATION:PT1H'),
    );
    const { intervals, skipped } = busyIntervals([text], march, owner);
    expect(intervals.map((i) => i.uid)).toEqual(['fine']);
    expect(skipped).toBe(2);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('bounds a time zone definition whose rule never matches', () => {
    const hostileZone = newYorkZone.replace(
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
      'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
    );
    const text = calendarObject(
      hostileZone,
      vevent('ny', 'DTSTART;TZID=America/New_York:20270302T100000', 'DURATION:PT1H'),
    );
    const started = Date.now();
    expect(busyIntervals([text], march, owner).skipped).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('stops at the call’s limits, leaving the rest out', () => {
    const daily = (uid: string) => vevent(uid, 'DTSTART:20270101T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=DAILY');
    const texts = [calendarObject(daily('a')), calendarObject(daily('b')), calendarObject(daily('c'))];
    const steps = busyIntervals(texts, march, owner, { ...expansionLimits, stepsPerCall: 150 });
    expect(steps.intervals.map((i) => i.uid)).toEqual(Array(43).fill('a'));
    expect(steps.skipped).toBe(2);
    const count = busyIntervals(texts, march, owner, { ...expansionLimits, intervals: 50 });
    expect(new Set(count.intervals.map((i) => i.uid))).toEqual(new Set(['a']));
    expect(count.skipped).toBe(2);
  });
});
