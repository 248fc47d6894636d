import type { Page } from '@playwright/test';
import { expect } from './fixtures';

// What the contacts specs (e2e/contacts*.spec.ts) share: contacts made through the API, and the list's names.

export async function createContact(
  page: Page,
  data: { name: string; email?: string; phone?: string; company?: string },
) {
  const response = await page.request.post('/api/contacts', { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

export async function createAll(page: Page, contacts: Array<Parameters<typeof createContact>[1]>) {
  // One at a time: the list's order must not depend on which insert lands first.
  for (const contact of contacts) await createContact(page, contact);
}

/** The contacts' names as the table lists them, top to bottom. */
export const listedNames = (page: Page) => page.getByRole('region', { name: 'Contacts table' }).getByRole('link');
