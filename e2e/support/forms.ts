import type { Locator } from '@playwright/test';

// The form builder's field list, for the forms specs (e2e/forms*.spec.ts).

/** The builder's fields in order: the list's own items, not the options listed inside an open field. */
export const fieldRows = (dialog: Locator) => dialog.getByRole('list', { name: 'Form fields' }).locator(':scope > li');
export const rowNames = (labels: string[]) => labels.map((label) => new RegExp(`^\\d+\\.\\s*${label}`));
