import type { Page } from '@playwright/test';

// The email screen's parts, by role and name, for the email specs (e2e/email*.spec.ts).

export const folders = (page: Page) => page.getByRole('navigation', { name: 'Folders' });
export const folderLink = (page: Page, name: string | RegExp) =>
  folders(page).getByRole('link', { name, exact: typeof name === 'string' });
export const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });
export const pane = (page: Page) => page.getByRole('region', { name: 'Reading pane' });
/** The one toast with this text: a second would fail the assertion. */
export const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
