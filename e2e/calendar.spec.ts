import type { Page } from '@playwright/test';
import { expect, test, unique } from './support/fixtures';
import { createActivity, createTask, localDay } from './support/calendar';
import { expectNoSeriousViolations } from './support/helpers';

// The calendar's month, week and day views, their filters and failures, and axe in both themes. The keys and the
// private feed are in calendar-integration.spec.ts.

const viewButton = (page: Page, name: 'Month' | 'Week' | 'Day') =>
  page.getByRole('group', { name: 'View' }).getByRole('button', { name, exact: true });

const filter = (page: Page, name: RegExp) => page.getByRole('group', { name: 'Show' }).getByRole('button', { name });

test.describe('calendar', () => {
  test('a task shows on its day in the month, week and day views and opens its details', async ({
    page,
    signedIn: _,
  }) => {
    test.slow();
    const day = await localDay(page, 15, 10);
    const activityDay = await localDay(page, 16, 14);
    const taskName = unique('Send contract');
    const activityName = unique('Call Ada');
    await createTask(page, taskName, day.iso);
    const dealName = await createActivity(page, activityName, activityDay.iso);

    const calendarRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/calendar') calendarRequests.push(request.url());
    });
    await page.goto('/app/calendar');
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: day.thisMonth })).toBeVisible();

    // Month view: 42 days from a Sunday, the task in its day's cell.
    const month = page.getByRole('table', { name: day.thisMonth });
    await expect(month.getByRole('cell')).toHaveCount(42);
    await expect(month.getByRole('columnheader').first()).toHaveText('Sun');
    const cell = month.getByRole('cell', { name: day.label, exact: true });
    await expect(cell.getByRole('button', { name: taskName })).toBeVisible();
    await expect(cell.getByRole('button', { name: taskName })).toHaveAccessibleName(`10:00 AM ${taskName}`);
    await expect(
      month.getByRole('cell', { name: activityDay.label, exact: true }).getByRole('button', { name: activityName }),
    ).toBeVisible();
    await expect(month.locator('[aria-current="date"]')).toHaveCount(1);
    // One request for the whole month, whatever it shows.
    expect(calendarRequests).toHaveLength(1);
    const asked = new URL(calendarRequests[0]!).searchParams;
    expect((Date.parse(asked.get('to')!) - Date.parse(asked.get('from')!)) / 3_600_000).toBeGreaterThanOrEqual(
      42 * 24 - 1,
    );

    // The filter bar counts the range; filtering keeps to the one response.
    await expect(filter(page, /^All/)).toHaveAttribute('aria-pressed', 'true');
    await expect(filter(page, /^All/)).toContainText('2');
    await expect(filter(page, /^Tasks/)).toContainText('1');
    await expect(filter(page, /^Activities/)).toContainText('1');
    await expect(filter(page, /^Appointments/)).toContainText('0');
    await filter(page, /^Tasks/).click();
    await expect(filter(page, /^Tasks/)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: activityName })).toHaveCount(0);
    await expect(cell.getByRole('button', { name: taskName })).toBeVisible();
    await filter(page, /^Activities/).click();
    await expect(page.getByRole('button', { name: taskName })).toHaveCount(0);
    await filter(page, /^All/).click();
    expect(calendarRequests).toHaveLength(1);

    // An activity opens its details.
    await page.getByRole('button', { name: activityName }).click();
    const details = page.getByRole('dialog', { name: 'Activity' });
    await expect(details.getByText('Make a call', { exact: true })).toBeVisible();
    await expect(details.getByText(activityName)).toBeVisible();
    await expect(details.getByText(/^[A-Z][a-z]{2} 16, \d{4} 2:00 PM$/)).toBeVisible();
    await expect(details.getByText('high', { exact: true })).toBeVisible();
    await expect(details.getByText('pending', { exact: true })).toBeVisible();
    await expect(details.getByRole('link', { name: dealName })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    // Week view, opened at 8:00, the task in the 10:00 row of its day.
    await viewButton(page, 'Week').click();
    await expect(viewButton(page, 'Week')).toHaveAttribute('aria-pressed', 'true');
    for (let i = 0; i < Math.abs(day.weeksAway); i += 1) {
      await page.getByRole('button', { name: day.weeksAway > 0 ? 'Next week' : 'Previous week' }).click();
    }
    const tenOClock = page.getByRole('row', { name: '10:00 AM', exact: true });
    const slot = tenOClock.getByRole('cell', { name: `${day.label}, 10:00 AM`, exact: true });
    await expect(slot.getByRole('button', { name: taskName })).toBeVisible();
    await expect(page.getByRole('row', { name: '8:00 AM', exact: true })).toBeInViewport();
    await expect(page.getByRole('row', { name: '12:00 AM', exact: true })).not.toBeInViewport();
    const hours = page.getByRole('region', { name: 'Hours' });
    expect((await hours.boundingBox())!.height).toBeLessThanOrEqual(600);

    // A task opens the tasks screen's "Task Details" editor.
    await slot.getByRole('button', { name: taskName }).click();
    const taskDialog = page.getByRole('dialog', { name: 'Task Details' });
    await expect(taskDialog.getByLabel('Name')).toHaveValue(taskName);
    await page.keyboard.press('Escape');
    await expect(taskDialog).toBeHidden();

    // Back to the month, then a day's own view from its cell.
    await viewButton(page, 'Month').click();
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await page.getByRole('button', { name: `Show ${day.label}` }).click();
    await expect(page.getByRole('heading', { level: 2, name: day.label })).toBeVisible();
    await expect(
      page.getByRole('row', { name: '10:00 AM', exact: true }).getByRole('button', { name: taskName }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next day' })).toBeVisible();

    // Previous and next month, and back to today.
    await viewButton(page, 'Month').click();
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page.getByRole('heading', { level: 2, name: day.nextMonth })).toBeVisible();
    await expect(page.getByRole('table', { name: day.nextMonth })).toBeVisible();
    await expect(page.getByRole('button', { name: taskName })).toHaveCount(0);
    await page.getByRole('button', { name: 'Previous month' }).click();
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(page.getByRole('heading', { level: 2, name: day.lastMonth })).toBeVisible();
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: day.thisMonth })).toBeVisible();
    await expect(
      page.getByRole('cell', { name: day.label, exact: true }).getByRole('button', { name: taskName }),
    ).toBeVisible();
  });

  test('a day with many events lists three and opens the rest in its day view', async ({ page, signedIn: _ }) => {
    const day = await localDay(page, 12, 9);
    const names = Array.from({ length: 5 }, (_, i) => `Task ${i + 1} ${unique('x')}`);
    for (const [i, name] of names.entries()) {
      const due = new Date(Date.parse(day.iso) + i * 3_600_000).toISOString();
      await createTask(page, name, due);
    }
    await page.goto('/app/calendar');
    const cell = page.getByRole('cell', { name: day.label, exact: true });
    await expect(cell.getByRole('button', { name: names[2]! })).toBeVisible();
    await expect(cell.getByRole('button', { name: names[3]! })).toHaveCount(0);
    // The month asks for a few events a day and each day's counts: a filter counts its own kind.
    await filter(page, /^Appointments/).click();
    await expect(cell.getByRole('button', { name: names[0]! })).toHaveCount(0);
    await expect(cell.getByRole('button', { name: /more/ })).toHaveCount(0);
    await filter(page, /^Tasks/).click();
    await expect(cell.getByRole('button', { name: names[0]! })).toBeVisible();
    await cell.getByRole('button', { name: /\+2 more/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: day.label })).toBeVisible();
    for (const name of names) await expect(page.getByRole('button', { name })).toBeVisible();
  });

  test('a failed load says so, and the screen offers a retry', async ({ page, signedIn: _ }) => {
    await page.route(
      (url) => url.pathname === '/api/calendar',
      (route) => route.fulfill({ status: 500, json: { error: 'boom' } }),
    );
    await page.goto('/app/calendar');
    // A server error is retried twice with backoff before the screen gives up: allow for a loaded machine.
    await expect(
      page.getByRole('status').filter({ hasText: 'Failed to load activities and appointments' }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Retry', exact: true })).toBeVisible();
  });

  test('on a phone the month fits the screen and the week scrolls inside its own area', async ({
    page,
    signedIn: _,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const day = await localDay(page, 15, 10);
    await createTask(page, unique('A task with a rather long name that must be cut'), day.iso);
    await createActivity(page, unique('Call someone about the renewal'), day.iso);
    await page.goto('/app/calendar');
    const cell = page.getByRole('cell', { name: day.label, exact: true });
    await expect(cell.getByRole('button')).toHaveCount(3);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const table = await page.getByRole('table').boundingBox();
    expect(table!.x + table!.width).toBeLessThanOrEqual(390);
    await viewButton(page, 'Week').click();
    await expect(page.getByRole('region', { name: 'Hours' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await viewButton(page, 'Day').click();
    await expect(page.getByRole('row', { name: '8:00 AM', exact: true })).toBeInViewport();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});

for (const mode of ['dark', 'light'] as const) {
  test(`calendar screens pass axe in the ${mode} theme`, async ({ page, signedIn: _ }) => {
    // Four full axe runs: each takes seconds of CPU on a busy two-core machine.
    test.slow();
    await page.addInitScript((value) => {
      localStorage.setItem('theme-storage', JSON.stringify({ state: { mode: value }, version: 0 }));
    }, mode);
    const day = await localDay(page, 15, 10);
    await createTask(page, unique('Send contract'), day.iso);
    const activityName = unique('Call Ada');
    await createActivity(page, activityName, day.iso);
    await page.goto('/app/calendar');
    await expect(page.getByRole('button', { name: activityName })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: activityName }).click();
    await expect(page.getByRole('dialog', { name: 'Activity' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await viewButton(page, 'Week').click();
    await expect(page.getByRole('region', { name: 'Hours' })).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.goto('/app/settings/calendar');
    await expect(page.getByLabel('Subscription URL')).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}
