import { describe, expect, it } from 'vitest';
import { activityState, isDealExpired, localDate, nextActivityIndicator, stageBadgeVariant } from './deal-rules';

// Far east (UTC+14) and far west (UTC-11) of UTC, where "today" differs from the UTC date.
const KIRITIMATI = 'Pacific/Kiritimati';
const PAGO_PAGO = 'Pacific/Pago_Pago';
const BERLIN = 'Europe/Berlin';

describe('stage badges', () => {
  it('shows Won as success, Lost as danger, Negotiation as warning and any other stage as primary', () => {
    expect(stageBadgeVariant('Won')).toBe('success');
    expect(stageBadgeVariant('Lost')).toBe('danger');
    expect(stageBadgeVariant('Negotiation')).toBe('warning');
    expect(stageBadgeVariant('Lead')).toBe('primary');
    expect(stageBadgeVariant('won')).toBe('primary');
  });
});

describe('local date', () => {
  it('reads the calendar day where the viewer is', () => {
    const moment = new Date('2026-03-10T23:30:00Z');
    expect(localDate(moment, 'UTC')).toBe('2026-03-10');
    expect(localDate(moment, KIRITIMATI)).toBe('2026-03-11');
    expect(localDate(moment, PAGO_PAGO)).toBe('2026-03-10');
    expect(localDate('2026-03-10T05:00:00Z', PAGO_PAGO)).toBe('2026-03-09');
  });
});

describe('expired deals', () => {
  const open = (expectedCloseDate: string | null, stage = 'Lead') => ({ stage, expectedCloseDate });

  it('keeps a deal closing today open until the end of that day', () => {
    expect(isDealExpired(open('2026-03-10'), new Date('2026-03-10T22:59:59Z'), BERLIN)).toBe(false);
    expect(isDealExpired(open('2026-03-10'), new Date('2026-03-10T23:00:00Z'), BERLIN)).toBe(true);
  });

  it('expires by the viewer’s day, far east and far west of UTC', () => {
    const now = new Date('2026-03-10T12:00:00Z'); // 11 March 02:00 in Kiritimati, 10 March 01:00 in Pago Pago
    expect(isDealExpired(open('2026-03-10'), now, KIRITIMATI)).toBe(true);
    expect(isDealExpired(open('2026-03-10'), now, PAGO_PAGO)).toBe(false);
    expect(isDealExpired(open('2026-03-09'), now, PAGO_PAGO)).toBe(true);
  });

  it('never expires a Won or Lost deal, or one without a close date', () => {
    const late = new Date('2030-01-01T00:00:00Z');
    expect(isDealExpired(open('2026-03-10', 'Won'), late, 'UTC')).toBe(false);
    expect(isDealExpired(open('2026-03-10', 'Lost'), late, 'UTC')).toBe(false);
    expect(isDealExpired(open(null), late, 'UTC')).toBe(false);
  });
});

describe('activity states', () => {
  const pending = (dueDate: string) => ({ status: 'pending', dueDate });

  it('counts an activity due at 23:59 today as due today, by date and not by time', () => {
    const now = new Date('2026-03-10T18:00:00Z'); // 19:00 in Berlin
    expect(activityState(pending('2026-03-10T22:59:00Z'), now, BERLIN)).toBe('dueToday'); // 23:59 Berlin
    expect(activityState(pending('2026-03-10T07:00:00Z'), now, BERLIN)).toBe('dueToday'); // this morning: not overdue yet
    expect(activityState(pending('2026-03-10T23:00:00Z'), now, BERLIN)).toBe('upcoming'); // tomorrow 00:00 Berlin
    expect(activityState(pending('2026-03-09T22:59:00Z'), now, BERLIN)).toBe('overdue'); // yesterday 23:59
  });

  it('uses the viewer’s day far east and far west of UTC', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const due = pending('2026-03-10T09:00:00Z'); // 10 March 23:00 in Kiritimati, 9 March 22:00 in Pago Pago
    expect(activityState(due, now, KIRITIMATI)).toBe('overdue'); // there it is 11 March already
    expect(activityState(due, now, PAGO_PAGO)).toBe('overdue'); // 9 March, and today is 10 March there
    expect(activityState(pending('2026-03-11T09:00:00Z'), now, PAGO_PAGO)).toBe('dueToday'); // 10 March 22:00 there
    expect(activityState(pending('2026-03-11T09:00:00Z'), now, KIRITIMATI)).toBe('dueToday'); // 11 March 23:00 there
  });

  it('shows a completed activity as completed whatever its date', () => {
    expect(activityState({ status: 'completed', dueDate: '2020-01-01T00:00:00Z' }, new Date(), 'UTC')).toBe(
      'completed',
    );
  });
});

describe('next-activity indicator', () => {
  const now = new Date('2026-03-10T12:00:00Z');

  it('is the no-activities icon without a next activity, or when it is completed', () => {
    expect(nextActivityIndicator(null, now, 'UTC')).toBe('none');
    expect(nextActivityIndicator({ status: 'completed', dueDate: '2026-03-10T12:00:00Z' }, now, 'UTC')).toBe('none');
  });

  it('is red when overdue, green when due today', () => {
    expect(nextActivityIndicator({ status: 'pending', dueDate: '2026-03-09T12:00:00Z' }, now, 'UTC')).toBe('overdue');
    expect(nextActivityIndicator({ status: 'pending', dueDate: '2026-03-10T23:59:00Z' }, now, 'UTC')).toBe('dueToday');
    expect(nextActivityIndicator({ status: 'pending', dueDate: '2026-03-11T00:00:00Z' }, now, 'UTC')).toBe('upcoming');
  });
});
