import type { Page } from '@playwright/test';
import { expect, unique } from './fixtures';

// What the deals specs (e2e/deals*.spec.ts) share: a default pipeline made through the API, and a stage's column.

export async function createPipeline(page: Page, name = unique('Sales')) {
  const response = await page.request.post('/api/pipelines', { data: { name, isDefault: true } });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; name: string; stages: string[] };
}

export const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true });
