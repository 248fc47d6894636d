import { describe, expect, it } from 'vitest';
import { dueRange, taskListName } from './filters';

const range = (due: 'today' | 'week', tz: string, now: string) => {
  const { from, to } = dueRange(due, tz, new Date(now));
  return { from: from.toISOString(), to: to.toISOString() };
};

describe('due date boundaries', () => {
  it('reads today in a zone fourteen hours ahead of UTC, on a different date than UTC’s', () => {
    // 09:00 UTC on 1 January is 23:00 on 1 January in Kiritimati (UTC+14), and 10:00 UTC is already 2 January.
    expect(range('today', 'Pacific/Kiritimati', '2030-01-01T09:00:00Z')).toEqual({
      from: '2029-12-31T10:00:00.000Z',
      to: '2030-01-01T10:00:00.000Z',
    });
    expect(range('today', 'Pacific/Kiritimati', '2030-01-01T10:00:00Z')).toEqual({
      from: '2030-01-01T10:00:00.000Z',
      to: '2030-01-02T10:00:00.000Z',
    });
    // 1 January 2030 is a Tuesday there: the week began on Sunday 30 December.
    expect(range('week', 'Pacific/Kiritimati', '2030-01-01T09:00:00Z')).toEqual({
      from: '2029-12-29T10:00:00.000Z',
      to: '2030-01-05T10:00:00.000Z',
    });
  });

  it('gives Los Angeles a 23-hour day when the clocks go forward and a 25-hour day when they go back', () => {
    // Sunday 10 March 2030: midnight is PST (UTC−8), the next midnight PDT (UTC−7).
    expect(range('today', 'America/Los_Angeles', '2030-03-10T19:00:00Z')).toEqual({
      from: '2030-03-10T08:00:00.000Z',
      to: '2030-03-11T07:00:00.000Z',
    });
    expect(range('week', 'America/Los_Angeles', '2030-03-10T19:00:00Z')).toEqual({
      from: '2030-03-10T08:00:00.000Z',
      to: '2030-03-17T07:00:00.000Z',
    });
    // Sunday 3 November 2030: back from PDT to PST.
    expect(range('today', 'America/Los_Angeles', '2030-11-03T20:00:00Z')).toEqual({
      from: '2030-11-03T07:00:00.000Z',
      to: '2030-11-04T08:00:00.000Z',
    });
    // A Saturday late in the evening still belongs to the week that began the Sunday before.
    expect(range('week', 'America/Los_Angeles', '2030-03-10T07:30:00Z')).toEqual({
      from: '2030-03-03T08:00:00.000Z',
      to: '2030-03-10T08:00:00.000Z',
    });
  });

  it('uses UTC days for UTC', () => {
    expect(range('today', 'UTC', '2030-06-15T23:59:59Z')).toEqual({
      from: '2030-06-15T00:00:00.000Z',
      to: '2030-06-16T00:00:00.000Z',
    });
  });
});

describe('task list cursor names', () => {
  const base = { tz: 'UTC' };
  it('differ for every filter that changes the rows, and ignore the time zone without a due filter', () => {
    const names = [
      taskListName(base),
      taskListName({ ...base, status: 'Done' }),
      taskListName({ ...base, status: 'To Do' }),
      taskListName({ ...base, q: 'x' }),
      taskListName({ ...base, due: 'today' }),
      taskListName({ ...base, due: 'today', tz: 'Pacific/Kiritimati' }),
      taskListName({ ...base, categoryId: '00000000-0000-0000-0000-000000000001' }),
      taskListName({ ...base, projectId: '00000000-0000-0000-0000-000000000001' }),
      taskListName({ ...base, dealId: '00000000-0000-0000-0000-000000000001' }),
    ];
    expect(new Set(names).size).toBe(names.length);
    expect(taskListName({ tz: 'Europe/Paris' })).toBe(taskListName(base));
    expect(taskListName({ ...base, q: '' })).toBe(taskListName(base));
  });
});
