import { expect, test } from './support/fixtures';

test('the theme choice survives a reload', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
  await page.reload();
  await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
  await page.reload();
  await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
});

test('a signed-out visitor of /app is sent to /signin', async ({ page }) => {
  await page.goto('/app/contacts');
  await expect(page).toHaveURL(/\/signin$/);
});

test.describe('signed in', () => {
  test('unknown paths and the /app index lead to the dashboard', async ({ page, signedIn }) => {
    await page.goto('/app/nope');
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await page.goto('/app');
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await page.goto('/somewhere/else');
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByText(signedIn.email)).toBeVisible();
  });

  test('paths without /app are aliases of the app screens', async ({ page, signedIn }) => {
    await page.goto('/settings/ai');
    await expect(page).toHaveURL(/\/app\/settings\/ai$/);
    await expect(page.getByRole('heading', { level: 1, name: 'AI Configuration' })).toBeVisible();
    await page.goto('/tasks/123');
    await expect(page).toHaveURL(/\/app\/tasks\?task=123$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByText(signedIn.email)).toBeVisible();
  });

  test('the sidebar links reach every area', async ({ page, signedIn }) => {
    await page.goto('/app/dashboard');
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    const areas: Array<[string, RegExp, string]> = [
      ['Contacts', /\/app\/contacts$/, 'Contacts'],
      ['Deals', /\/app\/deals$/, 'Deals'],
      ['Profile', /\/app\/profile$/, 'Profile Settings'],
      ['Settings', /\/app\/settings$/, 'Settings'],
      ['Dashboard', /\/app\/dashboard$/, 'Welcome back, Ann'],
    ];
    for (const [link, url, heading] of areas) {
      await sidebar.getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: new RegExp(signedIn.email) })).toHaveAttribute('href', '/app/profile');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  });

  test('an expired session sends the user to /signin on the next request', async ({ page, signedIn }) => {
    await page.goto('/app/dashboard');
    await expect(page.getByText(signedIn.email)).toBeVisible();
    await page.context().clearCookies();
    // The next request sends the user to /signin: the click's, or a background one (the bell's poll) if it comes first,
    // which takes the sidebar away before the click.
    const contacts = page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Contacts' });
    await contacts.click({ timeout: 5_000 }).catch((error: unknown) => {
      if (!new URL(page.url()).pathname.endsWith('/signin')) throw error;
    });
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('on a phone the menu button opens the sidebar as a drawer', async ({ page, signedIn }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/app/dashboard');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Contacts', exact: true })).toBeHidden();

    await toggle.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link', { name: 'Contacts', exact: true })).toBeVisible();
    await expect(drawer.getByText(signedIn.email)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Contacts', exact: true }).click();
    await expect(page).toHaveURL(/\/app\/contacts$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  });
});
