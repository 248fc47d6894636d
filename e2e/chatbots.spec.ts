import { expect, test } from './fixtures';
import { expectNoSeriousViolations } from './helpers';

// The list itself (newest first, paging, other users' flows) is covered by the API tests: there is no way to
// create a flow yet, the builder is "coming soon".

test.describe('chatbots', () => {
  test('a new user sees the empty state, and the builder is coming soon', async ({ page, signedIn: _ }) => {
    // Two accessibility checks and three openings of the dialog: more than a minute on a busy machine.
    test.slow();
    await page.goto('/app/chatbot');
    await expect(page.getByRole('heading', { level: 1, name: 'Chatbots' })).toBeVisible();
    const empty = page.getByText('No chatbot flows yet. Click Create Chatbot to start one.');
    await expect(empty).toBeVisible();
    await expectNoSeriousViolations(page);

    // The empty state offers what the header's button does.
    await empty.locator('..').getByRole('button', { name: 'Create Chatbot' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Chatbot' })).toBeVisible();
    await page.keyboard.press('Escape');

    const create = page.getByRole('button', { name: 'Create Chatbot' }).first();
    await create.click();
    const dialog = page.getByRole('dialog', { name: 'Create Chatbot' });
    await expect(dialog.getByText('Chatbot builder coming soon...')).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(create).toBeFocused();

    await create.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();
    await expect(create).toBeFocused();
  });

  test('the page fits a phone', async ({ page, signedIn: _ }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/chatbot');
    await expect(page.getByText('No chatbot flows yet. Click Create Chatbot to start one.')).toBeVisible();
    await page.getByRole('button', { name: 'Create Chatbot' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Create Chatbot' })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
