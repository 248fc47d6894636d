import type { Page } from '@playwright/test';
import { expect, unique } from './fixtures';

// What the calendar specs (e2e/calendar*.spec.ts) share: a day of this month as the browser reads it, and a task
// or a deal's activity due then.

/** A day of the current month at a local hour, as the browser's time zone reads it. */
export async function localDay(page: Page, dayOfMonth: number, hour: number) {
  return page.evaluate(
    ({ day, hour }) => {
      const now = new Date();
      const date = new Date(now.getFullYear(), now.getMonth(), day, hour, 0);
      const sunday = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate() - d.getDay());
      const nameOf = (d: Date) =>
        d.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
      const month = (d: Date) => d.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
      return {
        iso: date.toISOString(),
        /** The month cell's label: "Sunday, November 15, 2026". */
        label: nameOf(date),
        /** How many weeks on from this week the day's week is (negative: before). */
        weeksAway: Math.round((sunday(date).getTime() - sunday(now).getTime()) / (7 * 86_400_000)),
        thisMonth: month(now),
        nextMonth: month(new Date(now.getFullYear(), now.getMonth() + 1, 1)),
        lastMonth: month(new Date(now.getFullYear(), now.getMonth() - 1, 1)),
      };
    },
    { day: dayOfMonth, hour },
  );
}

export async function createTask(page: Page, name: string, dueDate: string) {
  const response = await page.request.post('/api/tasks', { data: { name, dueDate } });
  expect(response.status(), await response.text()).toBe(201);
}

/** A deal with one activity due at `dueDate`. */
export async function createActivity(page: Page, description: string, dueDate: string) {
  const pipeline = await page.request.post('/api/pipelines', { data: { name: 'Sales Pipeline', isDefault: true } });
  expect(pipeline.status()).toBe(201);
  const dealName = unique('Acme');
  const deal = await page.request.post('/api/deals', {
    data: { name: dealName, pipelineId: (await pipeline.json()).id, stage: 'Lead' },
  });
  expect(deal.status()).toBe(201);
  const activity = await page.request.post(`/api/deals/${(await deal.json()).id}/activities`, {
    data: { activityType: 'call', description, dueDate, priority: 'high' },
  });
  expect(activity.status(), await activity.text()).toBe(201);
  return dealName;
}
