import type { Page } from '@playwright/test';
import { expect, unique } from './fixtures';

// What the tasks specs (e2e/tasks*.spec.ts) share: a project and tasks made through the API, and a board column.

export async function createProject(page: Page, name = unique('Website relaunch')) {
  const response = await page.request.post('/api/projects', { data: { name } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

export async function createTask(page: Page, data: Record<string, unknown>) {
  const response = await page.request.post('/api/tasks', { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

export const column = (page: Page, status: string) => page.getByRole('region', { name: status, exact: true });
