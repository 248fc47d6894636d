import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoSeriousViolations, toast } from './support/helpers';

// The scheduling settings: saved one change at a time, refused or failed, and the booking page's preview, embed
// code and link.

/** Waits for the PATCH that `act` causes, and answers its status. */
async function patchOf(page: Page, act: () => Promise<unknown>) {
  const [response] = await Promise.all([
    page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/scheduling/settings' && res.request().method() === 'PATCH',
    ),
    act(),
  ]);
  return response.status();
}

async function userIdOf(page: Page): Promise<string> {
  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(200);
  const body = (await me.json()) as { user: { id: string } };
  return body.user.id;
}

test.describe('settings', () => {
  test('scheduling settings are saved one change at a time and kept after a reload', async ({ page, signedIn: _ }) => {
    test.slow();
    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(request.postData() ?? '');
    });
    await page.goto('/app/settings/scheduling');
    await expect(page.getByRole('heading', { level: 1, name: 'Scheduling Settings' })).toBeVisible();
    const form = page.getByRole('form', { name: 'General Settings' });
    const timezone = form.getByLabel('Time Zone');
    // The browser's time zone is the default.
    const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await expect(timezone).toHaveValue(browserZone);
    await expect(form.getByLabel('Time Format')).toHaveValue('24h');
    const notice = form.getByLabel('Minimum Notice (minutes)');
    const advance = form.getByLabel('Maximum Advance (days)');
    await expect(notice).toHaveValue('0');
    await expect(advance).toHaveValue('90');
    const length = form.getByLabel('Appointment length');
    await expect(length).toHaveValue('30');

    expect(await patchOf(page, () => form.getByLabel('Time Format').selectOption('12h'))).toBe(200);
    await expect(toast(page, 'Settings updated')).toBeVisible();

    // Out of range: the message, and nothing sent.
    await notice.fill('2000');
    await expect(form.getByText('Minimum notice must be a whole number from 0 to 1440 minutes')).toBeVisible();
    await notice.press('Tab');
    await advance.fill('0');
    await advance.press('Enter');
    await expect(form.getByText('Maximum advance must be a whole number from 1 to 365 days')).toBeVisible();
    await expect(advance).toHaveAttribute('aria-invalid', 'true');
    expect(patches).toHaveLength(1);

    expect(
      await patchOf(page, async () => {
        await notice.fill('45');
        await notice.press('Tab');
      }),
    ).toBe(200);
    await expect(form.getByText(/Minimum notice must be/)).toBeHidden();
    expect(
      await patchOf(page, async () => {
        await advance.fill('30');
        await advance.press('Enter');
      }),
    ).toBe(200);
    expect(await patchOf(page, () => timezone.selectOption('Asia/Tokyo'))).toBe(200);
    expect(await patchOf(page, () => length.selectOption('45'))).toBe(200);
    expect(patches.map((body) => JSON.parse(body) as unknown)).toEqual([
      { timeFormat: '12h' },
      { minNoticeMinutes: 45 },
      { maxAdvanceDays: 30 },
      { timezone: 'Asia/Tokyo' },
      { slotMinutes: 45 },
    ]);

    await page.reload();
    await expect(form.getByLabel('Time Format')).toHaveValue('12h');
    await expect(notice).toHaveValue('45');
    await expect(advance).toHaveValue('30');
    await expect(timezone).toHaveValue('Asia/Tokyo');
    await expect(length).toHaveValue('45');
  });

  test('a number is saved once typing pauses, in one request for all its digits, and leaving it sends nothing more', async ({
    page,
    signedIn: _,
  }) => {
    test.slow();
    const patches: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(request.postDataJSON());
    });
    await page.goto('/app/settings/scheduling');
    const form = page.getByRole('form', { name: 'General Settings' });
    const notice = form.getByLabel('Minimum Notice (minutes)');
    await expect(notice).toHaveValue('0');

    await notice.selectText();
    expect(await patchOf(page, () => notice.pressSequentially('120'))).toBe(200);
    // Saved while the field still has the focus: the pause, not leaving it, sent the change.
    await expect(notice).toBeFocused();
    await expect(toast(page, 'Settings updated')).toBeVisible();
    await notice.press('Tab');
    expect(await patchOf(page, () => form.getByLabel('Time Format').selectOption('12h'))).toBe(200);
    expect(patches).toEqual([{ minNoticeMinutes: 120 }, { timeFormat: '12h' }]);

    // Leaving the field before the pause saves at once, once.
    const advance = form.getByLabel('Maximum Advance (days)');
    await advance.selectText();
    expect(
      await patchOf(page, async () => {
        await advance.pressSequentially('45');
        await advance.press('Tab');
      }),
    ).toBe(200);
    await page.reload();
    await expect(notice).toHaveValue('120');
    await expect(advance).toHaveValue('45');
    expect(patches).toEqual([{ minNoticeMinutes: 120 }, { timeFormat: '12h' }, { maxAdvanceDays: 45 }]);
  });

  test('a refused change shows the stored value again', async ({ page, signedIn: _ }) => {
    await page.goto('/app/settings/scheduling');
    const form = page.getByRole('form', { name: 'General Settings' });
    await expect(form.getByLabel('Time Format')).toHaveValue('24h');
    await page.route(
      (url) => url.pathname === '/api/scheduling/settings',
      (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({ status: 500, json: { error: 'boom' } })
          : route.fallback(),
    );
    await form.getByLabel('Time Format').selectOption('12h');
    await expect(toast(page, 'Failed to update settings')).toBeVisible();
    await expect(form.getByLabel('Time Format')).toHaveValue('24h');
  });

  test('a failed load says so and Retry loads the settings', async ({ page, signedIn: _ }) => {
    let fail = true;
    await page.route(
      (url) => url.pathname === '/api/scheduling/settings',
      (route) => (fail ? route.fulfill({ status: 500, json: { error: 'boom' } }) : route.fallback()),
    );
    await page.goto('/app/settings/scheduling');
    await expect(toast(page, 'Failed to load settings')).toBeVisible();
    await expect(page.getByRole('main').getByText('Failed to load settings')).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Retry', exact: true }).click();
    await expect(page.getByRole('form', { name: 'General Settings' })).toBeVisible();
  });

  test('the preview shows the widget and the embed code is copied with the user id', async ({
    page,
    context,
    signedIn,
  }) => {
    const userId = await userIdOf(page);
    await page.goto('/app/settings/scheduling');
    const show = page.getByRole('button', { name: 'Show Preview' });
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await show.click();
    const hide = page.getByRole('button', { name: 'Hide Preview' });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    // The real widget: the embed script puts the booking page in an iframe.
    const widget = page.frameLocator('iframe[title="Book an appointment"]');
    await expect(widget.getByRole('heading', { level: 1, name: signedIn.name })).toBeVisible();
    // The page's origin rides along: the booking page posts its height to that origin only.
    const embed = encodeURIComponent(new URL(page.url()).origin);
    await expect(page.locator(`iframe[src$="/book/${userId}?embed=${embed}"]`)).toHaveCount(1);
    await hide.click();
    await expect(page.locator('iframe[title="Book an appointment"]')).toHaveCount(0);

    const code = page.getByRole('region', { name: 'Embed code' });
    await expect(code).toContainText(`data-user="${userId}"`);
    await expect(code).toContainText('/scheduling-widget.js');

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy Code' }).click();
    await expect(toast(page, 'Embed code copied to clipboard')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`data-user="${userId}"`);
    expect(copied).toContain(`${new URL(page.url()).origin}/scheduling-widget.js`);
  });

  test('the booking link is shown in full, copied with a toast and opened in a new tab', async ({
    page,
    context,
    signedIn,
  }) => {
    test.slow();
    const userId = await userIdOf(page);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/app/settings/scheduling');
      const link = page.getByRole('textbox', { name: 'Your booking page' });
      const origin = new URL(page.url()).origin;
      await expect(link).toHaveValue(`${origin}/book/${userId}`);
      await expect(link).toHaveAttribute('readonly', '');
      await expect(page.getByRole('button', { name: 'Copy booking link' })).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await expectNoSeriousViolations(page);
    }

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy booking link' }).click();
    await expect(toast(page, 'Booking link copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${new URL(page.url()).origin}/book/${userId}`,
    );

    const [booking] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: /Open booking page/ }).click(),
    ]);
    await expect(booking).toHaveURL(new RegExp(`/book/${userId}$`));
    await expect(booking.getByRole('heading', { level: 1, name: signedIn.name })).toBeVisible();
  });
});
