import { expect } from 'vitest';
import type { Calendar } from '@common/calendar';
import type { UserClient } from './test-app';

// Helpers of the calendar's tests (modules/calendar/calendar.test.ts, calendar-limits.test.ts).

export const at = (iso: string, ms = 0) => new Date(Date.parse(iso) + ms);
export const HOUR = 3_600_000;

/** A deal of the user's, in a pipeline of its own. */
export async function newDeal(user: UserClient, name: string): Promise<string> {
  const pipelineId = (await user.post('/api/pipelines', { name: 'Sales' })).json().id as string;
  const res = await user.post('/api/deals', { name, pipelineId, stage: 'Lead' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/** The user's calendar from `from` to `to`. */
export async function calendarOf(user: UserClient, from: string, to: string): Promise<Calendar> {
  const res = await user.get(`/api/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The events' titles, of one kind or of all. */
export const titles = (calendar: Calendar, kind?: string) =>
  calendar.events.filter((e) => !kind || e.kind === kind).map((e) => e.title);
