import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { formMessages } from '../common/form-rules';
import { notificationMessages, notificationSettingLabels } from '../common/notifications';
import { expect, test } from './support/fixtures';
import { expectNoSeriousViolations } from './support/helpers';

const SUCCESS = 'Thanks, we got it.';

/** A one-field form with notifyOnSubmission on, made through the API. */
async function createForm(page: Page, name: string) {
  const field = { id: randomUUID(), type: 'name', label: 'Full Name', required: true };
  const response = await page.request.post('/api/forms', {
    data: { name, fields: [field], settings: { successMessage: SUCCESS, notifyOnSubmission: true }, style: {} },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A visitor without the owner's session submits the form on its public page. */
async function submitAsVisitor(browser: Browser, formId: string, name: string) {
  const context = await browser.newContext();
  try {
    const visit = await context.newPage();
    await visit.goto(`/forms/${formId}`);
    await visit.getByLabel('Full Name').fill(name);
    await visit.getByRole('button', { name: formMessages.submit, exact: true }).click();
    await expect(visit.getByRole('status').getByText(SUCCESS)).toBeVisible();
  } finally {
    await context.close();
  }
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

test.describe('notifications', () => {
  test('a public submission shows on the bell; clicking it opens the submission and the count drops', async ({
    page,
    browser,
    signedIn: _,
  }) => {
    test.slow();
    const formName = unique('Contact us');
    const formId = await createForm(page, formName);
    await page.goto('/app/dashboard');
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByText(notificationMessages.empty)).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');

    await submitAsVisitor(browser, formId, 'Vera Visitor');
    // The count is polled every 30 s and read again when the window gets the focus back; a reload reads it now.
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await expect(bell(page)).toHaveText('1');

    await bell(page).click();
    const item = panel.getByRole('button', { name: new RegExp(`New submission: ${formName}`) });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Unread');
    // Opening the panel marked nothing read.
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await item.click();

    await expect(page).toHaveURL(new RegExp(`/app/forms/${formId}/submissions\\?submission=`));
    await expect(page.getByRole('heading', { level: 1, name: formName })).toBeVisible();
    await expect(page.locator('tr[aria-current="true"]')).toContainText('Vera Visitor');
    await expect(bell(page)).toHaveAccessibleName('Notifications');
  });

  test('a new one is toasted while in the app, and Mark all as read clears the count', async ({
    page,
    browser,
    signedIn: _,
  }) => {
    test.slow();
    const formName = unique('Quote request');
    const formId = await createForm(page, formName);
    await page.goto('/app/contacts');
    await expect(bell(page)).toHaveAccessibleName('Notifications');

    await submitAsVisitor(browser, formId, 'Walt First');
    await submitAsVisitor(browser, formId, 'Wendy Second');
    // The tab coming back into view reads the count again, as the 30 s poll would.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await expect(page.getByText(notificationMessages.newOne(`New submission: ${formName}`))).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');

    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByRole('button', { name: /Unread: New submission/ })).toHaveCount(2);
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByText(notificationMessages.allRead)).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(panel.getByRole('button', { name: /Unread: / })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: /New submission/ })).toHaveCount(2);

    await panel.getByRole('link', { name: 'Notification settings' }).click();
    await expect(page).toHaveURL(/\/app\/settings\/notifications$/);
  });

  test('each setting saves at once and stays after a reload; turned off, no notification is made', async ({
    page,
    browser,
    signedIn: _,
  }) => {
    test.slow();
    await page.goto('/app/settings/notifications');
    const submissions = page.getByRole('switch', { name: notificationSettingLabels.formSubmissions });
    const bookings = page.getByRole('switch', { name: notificationSettingLabels.bookings });
    const overdue = page.getByRole('switch', { name: notificationSettingLabels.overdue });
    for (const toggle of [submissions, bookings, overdue]) await expect(toggle).toBeChecked();
    await expectNoSeriousViolations(page);

    await submissions.click();
    await expect(page.getByText(notificationMessages.settingsSaved)).toBeVisible();
    await expect(submissions).not.toBeChecked();
    await page.reload();
    await expect(submissions).not.toBeChecked();
    await expect(bookings).toBeChecked();
    const stored = await page.request.get('/api/notifications/settings');
    expect(await stored.json()).toEqual({ formSubmissions: false, bookings: true, overdue: true, assignments: true });

    const formId = await createForm(page, unique('Muted'));
    await submitAsVisitor(browser, formId, 'Quiet Visitor');
    const unread = await page.request.get('/api/notifications/unread');
    expect(await unread.json()).toMatchObject({ count: 0 });

    // A failed save shows the stored value again.
    await page.route('**/api/notifications/settings', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '{"error":"x"}' }) : route.fallback(),
    );
    await overdue.click();
    await expect(page.getByText(notificationMessages.settingsFailed)).toBeVisible();
    await expect(overdue).toBeChecked();
  });

  test('on a phone the panel fits the screen', async ({ page, signedIn: _ }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/app/dashboard');
    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByText(notificationMessages.empty)).toBeVisible();
    const box = await panel.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
