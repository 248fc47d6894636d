import { expect } from 'vitest';
import type { Dashboard } from '@common/dashboard';
import type { UserClient } from './test-app';

// Helpers of the dashboard's tests (modules/dashboard/dashboard.test.ts, dashboard-time-zones.test.ts).

/** A logger that drops a failing widget's error. */
export const silent = { error: () => undefined };
export const HOUR = 3_600_000;

/** The user's dashboard, read in time zone `tz`. */
export async function dashboardOf(user: UserClient, tz = 'UTC'): Promise<Dashboard> {
  const res = await user.get(`/api/dashboard?tz=${encodeURIComponent(tz)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A pipeline of the user's with the default stages; its id. */
export async function newPipeline(user: UserClient, name: string): Promise<string> {
  const res = await user.post('/api/pipelines', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/** A deal made through the API; its id. */
export async function newDeal(user: UserClient, pipelineId: string, name: string, stage: string, value: number | null) {
  const res = await user.post('/api/deals', { name, pipelineId, stage, value });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}
