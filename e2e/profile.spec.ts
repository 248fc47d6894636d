import type { Page } from '@playwright/test';
import { profileMessages } from '../common/profile';
import { expect, test } from './support/fixtures';
import { expectNoSeriousViolations } from './support/helpers';

/** A real 1×1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The shell's link to the profile: the user's avatar, name and e-mail. */
const shellUser = (page: Page, email: string) =>
  page.getByRole('link', { name: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });

const availabilityResponse = (page: Page, day: number) =>
  page.waitForResponse(
    (response) => response.url().endsWith(`/api/profile/availability/${day}`) && response.request().method() === 'PUT',
  );

test.describe('profile', () => {
  test('a user uploads a picture and sees it in the shell, and a disguised file is refused', async ({
    page,
    signedIn,
  }) => {
    await page.goto('/app/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Profile Information' })).toHaveAttribute('aria-selected', 'true');
    const shell = shellUser(page, signedIn.email);
    await expect(shell.locator('img')).toHaveCount(0);

    await page.getByLabel('Upload picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText(profileMessages.avatarUpdated)).toBeVisible();
    await expect(shell.locator('img')).toHaveAttribute('src', /^\/api\/avatars\/[0-9a-f-]+\?v=/);

    await page.reload();
    const picture = shell.locator('img');
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    const src = await picture.getAttribute('src');

    // A text file named .png, declared as a PNG: the server reads its bytes and refuses it.
    await page
      .getByLabel('Upload picture')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
    await expect(page.getByText(profileMessages.avatarType).first()).toBeVisible();
    // An SVG is refused in the browser already.
    await page.getByLabel('Upload picture').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await expect(page.getByText(profileMessages.avatarType).first()).toBeVisible();
    await expect(shell.locator('img')).toHaveAttribute('src', src!);
  });

  test('a user renames themselves and the shell shows the new name and initials at once', async ({
    page,
    signedIn,
  }) => {
    await page.goto('/app/profile');
    const shell = shellUser(page, signedIn.email);
    await expect(shell).toContainText('AS');

    const email = page.getByLabel('Email Address');
    await expect(email).toHaveValue(signedIn.email);
    await expect(email).toHaveAttribute('readonly', '');
    await expect(page.getByText(profileMessages.emailReadOnly)).toBeVisible();

    const name = page.getByLabel('Full Name');
    await expect(name).toHaveValue(signedIn.name);
    await name.fill('   ');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(profileMessages.nameRequired)).toBeVisible();

    await name.fill('Zoe Quinn');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(profileMessages.updated)).toBeVisible();
    await expect(shell).toContainText('ZQ');
    await expect(shell).toContainText('Zoe Quinn');

    await page.reload();
    await expect(page.getByLabel('Full Name')).toHaveValue('Zoe Quinn');
    await expect(shellUser(page, signedIn.email)).toContainText('Zoe Quinn');
  });

  test('a user turns a weekday on, changes its end time, and finds it kept after a reload', async ({
    page,
    signedIn: _,
  }) => {
    await page.goto('/app/profile');
    await page.getByRole('tab', { name: 'Scheduling Availability' }).click();
    await expect(page).toHaveURL(/\/app\/profile\?tab=availability$/);
    await expect(page.getByRole('heading', { name: 'Weekly Availability' })).toBeVisible();
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await expect(page.getByText(timeZone)).toBeVisible();

    const switches = page.getByRole('switch');
    await expect(switches).toHaveCount(7);
    await expect(switches.first()).toHaveAccessibleName('Sunday');
    await expect(switches.last()).toHaveAccessibleName('Saturday');

    const monday = page.getByRole('switch', { name: 'Monday' });
    await expect(monday).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByLabel('Monday start time')).toBeDisabled();
    await expect(page.getByLabel('Monday end time')).toHaveValue('17:00');
    await expect(page.getByLabel('Monday end time').locator('option')).toHaveCount(48);

    let saved = availabilityResponse(page, 1);
    await monday.click();
    expect((await saved).status()).toBe(200);
    await expect(monday).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText(profileMessages.availabilityUpdated).first()).toBeVisible();
    await expect(page.getByLabel('Monday end time')).toBeEnabled();

    saved = availabilityResponse(page, 1);
    await page.getByLabel('Monday end time').selectOption('18:30');
    expect((await saved).status()).toBe(200);

    // An end not after the start is kept, with a warning.
    saved = availabilityResponse(page, 1);
    await page.getByLabel('Monday start time').selectOption('19:00');
    expect((await saved).status()).toBe(200);
    await expect(page.getByText(profileMessages.endNotAfterStart)).toBeVisible();
    saved = availabilityResponse(page, 1);
    await page.getByLabel('Monday start time').selectOption('08:00');
    expect((await saved).status()).toBe(200);
    await expect(page.getByText(profileMessages.endNotAfterStart)).toBeHidden();

    await page.getByRole('button', { name: 'Save Availability' }).click();
    await expect(page.getByText(profileMessages.availabilitySaved)).toBeVisible();

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Scheduling Availability' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('switch', { name: 'Monday' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByLabel('Monday start time')).toHaveValue('08:00');
    await expect(page.getByLabel('Monday end time')).toHaveValue('18:30');
    await expect(page.getByRole('switch', { name: 'Tuesday' })).toHaveAttribute('aria-checked', 'false');

    await page.getByRole('tab', { name: 'Profile Information' }).click();
    await expect(page).toHaveURL(/\/app\/profile$/);
  });

  test('a failed save shows the stored value again', async ({ page, signedIn: _ }) => {
    await page.route('**/api/profile/availability/3', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Something went wrong"}' }),
    );
    await page.goto('/app/profile?tab=availability');
    const wednesday = page.getByRole('switch', { name: 'Wednesday' });
    await wednesday.click();
    await expect(page.getByText(profileMessages.availabilityUpdateFailed)).toBeVisible();
    await expect(wednesday).toHaveAttribute('aria-checked', 'false');
  });

  test('fits a phone and passes an accessibility check', async ({ page, signedIn: _ }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.goto('/app/profile');
    await expect(page.getByLabel('Full Name')).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);

    await page.getByRole('tab', { name: 'Scheduling Availability' }).click();
    await expect(page.getByRole('switch', { name: 'Saturday' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
  });

  test('the availability tab shows the booking link to copy and leads to the scheduling settings', async ({
    page,
    context,
    signedIn: _,
  }) => {
    test.slow();
    const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/app/profile?tab=availability');
      await expect(page.getByRole('switch', { name: 'Saturday' })).toBeVisible();
      const link = page.getByRole('textbox', { name: 'Your booking page' });
      await expect(link).toHaveValue(`${new URL(page.url()).origin}/book/${me.user.id}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await expectNoSeriousViolations(page);
    }

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy booking link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Booking link copied to clipboard' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${new URL(page.url()).origin}/book/${me.user.id}`,
    );

    await page.getByRole('link', { name: 'Scheduling Settings' }).click();
    await expect(page).toHaveURL(/\/app\/settings\/scheduling$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Scheduling Settings' })).toBeVisible();
  });
});
