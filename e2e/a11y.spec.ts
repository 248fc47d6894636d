import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoSeriousViolations } from './support/helpers';

async function setTheme(page: Page, mode: 'dark' | 'light') {
  await page.addInitScript((value) => {
    localStorage.setItem('theme-storage', JSON.stringify({ state: { mode: value }, version: 0 }));
  }, mode);
}

for (const mode of ['dark', 'light'] as const) {
  test.describe(`accessibility in the ${mode} theme`, () => {
    test.beforeEach(async ({ page }) => setTheme(page, mode));

    test('landing page', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('sign-in page, with field errors shown', async ({ page }) => {
      await page.goto('/signin');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByText('Email is required')).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('contacts page and its dialog', async ({ page, signedIn: _ }) => {
      await page.request.post('/api/contacts', { data: { name: 'Ada Lovelace', email: 'ada@example.com' } });
      await page.goto('/app/contacts');
      await expect(page.getByRole('row', { name: /Ada Lovelace/ })).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: 'Create' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('pipeline settings', async ({ page, signedIn: _ }) => {
      await page.request.post('/api/pipelines', { data: { name: 'Sales Pipeline', isDefault: true } });
      await page.request.post('/api/pipelines', { data: { name: 'Renewals' } });
      await page.goto('/app/settings/pipelines');
      await expect(page.getByRole('button', { name: 'Set as Default' })).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('deal board and a deal with its activities', async ({ page, signedIn: _ }) => {
      const pipeline = await (
        await page.request.post('/api/pipelines', { data: { name: 'Sales Pipeline', isDefault: true } })
      ).json();
      const contact = await (await page.request.post('/api/contacts', { data: { name: 'Ada Lovelace' } })).json();
      await page.request.post('/api/deals', {
        data: { name: 'Old deal', pipelineId: pipeline.id, stage: 'Lead', value: 10, expectedCloseDate: '2020-01-01' },
      });
      const deal = await (
        await page.request.post('/api/deals', {
          data: { name: 'Acme', pipelineId: pipeline.id, stage: 'Won', value: 99.5, contactId: contact.id },
        })
      ).json();
      await page.request.post(`/api/deals/${deal.id}/activities`, {
        data: {
          activityType: 'call',
          description: 'Call Ada',
          dueDate: new Date(Date.now() - 3 * 86_400_000).toISOString(),
        },
      });
      await page.goto('/app/deals');
      await expect(page.getByText('Expired')).toBeVisible();
      await expect(page.getByText('Next activity overdue')).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: 'Acme', exact: true }).click();
      await expect(page.getByRole('dialog').getByText('Call Ada')).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  });
}
