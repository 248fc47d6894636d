import type { Locator, Page } from '@playwright/test';
import { emailAccountMessages as m } from '../common/email-accounts';
import { expect, test } from './support/fixtures';
import { expectNoSeriousViolations } from './support/helpers';

const uniqueAddress = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** An account made through the API, as another session of the same user would. */
async function createAccount(page: Page, email: string) {
  const server = (host: string, port: number) => ({ host, port, username: email, password: 'mail-password-1234' });
  const response = await page.request.post('/api/email-accounts', {
    data: { email, pop3: server('pop.example.com', 995), smtp: server('smtp.example.com', 587) },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function openAddModal(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Email Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Email Account' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const accountRow = (page: Page, email: string) =>
  page.getByRole('list', { name: 'Email accounts' }).getByRole('listitem').filter({ hasText: email });

test.describe('email settings', () => {
  test('a user adds an account, sees it listed, and still after a reload', async ({ page, signedIn: _ }) => {
    await page.goto('/app/settings/email');
    await expect(page.getByRole('heading', { level: 1, name: 'Email Settings' })).toBeVisible();
    await expect(page.getByText(m.empty)).toBeVisible();

    const dialog = await openAddModal(page);
    await expect(dialog.getByRole('group', { name: 'POP3 Server' })).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'SMTP Server' })).toBeVisible();
    // Part 2 §5 and §9: default ports, SSL/TLS on, passwords hidden.
    await expect(dialog.getByLabel('POP3 Port')).toHaveValue('995');
    await expect(dialog.getByLabel('SMTP Port')).toHaveValue('587');
    await expect(dialog.getByRole('switch', { name: 'POP3 SSL/TLS' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'SMTP SSL/TLS' })).toBeChecked();
    await expect(dialog.getByLabel('POP3 Password')).toHaveAttribute('type', 'password');
    await expect(dialog.getByLabel('SMTP Auth Method').getByRole('option')).toHaveText(['Plain', 'Login', 'CRAM-MD5']);

    const email = uniqueAddress('ann');
    await dialog.getByLabel('Email Address').fill(email);
    await dialog.getByLabel('POP3 Host').fill('pop.example.com');
    await dialog.getByLabel('POP3 Username').fill(email);
    await dialog.getByLabel('POP3 Password').fill('pop-password-123');
    await dialog.getByLabel('SMTP Host').fill('smtp.example.com');
    await dialog.getByLabel('SMTP Username').fill(email);
    await dialog.getByLabel('SMTP Password').fill('smtp-password-456');
    await dialog.getByLabel('SMTP Auth Method').selectOption('login');
    await dialog.getByRole('switch', { name: 'SMTP SSL/TLS' }).click();
    await expect(dialog.getByRole('switch', { name: 'SMTP SSL/TLS' })).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText(m.added)).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = accountRow(page, email);
    await expect(row).toContainText('pop.example.com:995');
    await expect(row).toContainText('smtp.example.com:587');
    await expect(page.getByText(m.empty)).toBeHidden();

    await page.reload();
    await expect(accountRow(page, email)).toContainText('smtp.example.com:587');
    await page.getByRole('button', { name: `Edit ${email}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Email Account' });
    await expect(edit.getByLabel('SMTP Auth Method')).toHaveValue('login');
    await expect(edit.getByRole('switch', { name: 'SMTP SSL/TLS' })).not.toBeChecked();
    await expect(edit.getByRole('switch', { name: 'POP3 SSL/TLS' })).toBeChecked();
  });

  test('saving an empty form shows every required-field message', async ({ page, signedIn: _ }) => {
    await page.goto('/app/settings/email');
    const dialog = await openAddModal(page);
    await dialog.getByLabel('POP3 Port').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expect(dialog.getByText(m.emailRequired)).toBeVisible();
    await expect(dialog.getByText(m.hostRequired)).toHaveCount(2);
    await expect(dialog.getByText(m.usernameRequired)).toHaveCount(2);
    await expect(dialog.getByText(m.passwordRequired)).toHaveCount(2);
    await expect(dialog.getByText(m.portRequired)).toHaveCount(1);
    await expect(dialog.getByLabel('Email Address')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('SMTP Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('POP3 Port')).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel('SMTP Port').fill('70000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(m.portInvalid)).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('an edit keeps the stored passwords, but a changed SMTP port asks for its password again', async ({
    page,
    signedIn: _,
  }) => {
    const email = uniqueAddress('edit');
    await createAccount(page, email);
    await page.goto('/app/settings/email');
    await expect(accountRow(page, email)).toContainText('smtp.example.com:587');

    await page.getByRole('button', { name: `Edit ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Email Account' });
    await expect(dialog.getByLabel('Email Address')).toHaveValue(email);
    await expect(dialog.getByLabel('SMTP Port')).toHaveValue('587');
    await expect(dialog.getByLabel('SMTP Password')).toHaveValue('');
    const kept = 'Stored: ••••••••. Leave empty to keep the current password.';
    await expect(dialog.getByText(kept)).toHaveCount(2);

    // The stored password belongs to the server it was typed for: a new port asks for it again.
    await dialog.getByLabel('SMTP Port').fill('465');
    await expect(dialog.getByText(kept)).toHaveCount(1);
    await expect(dialog.getByLabel('SMTP Password')).toHaveAccessibleDescription(m.passwordAgain);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByLabel('SMTP Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('SMTP Password').fill('smtp-password-for-465');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText(m.updated)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(accountRow(page, email)).toContainText('smtp.example.com:465');

    const response = await page.request.get('/api/email-accounts');
    const [account] = (await response.json()).items;
    expect(account.smtp).toMatchObject({ port: 465, passwordMasked: '••••••••' });
  });

  test('an account switches to IMAP and to an automatic check', async ({ page, signedIn: _ }) => {
    const email = uniqueAddress('imap');
    await createAccount(page, email);
    await page.goto('/app/settings/email');
    await page.getByRole('button', { name: `Edit ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Email Account' });
    await expect(dialog.getByLabel('Server type')).toHaveValue('pop3');
    await expect(dialog.getByLabel('Check automatically')).toHaveValue('');
    await dialog.getByLabel('Server type').selectOption('IMAP');
    // The port left at POP3's default follows to IMAP's; the labels name the type chosen.
    await expect(dialog.getByRole('group', { name: 'IMAP Server' })).toBeVisible();
    await expect(dialog.getByLabel('IMAP Port')).toHaveValue('993');
    // A new port: the password is typed again for it.
    await dialog.getByLabel('IMAP Password').fill('imap-password-1234');
    await dialog.getByLabel('Check automatically').selectOption('Every 15 minutes');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText(m.updated)).toBeVisible();
    await expect(accountRow(page, email)).toContainText('IMAP');
    await expect(accountRow(page, email)).toContainText('pop.example.com:993');
    const [account] = (await (await page.request.get('/api/email-accounts')).json()).items;
    expect(account).toMatchObject({ incomingType: 'imap', checkEveryMinutes: 15, pop3: { port: 993 } });

    await page.getByRole('button', { name: `Edit ${email}` }).click();
    await expect(dialog.getByLabel('Server type')).toHaveValue('imap');
    await expect(dialog.getByLabel('Check automatically')).toHaveValue('15');
  });

  test('"Allow an unencrypted connection" is off, with its warning beside it, until a user turns it on', async ({
    page,
    signedIn: _,
  }) => {
    const email = uniqueAddress('clear');
    await createAccount(page, email);
    await page.goto('/app/settings/email');
    const add = await openAddModal(page);
    const offered = add.getByRole('checkbox', { name: m.allowUnencrypted });
    await expect(offered).not.toBeChecked();
    await expect(offered).toHaveAccessibleDescription(m.allowUnencryptedWarning);
    await expect(add.getByText(m.allowUnencryptedWarning)).toBeVisible();
    await add.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: `Edit ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Email Account' });
    const option = dialog.getByRole('checkbox', { name: m.allowUnencrypted });
    await expect(option).not.toBeChecked();
    await option.check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(m.updated)).toBeVisible();
    await expect(dialog).toBeHidden();

    const [account] = (await (await page.request.get('/api/email-accounts')).json()).items;
    expect(account.allowUnencrypted).toBe(true);
    await page.getByRole('button', { name: `Edit ${email}` }).click();
    await expect(
      page.getByRole('dialog', { name: 'Edit Email Account' }).getByRole('checkbox', { name: m.allowUnencrypted }),
    ).toBeChecked();
  });

  test('an account is deleted after confirming', async ({ page, signedIn: _ }) => {
    const email = uniqueAddress('gone');
    await createAccount(page, email);
    await page.goto('/app/settings/email');
    await expect(accountRow(page, email)).toBeVisible();

    await page.getByRole('button', { name: `Delete ${email}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Email Account' });
    await expect(confirm.getByText(m.deleteConfirm)).toBeVisible();
    await expect(confirm.getByText(m.deleteConfirmDetail)).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(accountRow(page, email)).toBeVisible();

    await page.getByRole('button', { name: `Delete ${email}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(m.deleted)).toBeVisible();
    await expect(accountRow(page, email)).toBeHidden();
    await expect(page.getByText(m.empty)).toBeVisible();
  });

  test('a failed load says so', async ({ page, signedIn: _ }) => {
    await page.route('**/api/email-accounts', (route) => route.fulfill({ status: 500, body: '{"error":"x"}' }));
    await page.goto('/app/settings/email');
    await expect(page.getByText(m.loadFailed).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  test('the page and its modal have no serious accessibility violations', async ({ page, signedIn: _ }) => {
    const email = uniqueAddress('axe');
    await createAccount(page, email);
    await page.goto('/app/settings/email');
    await expect(accountRow(page, email)).toBeVisible();
    await expectNoSeriousViolations(page);

    const dialog = await openAddModal(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(m.emailRequired)).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('on a phone nothing overflows sideways', async ({ page, signedIn: _ }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const email = uniqueAddress('a-rather-long-mailbox-name-for-a-phone');
    await createAccount(page, email);
    await page.goto('/app/settings/email');
    await expect(accountRow(page, email)).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);

    const dialog = await openAddModal(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(m.emailRequired)).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
