import type { Page } from '@playwright/test';
import { calendarBusyText } from '@common/calendar';
import { caldavMessages as words } from '@common/calendar-caldav';
import { caldavTestAccount, makeTestCalendar, putTestEvent } from '../server/src/test/caldav-kit';
import { expect, test, unique } from './support/fixtures';
import { expectNoSeriousViolations, toast } from './support/helpers';

// External busy blocks on the calendar screen (issue 31): an event of a read calendar on the test CalDAV server
// (scripts/caldav-server.sh) shows as "Busy" at its time, its title only once the user chooses "show titles".

const account = caldavTestAccount();
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const utc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** Tomorrow 10:00 to 11:00 as the browser reads it, the day as the address names it, and its cell's label. */
const tomorrowAtTen = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 10);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      start: start.toISOString(),
      end: new Date(start.getTime() + 3_600_000).toISOString(),
      date: `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`,
      label: start.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
    };
  });

test.describe('calendar busy blocks', () => {
  test.skip(!account, 'needs the test CalDAV server (CALDAV_TEST_URL)');

  test('an event of a read calendar shows as a busy block, its title only when the user shows titles', async ({
    page,
    signedIn: _,
  }) => {
    test.slow();
    const alice = account!;
    const familyName = unique('Family');
    const workName = unique('Work');
    await makeTestCalendar(alice, workName);
    const family = await makeTestCalendar(alice, familyName);
    const when = await tomorrowAtTen(page);
    const summary = unique('Dentist');
    await putTestEvent(
      alice,
      family,
      'dentist',
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Test//EN',
        'BEGIN:VEVENT',
        `UID:${summary}`,
        `DTSTAMP:${utc(new Date().toISOString())}`,
        `DTSTART:${utc(when.start)}`,
        `DTEND:${utc(when.end)}`,
        `SUMMARY:${summary}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );

    await page.goto('/app/settings/calendar');
    const card = page.getByRole('form', { name: words.title });
    await card.getByLabel(words.serverUrl).fill(alice.serverUrl);
    await card.getByLabel(words.username).fill(alice.username);
    await card.getByLabel(words.appPassword).fill(alice.password);
    await card.getByRole('button', { name: words.testConnection }).click();
    await expect(card.getByText(words.testOk)).toBeVisible();
    await card.getByLabel(words.publishTo).selectOption({ label: workName });
    await card.getByRole('group', { name: words.readFrom }).getByLabel(familyName).check();
    await card.getByRole('button', { name: words.save, exact: true }).click();
    await expect(toast(page, words.saved)).toBeVisible();

    // The day view: a busy block named by its time, and "Busy" rather than the event's title.
    const blockName = `10:00 AM – 11:00 AM ${calendarBusyText.label}`;
    const block = page.getByRole('button', { name: blockName });
    // The sync runs in the background: the screen shows the block once a sync has read the calendar.
    await expect(async () => {
      await page.goto(`/app/calendar?view=day&date=${when.date}`);
      await expect(block).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByText(summary)).toHaveCount(0);
    await block.focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: calendarBusyText.details });
    await expect(details).toContainText('10:00 AM');
    await expectNoSeriousViolations(page);
    // Closed from the keyboard, as it was opened.
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    // The month view, on a phone: the block in its day's cell, nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/app/calendar?date=${when.date}`);
    await expect(
      page.getByRole('cell', { name: when.label, exact: true }).getByRole('button', { name: blockName }),
    ).toBeVisible();
    await expectNoSeriousViolations(page);
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
    // Under Tasks the busy block is hidden; under Appointments it stays.
    await page
      .getByRole('group', { name: 'Show' })
      .getByRole('button', { name: /^Tasks/ })
      .click();
    await expect(page.getByRole('button', { name: blockName })).toHaveCount(0);
    await page
      .getByRole('group', { name: 'Show' })
      .getByRole('button', { name: /^Appointments/ })
      .click();
    await expect(page.getByRole('button', { name: blockName })).toBeVisible();

    // Titles shown: the event's own.
    await page.goto('/app/settings/calendar');
    await page.getByRole('button', { name: words.edit, exact: true }).click();
    await page.getByRole('form', { name: words.title }).getByLabel(words.showTitles).check();
    await page.getByRole('form', { name: words.title }).getByRole('button', { name: words.save, exact: true }).click();
    await expect(toast(page, words.saved)).toBeVisible();
    await page.goto(`/app/calendar?view=day&date=${when.date}`);
    await expect(page.getByRole('button', { name: `10:00 AM – 11:00 AM ${summary}` })).toBeVisible();
  });
});
