import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousViolations } from './helpers';

const folderLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name, exact: true });
const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });
const proposal = (page: Page) => messages(page).getByRole('button', { name: /Updated proposal for the Q3 campaign/ });
const pane = (page: Page) => page.getByRole('region', { name: 'Reading pane' });

test.describe('email screens', () => {
  test('the folders navigate to their routes and mark the current one', async ({ page, signedIn: _ }) => {
    await page.goto('/app/email');
    await expect(page.getByRole('heading', { level: 1, name: 'Email' })).toBeVisible();
    await expect(folderLink(page, 'Inbox')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'Custom Folders' })).toBeVisible();
    await expect(page.getByText('No custom folders yet')).toBeVisible();

    for (const [name, id] of [
      ['Sent', 'sent'],
      ['Spam', 'spam'],
      ['Trash', 'trash'],
      ['Starred', 'starred'],
    ] as const) {
      await folderLink(page, name).click();
      await expect(page).toHaveURL(new RegExp(`/app/email/folder/${id}$`));
      await expect(folderLink(page, name)).toHaveAttribute('aria-current', 'page');
      await expect(folderLink(page, 'Inbox')).not.toHaveAttribute('aria-current');
      await expect(page.getByText('No emails found')).toBeVisible();
    }

    await folderLink(page, 'Inbox').click();
    await expect(page).toHaveURL(/\/app\/email\/folder\/inbox$/);
    await expect(messages(page).getByRole('listitem')).toHaveCount(2);

    await page.goto('/app/email/folder/nowhere');
    await expect(page.getByText('No emails found')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Folders' }).locator('[aria-current]')).toHaveCount(0);
  });

  test('the inbox shows the two samples; one opens in the reading pane', async ({ page, signedIn: _ }) => {
    await page.goto('/app/email');
    const rows = messages(page).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(proposal(page)).toContainText('Sarah Johnson');
    await expect(proposal(page)).toContainText(/ago/);
    await expect(proposal(page)).toHaveAccessibleName(/^Unread, Sarah Johnson/);
    await expect(proposal(page).getByRole('img', { name: 'Has attachment' })).toBeVisible();
    await expect(proposal(page).getByRole('img', { name: 'Not starred' })).toBeVisible();
    const followUp = messages(page).getByRole('button', { name: /Follow-up on our meeting/ });
    await expect(followUp).not.toHaveAccessibleName(/Unread/);
    await expect(followUp.getByRole('img', { name: 'Starred' })).toBeVisible();
    await expect(followUp.getByRole('img', { name: 'Has attachment' })).toHaveCount(0);
    await expect(page.getByText('Select an email to read it')).toBeVisible();

    await proposal(page).click();
    await expect(proposal(page)).toHaveAttribute('aria-current', 'true');
    await expect(pane(page).getByRole('heading', { name: 'Updated proposal for the Q3 campaign' })).toBeVisible();
    await expect(pane(page).getByText('Sarah Johnson', { exact: true })).toBeVisible();
    await expect(pane(page).getByText('to me', { exact: true })).toBeVisible();
    await expect(pane(page).getByText(/revised timeline and budget/)).toBeVisible();
    await expect(pane(page).getByRole('heading', { name: 'Attachments' })).toBeVisible();
    await expect(pane(page).getByText('Q3-campaign-proposal.pdf')).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('the search filters the list, and Check Mail only says it is checking', async ({ page, signedIn: _ }) => {
    await page.goto('/app/email');
    const search = page.getByRole('searchbox', { name: 'Search emails' });
    await expect(search).toHaveAttribute('placeholder', 'Search emails...');
    await search.fill('michael');
    await expect(messages(page).getByRole('listitem')).toHaveCount(1);
    await expect(messages(page)).toContainText('Follow-up on our meeting');
    await search.fill('attached the updated');
    await expect(messages(page).getByRole('listitem')).toHaveCount(1);
    await expect(messages(page)).toContainText('Updated proposal');
    await search.fill('no such message');
    await expect(page.getByText('No emails found')).toBeVisible();
    await search.fill('');
    await expect(messages(page).getByRole('listitem')).toHaveCount(2);

    await page.getByRole('button', { name: 'Check Mail' }).click();
    await expect(page.getByText('Checking for new emails...')).toBeVisible();
    await expect(messages(page).getByRole('listitem')).toHaveCount(2);
  });

  test('compose checks the addresses; Send and Discard return to the inbox', async ({ page, signedIn: _ }) => {
    await page.goto('/app/email');
    await page.getByRole('link', { name: 'Compose' }).click();
    await expect(page).toHaveURL(/\/app\/email\/compose$/);
    await expect(page.getByRole('heading', { level: 1, name: 'New Message' })).toBeVisible();

    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('To is required')).toBeVisible();
    await expect(page.getByText('Subject is required')).toBeVisible();
    await expect(page.getByText('Message is required')).toBeVisible();

    await page.getByLabel('To', { exact: true }).fill('not-an-email');
    await page.getByLabel('Cc', { exact: true }).fill('ok@example.com, bad');
    await page.getByLabel('Subject', { exact: true }).fill('Hello');
    await page.getByLabel('Message', { exact: true }).fill('A short note.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Please enter a valid email address')).toHaveCount(2);
    await expect(page.getByLabel('To', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/app\/email\/compose$/);
    await expectNoSeriousViolations(page);

    await page.getByLabel('To', { exact: true }).fill('grace@example.com');
    await page.getByLabel('Cc', { exact: true }).fill('ok@example.com, ada@example.com');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(/\/app\/email$/);
    await expect(messages(page).getByRole('listitem')).toHaveCount(2);

    await page.getByRole('link', { name: 'Compose' }).click();
    await page.getByLabel('To', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/app\/email$/);
  });

  test('on a phone the list and the reading pane take turns', async ({ page, signedIn: _ }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/email');
    await expect(messages(page).getByRole('listitem')).toHaveCount(2);
    await proposal(page).click();
    await expect(pane(page).getByText('to me', { exact: true })).toBeVisible();
    await expect(messages(page)).toBeHidden();
    await expectNoSeriousViolations(page);
    await pane(page).getByRole('button', { name: 'Back to messages' }).click();
    await expect(messages(page)).toBeVisible();
    await expect(pane(page)).toBeHidden();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
