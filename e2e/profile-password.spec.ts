import type { Browser, Page } from '@playwright/test';
import { passwordMessages } from '../common/password-messages';
import { expect, test, type TestUser } from './support/fixtures';
import { expectNoSeriousViolations } from './support/helpers';

/** The same account signed in on another browser, as a page of its own context. */
async function otherBrowserOf(browser: Browser, user: TestUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/sign-in', {
    data: { email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { isSignedIn: async () => (await page.request.get('/api/me')).status() === 200, close: () => context.close() };
}

for (const width of [1280, 375]) {
  test.describe(`the profile's password and sessions at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

    test('a user changes their password: a wrong current one is named under its field, and the other browser is signed out', async ({
      page,
      browser,
      signedIn,
    }) => {
      const laptop = await otherBrowserOf(browser, signedIn);
      try {
        await page.goto('/app/profile');
        const form = page.getByRole('form', { name: 'Change Password' });
        const current = form.getByLabel('Current Password');
        const fresh = form.getByLabel('New Password', { exact: true });
        const confirm = form.getByLabel('Confirm New Password');
        await current.fill('not-my-password-9');
        await fresh.fill('Brand-New-Horse-9');
        await confirm.fill('Brand-New-Horse-9');
        await form.getByRole('button', { name: 'Change Password' }).click();
        await expect(form.getByText(passwordMessages.currentPasswordWrong)).toBeVisible();
        await expect(current).toHaveAttribute('aria-invalid', 'true');
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await expectNoSeriousViolations(page);
        expect(await laptop.isSignedIn()).toBe(true);

        await current.fill(signedIn.password);
        await confirm.fill('Brand-New-Horse-8');
        await form.getByRole('button', { name: 'Change Password' }).click();
        await expect(form.getByText(passwordMessages.passwordsDoNotMatch)).toBeVisible();

        await confirm.fill('Brand-New-Horse-9');
        await form.getByRole('button', { name: 'Change Password' }).click();
        await expect(page.getByText(passwordMessages.passwordChanged)).toBeVisible();
        await expect(current).toHaveValue('');
        expect(await laptop.isSignedIn()).toBe(false);

        // This browser stays signed in, on the new session the answer set.
        await page.reload();
        await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
        const signIn = await page.request.post('/api/auth/sign-in', {
          data: { email: signedIn.email, password: 'Brand-New-Horse-9' },
        });
        expect(signIn.status()).toBe(200);
      } finally {
        await laptop.close();
      }
    });

    test('a user signs out of all other sessions and stays signed in here', async ({ page, browser, signedIn }) => {
      const laptop = await otherBrowserOf(browser, signedIn);
      try {
        await page.goto('/app/profile');
        const button = page.getByRole('button', { name: 'Sign out of all other sessions' });
        await expect(button).toBeVisible();
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await button.click();
        await expect(page.getByText(passwordMessages.otherSessionsEnded)).toBeVisible();
        expect(await laptop.isSignedIn()).toBe(false);
        await page.reload();
        await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
        await expectNoSeriousViolations(page);
      } finally {
        await laptop.close();
      }
    });
  });
}
