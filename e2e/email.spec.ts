import type { Page } from '@playwright/test';
import { emailFolderMessages } from '../common/email';
import { expect, test } from './support/fixtures';
import { folderLink, folders, pane, toast } from './support/email';
import { expectNoSeriousViolations } from './support/helpers';

// The email screens without a mail server: folders, custom folders, compose's checks and a failed send. Mail sent
// and received through real servers is in email-mail-servers.spec.ts.

/** An account whose servers are never reached by these tests (the send test expects the failure). */
async function createUnreachableAccount(page: Page, email = 'ann@example.com') {
  const server = (host: string, port: number) => ({ host, port, username: 'ann', password: 'mail-password-1234' });
  const response = await page.request.post('/api/email-accounts', {
    data: { email, pop3: server('pop.invalid', 995), smtp: server('smtp.invalid', 587) },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test.describe('email screens', () => {
  test('the folders navigate to their routes, each empty for a new user', async ({ page, signedIn: _ }) => {
    await page.goto('/app/email');
    await expect(page.getByRole('heading', { level: 1, name: 'Email' })).toBeVisible();
    await expect(folderLink(page, 'Inbox')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'Custom Folders' })).toBeVisible();
    await expect(page.getByText('No custom folders yet')).toBeVisible();
    await expect(page.getByText('No emails found')).toBeVisible();
    await expect(page.getByText('Select an email to read it')).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search emails' })).toHaveAttribute(
      'placeholder',
      'Search emails...',
    );

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

    await page.goto('/app/email/folder/nowhere');
    await expect(page.getByText('No emails found')).toBeVisible();
    await expect(folders(page).locator('[aria-current]')).toHaveCount(0);
    await expectNoSeriousViolations(page);
  });

  test('custom folders are created, renamed and deleted after confirming', async ({ page, signedIn: _ }) => {
    await page.goto('/app/email');
    await page.getByRole('button', { name: 'Create folder' }).click();
    let dialog = page.getByRole('dialog', { name: 'New Folder' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText(emailFolderMessages.nameRequired)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Create folder' }).click();
    await dialog.getByLabel('Folder name').fill('Clients');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, emailFolderMessages.created)).toBeVisible();
    await expect(page.getByText('No custom folders yet')).toBeHidden();
    await folderLink(page, 'Clients').click();
    await expect(page).toHaveURL(/\/app\/email\/folder\/[0-9a-f-]{36}$/);
    await expect(folderLink(page, 'Clients')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2, name: 'Clients' })).toBeVisible();
    await expect(page.getByText('No emails found')).toBeVisible();

    // A second folder of the same name (whatever its case) is refused by the server.
    await page.getByRole('button', { name: 'Create folder' }).click();
    await dialog.getByLabel('Folder name').fill('clients');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText(emailFolderMessages.nameTaken)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Rename Clients' }).click();
    dialog = page.getByRole('dialog', { name: 'Rename Folder' });
    await expect(dialog.getByLabel('Folder name')).toHaveValue('Clients');
    await dialog.getByLabel('Folder name').fill('Key clients');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(folderLink(page, 'Key clients')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Key clients' })).toBeVisible();

    await page.getByRole('button', { name: 'Delete Key clients' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete folder' });
    await expect(confirm.getByText(emailFolderMessages.deleteBody)).toBeVisible();
    await expectNoSeriousViolations(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, emailFolderMessages.deleted)).toBeVisible();
    await expect(page).toHaveURL(/\/app\/email$/);
    await expect(page.getByText('No custom folders yet')).toBeVisible();
  });

  test('without an account, Check Mail and Compose say to add one first', async ({ page, signedIn: _ }) => {
    await page.goto('/app/email');
    await page.getByRole('button', { name: 'Check Mail' }).click();
    await expect(toast(page, 'Add an email account first')).toBeVisible();

    await page.getByRole('link', { name: 'Compose' }).click();
    await expect(page).toHaveURL(/\/app\/email\/compose$/);
    await expect(page.getByRole('heading', { level: 1, name: 'New Message' })).toBeVisible();
    await expect(
      page.getByText('Add an email account first: messages are sent through its SMTP server.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Go to Email Settings' }).click();
    await expect(page).toHaveURL(/\/app\/settings\/email$/);
  });

  test('compose checks the addresses; a failed send shows the reason and keeps the draft', async ({
    page,
    signedIn: _,
  }) => {
    await createUnreachableAccount(page);
    await page.goto('/app/email/compose');
    await expect(page.getByRole('heading', { level: 1, name: 'New Message' })).toBeVisible();
    // One account: nothing to choose.
    await expect(page.getByLabel('From', { exact: true })).toHaveCount(0);

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
    // The account's SMTP host does not exist: the server says why, and nothing typed is lost.
    await expect(page.getByRole('alert')).toContainText(/mail server/i);
    await expect(page).toHaveURL(/\/app\/email\/compose$/);
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('grace@example.com');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('A short note.');

    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/app\/email$/);

    // With several accounts the message says which one it goes out from.
    await createUnreachableAccount(page, 'ann.work@example.com');
    await page.getByRole('link', { name: 'Compose' }).click();
    await expect(page.getByLabel('From', { exact: true }).getByRole('option')).toHaveText([
      'ann@example.com',
      'ann.work@example.com',
    ]);
  });

  test('on a phone the folders, the list and the empty pane fit the width', async ({ page, signedIn: _ }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/email');
    await expect(page.getByText('No emails found')).toBeVisible();
    // The pane has nothing to show: only the list is on screen.
    await expect(pane(page)).toBeHidden();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
