import type { Page } from '@playwright/test';
import { authMessages } from '../common/auth-messages';
import { passwordMessages } from '../common/password-messages';
import { passwordResetMessages } from '../common/password-reset-messages';
import { productMailbox, resetLinkIn, waitForMail } from '../server/src/test/product-mailbox';
import { expect, PASSWORD, test } from './support/fixtures';
import { expectNoSeriousViolations } from './support/helpers';

// The server under test sends its own mail to the test mail servers (playwright.config.ts sets SMTP_URL), and the
// test reads it back by IMAP, as the person would in their mail reader.
const mailbox = productMailbox();
const NEW_PASSWORD = 'Brand-New-Horse-9';

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const width of [1280, 375]) {
  test.describe(`forgot password at ${width} px`, () => {
    test.skip(!mailbox, 'the test mail servers are not running: start them with scripts/mail-servers.sh');
    test.use({ viewport: { width, height: 900 } });

    test('a link by email sets a new password, signs in with it, and works once', async ({ page, browser }) => {
      const email = mailbox!.address('e2e');
      const other = await browser.newContext();
      const signUp = await other.request.post('/api/auth/sign-up', {
        data: { name: 'Carol Reset', email, password: PASSWORD },
      });
      expect(signUp.status(), await signUp.text()).toBe(201);

      await page.goto('/signin');
      await page.getByRole('link', { name: authMessages.forgotPassword }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
      await page.getByLabel('Email Address').fill(email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByRole('status').filter({ hasText: passwordResetMessages.requested })).toBeVisible();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(page);

      const link = resetLinkIn(await waitForMail(email));
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
      await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm New Password').fill('Brand-New-Horse-8');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByText(passwordMessages.passwordsDoNotMatch)).toBeVisible();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(page);

      await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page).toHaveURL(/\/signin$/);
      await expect(page.getByText(passwordResetMessages.passwordReset)).toBeVisible();
      // The session the other browser had is gone with the old password.
      expect((await other.request.get('/api/me')).status()).toBe(401);
      await other.close();

      await page.getByLabel('Email Address').fill(email);
      await page.getByLabel('Password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(/\/app\/dashboard$/);

      // The link again: used, so it says so and changes nothing.
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByLabel('New Password', { exact: true }).fill('Another-Horse-7');
      await page.getByLabel('Confirm New Password').fill('Another-Horse-7');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByRole('alert').filter({ hasText: passwordResetMessages.linkInvalid })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    });
  });
}
